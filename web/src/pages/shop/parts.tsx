// Small pieces of the Market Maker pages: order status, cycle progress.
import type { StakeOrder } from '@free/protocol/api/index';
import { useTranslation } from 'react-i18next';
import './shop.css';

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
