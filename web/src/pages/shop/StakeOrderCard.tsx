// One staking order (balance or on-chain): its date, what was paid and the fee, figures, countdown
// to maturity, progress, and the action a matured order allows: unstake or renew on chain, or
// redeem or renew a balance order (renewal into the cycle picked, its terms shown first); an open
// on-chain stake's auto-renew choice.
import { stakingAbi } from '@free/protocol/abi/generated/staking';
import type { StakeOrder } from '@free/protocol/api/index';
import { Button, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import {
  useChainAutoRenew,
  useOnStakeMined,
  useRedeemStake,
  useRenewStake,
  useStakingState,
} from '../../api/staking';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { Countdown } from '../../components/Countdown';
import { Stat } from '../../components/LinkRows';
import { TxButton } from '../../components/TxButton';
import { showToast } from '../../components/toast';
import { Progress, StatusTag } from './parts';
import type { ChainRecord } from './stake';
import './shop.css';

/**
 * The `unstake` arguments of a matured on-chain order: the record index the server took from the
 * stake's Staked event — never guessed from amount, cycle and time, which two stakes can share.
 * None when the order is not an on-chain one or its record is already redeemed in the contract.
 */
export function unstakeArgs(
  order: Pick<StakeOrder, 'source' | 'chainIndex'>,
  chainRecords?: readonly ChainRecord[],
): readonly [bigint] | null {
  if (order.source !== 'chain' || order.chainIndex === null) return null;
  const index = order.chainIndex;
  if (chainRecords?.find((r) => r.index === index)?.redeemed === true) return null;
  return [BigInt(index)];
}

/**
 * The `renew` arguments of a matured on-chain order: its record, the cycle the user picked (the
 * contract renews into any offered cycle; the card starts on the same one), and that cycle's current
 * rate as the lowest rate accepted (the rate the card shows; a renewal pays no fee). None when
 * unstake is not possible either, or the cycle's rate is not known yet.
 */
export function renewArgs(
  order: Pick<StakeOrder, 'source' | 'chainIndex'>,
  chainRecords: readonly ChainRecord[] | undefined,
  into: { index: number; ratePpm: number } | undefined,
): readonly [bigint, number, number] | null {
  const unstake = unstakeArgs(order, chainRecords);
  if (!unstake || into === undefined) return null;
  return [unstake[0], into.index, into.ratePpm];
}

/** A cycle a matured order can renew into, with its current terms. */
type RenewCycle = { index: number; days: number; ratePpm: number };

export function StakeOrderCard({
  order,
  chainRecords,
}: {
  order: StakeOrder;
  /** the user's records in the contract, by index: a record already redeemed offers no unstake */
  chainRecords?: readonly ChainRecord[];
}) {
  const { t, i18n } = useTranslation();
  const stakeMined = useOnStakeMined();
  const config = useConfig().data;
  const contracts = config?.contracts ?? null;
  const redeem = useRedeemStake(() => showToast(t('shop.redeemSuccess'), 'success'));
  const renewBalance = useRenewStake(() => showToast(t('shop.renewBalanceSuccess'), 'success'));
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const orderDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const unstake = unstakeArgs(order, chainRecords);
  const isChain = order.source === 'chain';
  const chainCycles = useStakingState().data?.cycles;
  // a balance order renews into the server's cycles (the `cycles` setting), an on-chain one into
  // the contract's
  const cycles: readonly RenewCycle[] | undefined = isChain
    ? chainCycles
    : config?.cycles.map((c) => ({ index: c.index, days: c.days, ratePpm: c.rate_ppm }));
  // the cycle a renewal starts: the user's pick, the order's own until they pick
  const [renewTo, setRenewTo] = useState<number | null>(null);
  const renewCycle = cycles?.find((c) => c.index === (renewTo ?? order.cycle));
  const renew = renewArgs(order, chainRecords, isChain ? renewCycle : undefined);
  const balanceRenewable = !isChain && order.status === 'matured' && order.redeemable && renewCycle;
  const autoRenew = useChainAutoRenew(() => showToast(t('shop.autoRenewSaved'), 'success'));
  const open = order.status === 'active' || order.status === 'matured';
  const bonus = toWei(order.bonusFcc) ?? 0n;

  return (
    <article className="stake-order">
      <div className="stake-order-head">
        <span>
          <bdi dir="ltr" className="num">
            {order.number}
          </bdi>{' '}
          <span className="muted small">
            {order.source === 'chain' ? t('shop.onChain') : t('shop.withBalance')}
          </span>
        </span>
        <StatusTag status={order.status} />
      </div>
      <div className="stats">
        <Stat label={t('shop.orderDate')}>
          <time dateTime={order.pledgeTime} className="num" data-testid="order-date">
            {orderDate.format(new Date(order.pledgeTime))}
          </time>
        </Stat>
        <Stat label={t('shop.amountPaid')}>
          <span data-testid="order-amount">
            <Amount value={order.amount} token="USDT" />
          </span>
        </Stat>
        <Stat label={t('shop.fee')}>
          <span data-testid="order-fee">
            <Amount value={order.fee} token="USDT" />
          </span>
        </Stat>
        <Stat label={t('shop.principal')}>
          <Amount value={order.principal} token="USDT" />
        </Stat>
        <Stat label={t('shop.reward')}>
          <Amount value={order.reward} token="USDT" />
        </Stat>
        <Stat label={t('shop.currentProfit')}>
          <Amount value={order.currentProfit} token="USDT" />
        </Stat>
        <Stat label={t('shop.totalRevenue')}>
          <Amount value={order.totalRevenue} token="USDT" />
        </Stat>
        <Stat label={t('shop.cycle')}>
          {t('shop.cycleDays', { count: order.cycleDays })} ·{' '}
          <bdi dir="ltr">{pct.format(order.ratePpm / 1_000_000)}</bdi>
        </Stat>
        {bonus > 0n && (
          <Stat label={t('shop.bonusFcc')}>
            <Amount value={bonus} token="FCC" />
          </Stat>
        )}
        <Stat label={t('shop.pledgeTime')}>
          <DateTime value={order.pledgeTime} />
        </Stat>
        <Stat label={t('shop.dueTime')}>
          <DateTime value={order.dueTime} />
        </Stat>
      </div>
      {order.status === 'active' && (
        <p className="muted small">
          {t('shop.maturesIn')} <Countdown end={order.dueTime} format="dhms" />
        </p>
      )}
      {order.autoRenew && !isChain && <p className="muted small">{t('shop.autoRenew')}</p>}
      {isChain && open && (
        <div className="stake-order-switch">
          <span>{t('shop.autoRenew')}</span>
          <Switch
            checked={
              autoRenew.isPending ? (autoRenew.variables?.autoRenew ?? order.autoRenew) : order.autoRenew
            }
            loading={autoRenew.isPending}
            aria-label={t('shop.autoRenew')}
            onChange={(on) => autoRenew.mutate({ orderId: order.id, autoRenew: on })}
          />
        </div>
      )}
      {isChain && order.status === 'matured' && order.autoRenew && renew && (
        <p className="small" role="status">
          {t('shop.renewDue')}
        </p>
      )}
      {((isChain && order.status === 'matured' && renew) || balanceRenewable) && renewCycle && cycles && (
        <>
          <fieldset className="renew-into" data-testid="renew-into">
            <legend className="small">{t('shop.renewInto')}</legend>
            {cycles.map((c) => (
              <label key={c.index} className="chip">
                <input
                  type="radio"
                  name={`renew-${order.id}`}
                  value={c.index}
                  checked={c.index === renewCycle.index}
                  onChange={() => setRenewTo(c.index)}
                />{' '}
                {t('shop.cycleDays', { count: c.days })}
              </label>
            ))}
          </fieldset>
          <p className="muted small" data-testid="renew-terms">
            {t(isChain ? 'shop.renewTerms' : 'shop.renewBalanceTerms', {
              rate: pct.format(renewCycle.ratePpm / 1_000_000),
              count: renewCycle.days,
            })}
          </p>
        </>
      )}
      <Progress value={order.progress} label={t('shop.progress')} />
      {order.status === 'matured' && order.source === 'balance' && order.redeemable && (
        <Button
          block
          color="primary"
          shape="rounded"
          loading={redeem.isPending}
          disabled={renewBalance.isPending}
          onClick={() => redeem.mutate({ orderId: order.id })}
        >
          {t('shop.redeem')}
        </Button>
      )}
      {balanceRenewable && (
        <Button
          block
          shape="rounded"
          loading={renewBalance.isPending}
          disabled={redeem.isPending}
          onClick={() =>
            renewBalance.mutate({
              orderId: order.id,
              stakeIndex: balanceRenewable.index,
              minRatePpm: balanceRenewable.ratePpm,
            })
          }
        >
          {t('shop.renew')}
        </Button>
      )}
      {order.status === 'matured' && order.source === 'chain' && contracts && unstake && (
        <TxButton
          id={`shop:unstake:${order.id}`}
          prepare={() => ({
            address: contracts.staking,
            abi: stakingAbi,
            functionName: 'unstake',
            args: unstake,
          })}
          onConfirmed={() => {
            showToast(t('shop.redeemSuccess'), 'success');
            stakeMined();
          }}
        >
          {t('shop.unstake')}
        </TxButton>
      )}
      {order.status === 'matured' && isChain && contracts && renew && (
        <TxButton
          id={`shop:renew:${order.id}`}
          prepare={() => ({
            address: contracts.staking,
            abi: stakingAbi,
            functionName: 'renew',
            args: renew,
          })}
          onConfirmed={() => {
            showToast(t('shop.renewSuccess'), 'success');
            stakeMined();
          }}
        >
          {t('shop.renew')}
        </TxButton>
      )}
    </article>
  );
}
