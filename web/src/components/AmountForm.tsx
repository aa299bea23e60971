// The amount + submit block every money form shares: AmountInput's cleaning and prompts, the prompt
// shown after the first tap, an optional confirmation, and the field cleared once the action is done.
// A submit that is not a plain button (a contract transaction's TxButton) takes the `submit` slot.
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, type AmountRules, amountProblem } from './AmountInput';

export interface AmountAction {
  label: ReactNode;
  /** Resolves when the action is done (clears the field), rejects when it failed (keeps it). */
  onSubmit: (amount: string) => Promise<unknown>;
  busy?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

export function AmountForm({
  value,
  onChange,
  rules,
  token = 'USDT',
  placeholder,
  actions = [],
  submit,
  ready = true,
  before,
  confirm,
  clearOnSuccess = true,
  actionsClassName,
  children,
}: {
  value: string;
  onChange: (next: string) => void;
  rules: AmountRules;
  token?: string;
  placeholder?: string;
  /** One button per action (most forms have one; a bet has up and down). */
  actions?: readonly AmountAction[];
  /**
   * Rendered instead of the action buttons: a submit of its own (a TxButton, a sign-in call, a
   * notice). It calls `showPrompt` when tapped, so an amount that cannot be sent says why.
   */
  submit?: (showPrompt: () => void) => ReactNode;
  /** False while something besides the amount stops the submit (the reserve does not cover it). */
  ready?: boolean;
  /** Checked before the amount (e.g. signed in); false stops the submit. */
  before?: () => boolean;
  /** Asked once the amount is valid; false stops the submit. */
  confirm?: (amount: string) => Promise<boolean>;
  /** Clear the field once the action is done (a recharge keeps it until the order is paid). */
  clearOnSuccess?: boolean;
  /** The row holding several buttons (a bet's up and down). */
  actionsClassName?: string;
  /** Notes between the field and the buttons. */
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  // A field cleared from outside (done, or a new order) starts without a prompt again.
  useEffect(() => {
    if (value === '') setSubmitted(false);
  }, [value]);

  const send = async (action: AmountAction) => {
    if (before && !before()) return;
    setSubmitted(true);
    if (amountProblem(value, rules, i18n.language) !== null || !ready) return;
    if (confirm && !(await confirm(value))) return;
    try {
      await action.onSubmit(value);
    } catch {
      return; // the client has shown why; the amount stays for another try
    }
    if (clearOnSuccess) onChange('');
    setSubmitted(false);
  };

  const single = actions.length === 1;
  const buttons = actions.map((action, i) => (
    <Button
      // biome-ignore lint/suspicious/noArrayIndexKey: the actions of a form are fixed
      key={i}
      block={single}
      color={single ? 'primary' : undefined}
      shape="rounded"
      size={single ? 'large' : undefined}
      className={action.className}
      data-testid={action.testId}
      loading={action.busy}
      disabled={action.disabled}
      onClick={() => void send(action)}
    >
      {action.label}
    </Button>
  ));
  return (
    <>
      <AmountInput
        value={value}
        onChange={onChange}
        rules={rules}
        token={token}
        showError={submitted}
        placeholder={placeholder}
      />
      {children}
      {submit ? (
        submit(() => setSubmitted(true))
      ) : single ? (
        buttons
      ) : (
        <div className={actionsClassName}>{buttons}</div>
      )}
    </>
  );
}
