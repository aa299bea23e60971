// Chain pool orders of the signed-in user (GET /api/user/pool/orders): amount, burn, price, level.
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { Amount, DateTime } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';

export default function OrderList() {
  const { t, i18n } = useTranslation();
  return (
    <div className="page">
      <RecordList
        route={routes.getUserPoolOrders}
        renderItem={(row) => (
          <div className="record">
            <div className="record-main">
              <span className="record-kind">
                {t('pool.order')} <bdi dir="ltr">#{String(row.id ?? '')}</bdi>
              </span>
              <Amount value={row.amount} token="USDT" />
            </div>
            <div className="record-sub muted">
              <span>
                {t('pool.burnValue')} <Amount value={row.burnValue as string} token="USDT" />
              </span>
              <span>
                {t('pool.freeBurned')} <Amount value={row.freeBurned as string} token="FREE" />
              </span>
            </div>
            <div className="record-sub muted">
              <span>
                {t('pool.freePrice')} <Amount value={row.freePrice as string} token="USDT" maxFraction={6} />
              </span>
              <span>{t('pool.levelN', { level: Number(row.level ?? 0) })}</span>
            </div>
            <div className="record-sub muted">
              <DateTime value={row.createdAt} />
              <span>{i18n.exists(`state.${row.state}`) ? t(`state.${row.state}`) : t('state.unknown')}</span>
            </div>
          </div>
        )}
      />
    </div>
  );
}
