// Withdraw USDT (wallet balance) or FREE (airdrop balance) to the bound wallet, each coin with its
// own limits (POST /api/user/withdraw/apply with an Idempotency-Key) and the
// withdrawal records with their states (queued … waiting for on-chain confirmation, confirmed with
// its transaction hash, in review by an operator, failed / refunded with the operator's reason).
import type { ConfigData, UserProfile, WithdrawCoin, WithdrawItem } from '@free/protocol/api/index';
import { WITHDRAW_COINS } from '@free/protocol/api/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { useMe } from '../../api/user';
import { useFollowPendingWithdrawals, useWithdraw, WITHDRAW_LIST } from '../../api/wallet';
import { ShortAddress } from '../../components/Address';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import type { AmountRules } from '../../components/AmountInput';
import { Stat } from '../../components/LinkRows';
import { RecordList } from '../../components/RecordList';
import { showToast } from '../../components/toast';
import { useSession } from '../../session/store';
import './mine.css';
import { TxHash } from './TxHash';

/** The label key and tone of a withdrawal's state: queued/signed/broadcast wait for the chain. */
export function withdrawStateView(row: Pick<WithdrawItem, 'state' | 'pending'>): {
  key: string;
  tone: '' | 'is-warning' | 'is-success';
} {
  if (row.state === 'confirmed') return { key: 'state.confirmed', tone: 'is-success' };
  if (row.state === 'review') return { key: 'state.review', tone: 'is-warning' };
  if (row.state === 'failed' || row.state === 'refunded') return { key: `state.${row.state}`, tone: '' };
  return { key: 'state.pending', tone: 'is-warning' };
}

function WithdrawLine({ row }: { row: WithdrawItem }) {
  const { t } = useTranslation();
  const view = withdrawStateView(row);
  return (
    <div className="record" data-testid="withdraw-record">
      <div className="record-main">
        <span className="record-kind">{t('kind.withdraw')}</span>
        <Amount value={row.amount} token={row.coin === 'FREE' ? 'FREE' : 'USDT'} />
      </div>
      <div className="record-sub muted">
        <DateTime value={row.confirmedAt ?? row.createdAt} />
        <span className={`badge ${view.tone}`}>{t(view.key)}</span>
      </div>
      {row.rejectReason && (
        <div className="record-sub muted" data-testid="withdraw-reject-reason">
          {t('withdraw.rejected', { reason: row.rejectReason })}
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

/**
 * What a coin's withdrawal draws on and is limited by: USDT the wallet balance, FREE the airdrop
 * balance, each with its own minimum and maximum from the config (null maximum: none).
 */
export function withdrawTerms(
  coin: WithdrawCoin,
  balances: UserProfile['balances'] | undefined,
  limits: Partial<ConfigData['limits']> | undefined,
): { available: string | undefined; min: string | undefined; max: string | null | undefined } {
  const own = limits?.withdraw?.[coin];
  return {
    available: coin === 'FREE' ? balances?.airdrop.FREE : balances?.wallet.USDT,
    min: own?.min,
    max: own?.max,
  };
}

export default function Extract() {
  const { t } = useTranslation();
  const signed = useSession();
  const me = useMe();
  const config = useConfig().data;
  useFollowPendingWithdrawals();
  const [coin, setCoin] = useState<WithdrawCoin>('USDT');
  const [amount, setAmount] = useState('');
  const terms = withdrawTerms(coin, me.data?.balances, config?.limits);
  const rules: AmountRules = {
    kind: 'withdraw',
    balance: toWei(terms.available) ?? undefined,
    min: toWei(terms.min) ?? undefined,
    max: toWei(terms.max ?? undefined) ?? undefined,
  };
  const open = config ? config.modules.withdraw !== false : true;
  const withdraw = useWithdraw(() => showToast(t('toast.withdrawn'), 'success'));
  return (
    <div className="page">
      <section className="card card-stack">
        <nav className="chips" aria-label={t('withdraw.coin')}>
          {WITHDRAW_COINS.map((c) => (
            <button
              key={c}
              type="button"
              data-testid={`withdraw-coin-${c}`}
              aria-pressed={coin === c}
              className={`chip${coin === c ? ' is-active' : ''}`}
              onClick={() => {
                setCoin(c);
                setAmount('');
              }}
            >
              {c === 'FREE' ? t('withdraw.coinFree') : t('withdraw.coinUsdt')}
            </button>
          ))}
        </nav>
        <div className="stats">
          <Stat label={coin === 'FREE' ? t('withdraw.availableAirdrop') : t('withdraw.available')}>
            <span data-testid="withdraw-available">
              <Amount value={terms.available} token={coin} />
            </span>
          </Stat>
          <Stat label={t('withdraw.min')}>
            <span data-testid="withdraw-min">
              {terms.min ? <Amount value={terms.min} token={coin} /> : '—'}
            </span>
          </Stat>
          <Stat label={t('withdraw.max')}>
            <span data-testid="withdraw-max">
              {terms.max ? <Amount value={terms.max} token={coin} /> : t('withdraw.noMax')}
            </span>
          </Stat>
          <Stat label={t('withdraw.to')}>
            {signed ? <ShortAddress address={signed.user.address} /> : '—'}
          </Stat>
        </div>
        {!open && <p className="notice">{t('module.notOpen')}</p>}
        {open && (
          <>
            <AmountForm
              value={amount}
              onChange={setAmount}
              rules={rules}
              placeholder={t('amount.withdrawPlaceholder')}
              actions={[
                {
                  label: t('action.withdraw'),
                  testId: 'withdraw-submit',
                  busy: withdraw.isPending,
                  onSubmit: (value) => withdraw.mutateAsync({ amount: value, coin }),
                },
              ]}
            />
            <p className="muted">{t('withdraw.boundOnly')}</p>
          </>
        )}
      </section>
      <h2 className="section-title">{t('withdraw.records')}</h2>
      <RecordList route={WITHDRAW_LIST} renderItem={(row) => <WithdrawLine row={row} />} />
    </div>
  );
}
