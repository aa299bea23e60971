// One burn record: type and level, FREE burned, USDT equivalent, time, its on-chain state, and the
// burn transaction once there is one (an off-chain burn gets it when the burn job signs it).
import type { BurnRecord } from '@free/protocol/api/index';
import { useTranslation } from 'react-i18next';
import { Amount, DateTime } from '../../components/Amount';
import { TxHash } from './TxHash';

export function BurnLine({ row }: { row: BurnRecord }) {
  const { t, i18n } = useTranslation();
  const type = i18n.exists(`kind.${row.type}`) ? t(`kind.${row.type}`) : t('record.other');
  return (
    <div className="record" data-testid="burn-record">
      <div className="record-main">
        <span className="record-kind">
          {type}{' '}
          <span className="badge">
            {t('fire.burnLevel')} <bdi dir="ltr">{row.level}</bdi>
          </span>
        </span>
        <Amount value={row.quantity} token="FREE" />
      </div>
      <div className="record-sub muted">
        <DateTime value={row.time} />
        <span>
          ≈ <Amount value={row.usdt} token="USDT" />
        </span>
        <span className={row.pending ? 'badge is-warning' : 'badge is-success'}>
          {row.pending ? t('state.pending') : t('state.confirmed')}
        </span>
        {row.txHash && <TxHash hash={row.txHash} />}
      </div>
    </div>
  );
}
