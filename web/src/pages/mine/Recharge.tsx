// Recharge: a backend-signed Payment order (POST /api/user/recharge/create), paid from the wallet
// (USDT approve when needed → Payment.payment), then 'waiting for on-chain confirmation' until the
// indexer credits it (polling /api/user/recharge/list), then 'Recharge Successful'; the records.

import { paymentAbi } from '@free/protocol/abi/generated/payment';
import { parseHex } from '@free/protocol/address';
import type { RechargeOrder } from '@free/protocol/api/index';
import { rechargeExpired } from '@free/protocol/recharge';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { useChainBalances } from '../../api/mine';
import { useMe } from '../../api/user';
import { RECHARGE_LIST, useCreateRecharge, useRechargeCredited } from '../../api/wallet';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import type { AmountRules } from '../../components/AmountInput';
import { Countdown } from '../../components/Countdown';
import { Stat } from '../../components/LinkRows';
import { RecordList } from '../../components/RecordList';
import { TxButton } from '../../components/TxButton';
import { showToast } from '../../components/toast';
import './mine.css';
import { TxHash } from './TxHash';

/** The label key of a recharge order's state: an unpaid order awaits payment, not the chain. */
export function rechargeStateKey(state: RechargeOrder['state']): string {
  if (state === 'pending') return 'recharge.awaitingPayment';
  return `state.${state}`;
}

export function RechargeLine({ row }: { row: RechargeOrder }) {
  const { t } = useTranslation();
  return (
    <div className="record" data-testid="recharge-record">
      <div className="record-main">
        <span className="record-kind">{t('kind.recharge')}</span>
        <Amount value={row.amount} token="USDT" />
      </div>
      <div className="record-sub muted">
        <DateTime value={row.paidAt ?? row.createdAt} />
        <span className={row.state === 'paid' ? 'badge is-success' : 'badge'}>
          {t(rechargeStateKey(row.state))}
        </span>
      </div>
      {row.state === 'paid' && (
        <div className="record-sub muted">
          <span>{t('recharge.credited')}</span>
          <Amount value={row.credit} token="USDT" />
        </div>
      )}
      {row.txHash && (
        <div className="record-sub muted">
          <span>{t('withdraw.txHash')}</span>
          <TxHash hash={row.txHash} />
        </div>
      )}
    </div>
  );
}

const percent = (bps: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);

/**
 * What an order deducts before the user pays: Payment burns a share and returns a share to the
 * payer's address; only the rest reaches the treasury and is credited to the wallet.
 */
export function RechargeDeduction({ order }: { order: RechargeOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="stats" data-testid="recharge-deduction">
      <Stat label={t('recharge.burned', { pct: percent(order.burnBps, i18n.language) })}>
        <Amount value={order.burn} token="USDT" />
      </Stat>
      <Stat label={t('recharge.returnedToAddress', { pct: percent(order.executorRewardBps, i18n.language) })}>
        <Amount value={order.executorReward} token="USDT" />
      </Stat>
      <Stat label={t('recharge.credited')}>
        <Amount value={order.credit} token="USDT" />
      </Stat>
    </div>
  );
}

export default function Recharge() {
  const { t } = useTranslation();
  const config = useConfig().data;
  const me = useMe().data;
  const chain = useChainBalances();
  const [amount, setAmount] = useState('');
  const [waiting, setWaiting] = useState<string | null>(null);
  const rules: AmountRules = { kind: 'recharge', max: toWei(config?.limits.max_recharge) ?? undefined };
  const create = useCreateRecharge();
  const order = create.data;
  useRechargeCredited(waiting, () => {
    showToast(t('toast.recharged'), 'success');
    setWaiting(null);
    create.reset();
    setAmount('');
  });
  const open = config ? config.modules.recharge !== false : true;
  const expired = order ? rechargeExpired(order.endTime, Date.now()) : false;

  return (
    <div className="page">
      <section className="card card-stack">
        <div className="stats">
          <Stat label={t('mine.walletBalance')}>
            <Amount value={me?.balances.wallet.USDT} token="USDT" />
          </Stat>
          <Stat label={t('mine.onChainBalance')}>
            <Amount value={chain.data?.usdt} token="USDT" />
          </Stat>
        </div>
        {!open && <p className="notice">{t('module.notOpen')}</p>}
        {open && !order && (
          <AmountForm
            value={amount}
            onChange={setAmount}
            rules={rules}
            placeholder={t('amount.rechargePlaceholder')}
            clearOnSuccess={false}
            actions={[
              {
                label: t('action.recharge'),
                testId: 'recharge-create',
                busy: create.isPending,
                onSubmit: (value) => create.mutateAsync(value),
              },
            ]}
          />
        )}
        {order && waiting === null && (
          <>
            <div className="notice" role="status">
              <p>
                {t('recharge.orderCreated')} <Amount value={order.amount} token="USDT" />
              </p>
              <p>
                {t('recharge.payWithin')} <Countdown end={order.endTime * 1000} format="ms" />
              </p>
            </div>
            <RechargeDeduction order={order} />
            <TxButton
              id={`recharge:${order.orderId}`}
              disabled={expired}
              approve={{
                token: order.token,
                spender: order.payment,
                amount: BigInt(order.amountWei),
              }}
              prepare={() => ({
                address: order.payment,
                abi: paymentAbi,
                functionName: 'payment',
                args: [
                  parseHex(order.orderId, 'orderId', 32),
                  order.token,
                  BigInt(order.amountWei),
                  BigInt(order.endTime),
                  order.signature,
                ] as const,
              })}
              onConfirmed={() => setWaiting(order.orderId)}
            >
              {t('recharge.pay')}
            </TxButton>
            <Button block shape="rounded" fill="none" onClick={() => create.reset()}>
              {t('recharge.newOrder')}
            </Button>
          </>
        )}
        {waiting !== null && (
          <p className="notice" role="status" data-testid="recharge-waiting">
            {t('state.pending')}
          </p>
        )}
      </section>
      <h2 className="section-title">{t('recharge.records')}</h2>
      <RecordList route={RECHARGE_LIST} renderItem={(row) => <RechargeLine row={row} />} />
    </div>
  );
}
