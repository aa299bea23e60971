// Redemption list: what has been paid back (principal + interest) and what is ready to redeem, then
// every order with its redeemed amount and progress.
import { useTranslation } from 'react-i18next';
import { useRedemptionTotals } from '../../api/staking';
import { Amount, DateTime } from '../../components/Amount';
import { InfiniteList } from '../../components/InfiniteList';
import { Stat } from '../../components/LinkRows';
import { useSession } from '../../session/store';
import { Progress, StatusTag } from './parts';
import './shop.css';
import { AppLink } from '../../app/link';

const PATH = '/api/user/stake/redemptions';

export default function Redemption() {
  const { t } = useTranslation();
  const signed = useSession();
  const totals = useRedemptionTotals(signed !== null);
  return (
    <div className="page">
      <section className="card">
        <div className="stats">
          <Stat label={t('shop.redeemedTotal')}>
            <Amount value={totals.data?.redeemedTotal} token="USDT" />
          </Stat>
          <Stat label={t('shop.redeemableTotal')}>
            <Amount value={totals.data?.redeemableTotal} token="USDT" />
          </Stat>
        </div>
        <p className="muted small">
          {t('shop.redeemHint')} <AppLink to="/pages/shop/order">{t('page.stakeOrders')}</AppLink>
        </p>
      </section>
      <InfiniteList
        path={PATH}
        enabled={signed !== null}
        itemKey={(o) => o.id}
        renderItem={(o) => (
          <article className="stake-order">
            <div className="stake-order-head">
              <bdi dir="ltr" className="num">
                {o.number}
              </bdi>
              <StatusTag status={o.status} />
            </div>
            <div className="stats">
              <Stat label={t('shop.principal')}>
                <Amount value={o.principal} token="USDT" />
              </Stat>
              <Stat label={t('shop.redeemedAmount')}>
                <Amount value={o.redeemedAmount ?? '0'} token="USDT" />
              </Stat>
              <Stat label={t('shop.dueTime')}>
                <DateTime value={o.dueTime} />
              </Stat>
              <Stat label={t('shop.redeemedAt')}>
                <DateTime value={o.redeemedAt} />
              </Stat>
            </div>
            <Progress value={o.progress} label={t('shop.progress')} />
          </article>
        )}
      />
    </div>
  );
}
