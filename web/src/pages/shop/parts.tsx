// Small pieces of the Market Maker pages: dates, order status, cycle progress.
import type { StakeOrder } from '@free/protocol/api/product-money';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/Amount';
import './shop.css';

/**
 * A date and time in the reader's language. Not forced left-to-right: Arabic dates carry their own
 * direction marks, and an LTR box scrambles them.
 */
export function When({ value }: { value: string | Date | null | undefined }) {
  const { i18n } = useTranslation();
  const d = value === null || value === undefined ? null : new Date(value);
  if (!d || Number.isNaN(d.getTime())) return <span>—</span>;
  return (
    <time dateTime={d.toISOString()} className="num">
      {formatDateTime(d, i18n.language)}
    </time>
  );
}

export function StatusTag({ status }: { status: StakeOrder['status'] }) {
  const { t } = useTranslation();
  return <span className={`status-tag is-${status}`}>{t(`shop.status.${status}`)}</span>;
}

export function Progress({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, value));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span style={{ inlineSize: `${pct}%` }} />
    </div>
  );
}
