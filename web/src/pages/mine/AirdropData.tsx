// Airdrop data (GET /api/user/airdrop?kind=): allocation, released, today/yesterday, unlock and end
// time with the countdown to the end (then 'ended'), and the quota (GET /api/user/quota).
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AllocationKind, useAirdrop, useQuota } from '../../api/mine';
import { Amount, DateTime } from '../../components/Amount';
import { Countdown } from '../../components/Countdown';
import { EmptyState } from '../../components/EmptyState';
import { LinkRows, Stat } from '../../components/LinkRows';
import { Loading } from '../../components/PageSkeleton';
import './mine.css';

const KINDS = ['airdrop', 'presale'] as const;

function Allocation({ kind }: { kind: AllocationKind }) {
  const { t } = useTranslation();
  const q = useAirdrop(kind);
  if (q.isLoading) return <Loading onRetry={() => void q.refetch()} />;
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
      <QuotaCard />
      <LinkRows rows={[{ to: '/pages/mine/unLockDetails', labelKey: 'page.unlockDetails' }]} />
    </div>
  );
}
