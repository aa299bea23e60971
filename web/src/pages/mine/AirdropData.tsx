// Airdrop data (GET /api/user/airdrop?kind=): allocation, released, today/yesterday, unlock and end
// time with the countdown to the end (then 'ended'), the quota (GET /api/user/quota), and on the
// presale tab buying an allocation (GET /api/user/presale, POST /api/user/presale/buy).
import { isAmountError, parseAmount, WEI_PER_UNIT } from '@free/protocol/amount';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AllocationKind,
  type PresaleInfo,
  useAirdrop,
  useBuyPresale,
  usePresale,
  useQuota,
} from '../../api/mine';
import { useRestartStalled } from '../../api/restart';
import { useMe } from '../../api/user';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { AmountForm } from '../../components/AmountForm';
import type { AmountRules } from '../../components/AmountInput';
import { Countdown } from '../../components/Countdown';
import { EmptyState } from '../../components/EmptyState';
import { LinkRows, Stat } from '../../components/LinkRows';
import { Loading } from '../../components/PageSkeleton';
import { showToast } from '../../components/toast';
import './mine.css';

const KINDS = ['airdrop', 'presale'] as const;

function Allocation({ kind }: { kind: AllocationKind }) {
  const { t } = useTranslation();
  const q = useAirdrop(kind);
  const restart = useRestartStalled();
  if (q.isLoading) return <Loading onRetry={restart} />;
  if (q.isError)
    return (
      <EmptyState text={t('list.loadFailed')}>
        <Button shape="rounded" size="small" onClick={() => void q.refetch()}>
          {t('action.retry')}
        </Button>
      </EmptyState>
    );
  const a = q.data;
  if (!a) return <EmptyState text={t('list.noData')} />;
  return (
    <section className="card card-stack" data-testid="airdrop-card">
      <div className="stats">
        <Stat label={t('airdrop.total')}>
          <Amount value={a.totalAllocation} token="FREE" />
        </Stat>
        <Stat label={t('airdrop.personal')}>
          <Amount value={a.personal} token="FREE" />
        </Stat>
        <Stat label={t('airdrop.released')}>
          <Amount value={a.released} token="FREE" />
        </Stat>
        <Stat label={t('income.today')}>
          <Amount value={a.today} token="FREE" />
        </Stat>
        <Stat label={t('income.yesterday')}>
          <Amount value={a.yesterday} token="FREE" />
        </Stat>
        <Stat label={t('airdrop.unlockTime')}>
          <DateTime value={a.unlockTime} />
        </Stat>
        <Stat label={t('airdrop.endTime')}>
          <DateTime value={a.endTime} />
        </Stat>
        <Stat label={t('airdrop.endsIn')}>
          {a.ended ? (
            <span className="countdown is-ended">{t('countdown.ended')}</span>
          ) : a.endTime ? (
            <Countdown end={a.endTime} format="dhms" />
          ) : (
            '—'
          )}
        </Stat>
      </div>
    </section>
  );
}

/** FREE a USDT amount buys at the presale price (the server's rule: rounded down). */
export function presaleFree(usdt: bigint, p: Pick<PresaleInfo, 'price'>): bigint | null {
  const price = toWei(p.price);
  return price && price > 0n ? (usdt * WEI_PER_UNIT) / price : null;
}

function PresaleBuy() {
  const { t } = useTranslation();
  const info = usePresale().data;
  const walletUsdt = toWei(useMe().data?.balances.wallet.USDT) ?? undefined;
  const [amount, setAmount] = useState('');
  const buy = useBuyPresale(() => showToast(t('presale.bought'), 'success'));
  if (!info) return null;
  if (!info.open)
    return (
      <section className="card card-stack" data-testid="presale-buy">
        <h2>{t('presale.buyTitle')}</h2>
        <p className="notice">{t('module.notOpen')}</p>
      </section>
    );
  const rules: AmountRules = {
    kind: 'invest',
    min: toWei(info.minUsdt) ?? undefined,
    max: toWei(info.maxUsdt) ?? undefined,
    balance: walletUsdt,
  };
  const parsed = parseAmount(amount);
  const free = isAmountError(parsed) || parsed === null ? null : presaleFree(parsed, info);
  return (
    <section className="card card-stack" data-testid="presale-buy">
      <h2>{t('presale.buyTitle')}</h2>
      <div className="stats">
        <Stat label={t('presale.price')}>
          <Amount value={info.price} token="USDT" />
        </Stat>
        <Stat label={t('presale.remaining')}>
          <Amount value={info.remaining} token="FREE" />
        </Stat>
        <Stat label={t('presale.yourLimit')}>
          <Amount value={info.mine} token="FREE" /> / <Amount value={info.maxPerUser} token="FREE" />
        </Stat>
        <Stat label={t('presale.youGet')}>{free === null ? '—' : <Amount value={free} token="FREE" />}</Stat>
      </div>
      <AmountForm
        value={amount}
        onChange={setAmount}
        rules={rules}
        actions={[
          {
            label: t('presale.buy'),
            busy: buy.isPending,
            onSubmit: (value) => buy.mutateAsync({ amount: value }),
          },
        ]}
      >
        <p className="muted small">
          {t('presale.unlockRule', {
            count: info.unlockDays,
            start: t('presale.unlockStart', { count: info.unlockAfterDays }),
          })}
        </p>
      </AmountForm>
    </section>
  );
}

function QuotaCard() {
  const { t } = useTranslation();
  const q = useQuota().data;
  if (!q) return null;
  return (
    <section className="card card-stack" data-testid="quota-card">
      <h2>{t('airdrop.quota')}</h2>
      <div className="stats">
        <Stat label={t('airdrop.quotaTotal')}>
          <Amount value={q.total} token="FREE" />
        </Stat>
        <Stat label={t('airdrop.quotaReserved')}>
          <Amount value={q.reserved} token="FREE" />
        </Stat>
        <Stat label={t('airdrop.quotaDeducted')}>
          <Amount value={q.deducted} token="FREE" />
        </Stat>
        <Stat label={t('airdrop.quotaPayment')}>
          <Amount value={q.paymentAmount} token="USDT" />
        </Stat>
        <Stat label={t('kind.presale')}>
          <Amount value={q.presale} token="FREE" />
        </Stat>
        <Stat label={t('kind.airdrop')}>
          <Amount value={q.airdrop} token="FREE" />
        </Stat>
      </div>
    </section>
  );
}

export default function AirdropData() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AllocationKind>('airdrop');
  return (
    <div className="page">
      <div className="chips tall" role="tablist" aria-label={t('page.airdropData')}>
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={`chip${kind === k ? ' is-active' : ''}`}
            onClick={() => setKind(k)}
          >
            {t(`kind.${k}`)}
          </button>
        ))}
      </div>
      <Allocation kind={kind} />
      {kind === 'presale' && <PresaleBuy />}
      <QuotaCard />
      <LinkRows rows={[{ to: '/pages/mine/unLockDetails', labelKey: 'page.unlockDetails' }]} />
    </div>
  );
}
