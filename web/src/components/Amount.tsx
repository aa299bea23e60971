// Amounts and dates in the reader's locale: protocol formatAmount (rounds down), numbers kept LTR.
import { formatAmount, isAmountError, parseAmount, type Wei } from '@free/protocol/amount';
import { DISPLAY_FRACTION } from '@free/protocol/constants';
import { useTranslation } from 'react-i18next';

export type Token = 'USDT' | 'FREE' | 'FCC';
const MAX_FRACTION: Record<Token, number> = DISPLAY_FRACTION;

/** Wei from a bigint or the API's decimal string ("12.5"); null when unreadable. */
export function toWei(value: Wei | string | null | undefined): Wei | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  const negative = value.trim().startsWith('-');
  const parsed = parseAmount(negative ? value.trim().slice(1) : value);
  if (isAmountError(parsed)) return null;
  return negative ? -parsed : parsed;
}

export function Amount({
  value,
  token,
  maxFraction,
}: {
  value: Wei | string | null | undefined;
  token?: Token;
  maxFraction?: number;
}) {
  const { i18n } = useTranslation();
  const wei = toWei(value);
  const text =
    wei === null
      ? '—'
      : formatAmount(wei, {
          locale: i18n.language,
          maxFraction: maxFraction ?? (token ? MAX_FRACTION[token] : 4),
        });
  return (
    <bdi dir="ltr" className="num">
      {text}
      {token ? ` ${token}` : ''}
    </bdi>
  );
}

export function formatDateTime(value: string | number | Date, locale: string): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/**
 * A date and time in the reader's language and direction. Not forced left-to-right (an Arabic date
 * carries its own direction marks and an LTR box scrambles it): the text is isolated from its
 * surroundings and takes its direction from its own first letters.
 */
export function DateTime({ value }: { value: string | number | Date | null | undefined }) {
  const { i18n } = useTranslation();
  const d = value === null || value === undefined ? null : new Date(value);
  if (!d || Number.isNaN(d.getTime())) return <span>—</span>;
  return (
    <time dateTime={d.toISOString()} dir="auto" className="num">
      {formatDateTime(d, i18n.language)}
    </time>
  );
}

export function Count({ value }: { value: number | null | undefined }) {
  const { i18n } = useTranslation();
  return (
    <bdi dir="ltr" className="num">
      {value === null || value === undefined ? '—' : new Intl.NumberFormat(i18n.language).format(value)}
    </bdi>
  );
}
