// Redemption list: what has been paid back (principal + interest) and what is ready to redeem, then
// every order with its redeemed amount and progress, and interest held back by the daily income budget
// (docs/business-rules.md, income budget) until a later day pays it.
import { isAmountError, parseAmount } from '@free/protocol/amount';
import type { StakeOrder } from '@free/protocol/api/index';
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { useRedemptionTotals } from '../../api/staking';
import { Amount, DateTime } from '../../components/Amount';
import { InfiniteList } from '../../components/InfiniteList';
import { Stat } from '../../components/LinkRows';
import { useSession } from '../../session/store';
import { Progress, StatusTag } from './parts';
import './shop.css';
import { AppLink } from '../../app/link';

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
        route={routes.getUserStakeRedemptions}
        enabled={signed !== null}
        itemKey={(o) => o.id}
        renderItem={(o) => <RedemptionCard order={o} />}
      />
    </div>
  );
}

/** Interest still held on a redeemed order: more than zero once parsed (the API sends "0" otherwise). */
const holdsInterest = (o: StakeOrder) => {
  const v = parseAmount(o.interestHeld);
  return !isAmountError(v) && v > 0n;
};

export function RedemptionCard({ order: o }: { order: StakeOrder }) {
  const { t } = useTranslation();
  return (
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
        {holdsInterest(o) && (
          <Stat label={t('shop.interestHeld')}>
            <Amount value={o.interestHeld} token="USDT" />
          </Stat>
        )}
      </div>
      {holdsInterest(o) && (
        <p className="notice" role="status" data-testid="interest-held">
          {t('shop.interestHeldHint')}
        </p>
      )}
      <Progress value={o.progress} label={t('shop.progress')} />
    </article>
  );
}
