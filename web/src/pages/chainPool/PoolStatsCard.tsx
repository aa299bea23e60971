// Pool totals, contributors, burn rate and the contribution pie by level class.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PoolStats } from '../../api/pool';
import { Amount, Count } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Stat } from '../../components/LinkRows';
import { formatPpm } from '../index/rate';

const PoolPie = lazy(() => import('./PoolPie'));

export function PoolStatsCard({ stats, pie = true }: { stats: PoolStats; pie?: boolean }) {
  const { t, i18n } = useTranslation();
  const slices = stats.classes
    .filter((c) => c.shareBps > 0)
    .map((c) => ({ name: t('pool.levelN', { level: c.level }), value: c.shareBps }));
  return (
    <section className="card stack">
      <h2>{t('page.poolData')}</h2>
      <div className="stats">
        <Stat label={t('pool.total')}>
          <Amount value={stats.totalAmount} token="USDT" />
        </Stat>
        <Stat label={t('pool.freeBurned')}>
          <Amount value={stats.totalFreeBurned} token="FREE" />
        </Stat>
        <Stat label={t('pool.contributors')}>
          <Count value={stats.contributors} />
        </Stat>
        <Stat label={t('pool.burnRate')}>
          <bdi dir="ltr">{formatPpm(stats.burnBps * 100, i18n.language)}</bdi>
        </Stat>
      </div>
      {pie &&
        (slices.length === 0 ? (
          <EmptyState text={t('list.noData')} />
        ) : (
          <Suspense fallback={<div className="chart-box skeleton" />}>
            <PoolPie slices={slices} />
          </Suspense>
        ))}
    </section>
  );
}
