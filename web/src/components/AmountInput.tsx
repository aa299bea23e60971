// Amount entry: protocol cleaning as the user types, and the limit/balance prompts (docs/business-rules.md "Amounts").
import { type AmountKind, checkAmount, cleanAmountInput, parseAmount, type Wei } from '@free/protocol/amount';
import { errorMessage } from '@free/protocol/errors';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface AmountRules {
  kind: AmountKind;
  min?: Wei;
  max?: Wei;
  balance?: Wei;
  freeBalance?: Wei;
  freeRequired?: Wei;
}

/** The prompt for an amount in the current language, or null when it may be submitted. */
export function amountProblem(value: string, rules: AmountRules, lang: string): string | null {
  const code = checkAmount(parseAmount(value), rules);
  return code === null ? null : errorMessage(code, lang);
}

export function AmountInput({
  value,
  onChange,
  rules,
  token,
  showError = false,
  placeholder,
}: {
  value: string;
  onChange: (next: string) => void;
  rules: AmountRules;
  token?: string;
  /** Show the prompt (after the first submit, or once the user typed). */
  showError?: boolean;
  placeholder?: string;
}) {
  const { t, i18n } = useTranslation();
  const problem = showError || value !== '' ? amountProblem(value, rules, i18n.language) : null;
  return (
    <div className="amount-input">
      <div className="amount-input-row" dir="ltr">
        <Input
          value={value}
          inputMode="decimal"
          placeholder={placeholder ?? t('amount.placeholder')}
          aria-invalid={problem !== null}
          onChange={(text) => onChange(cleanAmountInput(text, { locale: i18n.language, maxDecimals: 18 }))}
        />
        {token && <span className="amount-token">{token}</span>}
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
