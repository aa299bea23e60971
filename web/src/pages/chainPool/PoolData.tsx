// Mining pool data (GET /api/common/pool/stats): my pool balance and its income, totals, the pie,
// and each level class.
import { useTranslation } from 'react-i18next';
import { usePoolStats } from '../../api/pool';
import { useRestartStalled } from '../../api/restart';
import { Amount, Count } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/PageSkeleton';
import { PoolBalanceCard } from './PoolBalanceCard';
import { PoolStatsCard } from './PoolStatsCard';
import '../index/index.css';

export default function PoolData() {
  const { t, i18n } = useTranslation();
  const stats = usePoolStats();
  const restart = useRestartStalled();
  if (stats.isPending) return <Loading onRetry={restart} />;
  if (stats.isError)
    return (
      <EmptyState text={t('list.loadFailed')}>
        <button type="button" className="chip" onClick={() => void stats.refetch()}>
          {t('action.retry')}
        </button>
      </EmptyState>
    );
  if (!stats.data) return <EmptyState text={t('list.noData')} />;
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <div className="page">
      <PoolBalanceCard />
      <PoolStatsCard stats={stats.data} />
      <section className="card">
        <h2>{t('pool.levels')}</h2>
        {stats.data.classes.map((c) => (
          <div key={c.level} className="record">
            <div className="record-main">
              <span className="record-kind">{t('pool.levelN', { level: c.level })}</span>
              <span>
                {t('pool.from')} <Amount value={c.min} token="USDT" />
              </span>
            </div>
            <div className="record-sub muted">
              <span>
                {t('pool.contributors')} <Count value={c.contributors} />
              </span>
              <Amount value={c.amount} token="USDT" />
              <bdi dir="ltr">{pct.format(c.shareBps / 10_000)}</bdi>
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
