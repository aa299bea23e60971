// Chain tab (yield-swap / public-chain mining pool): pool figures and the contribution pie, my
// level, contributing USDT (2 % of its value burned in FREE, shown before confirming), records.
import { Button } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useModuleOpen } from '../../api/modules';
import { usePoolStats } from '../../api/pool';
import { LinkRows } from '../../components/LinkRows';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { PoolStatsCard } from './PoolStatsCard';
import '../index/index.css';

const ContributePanel = lazy(() => import('./ContributePanel'));

export default function ChainPool() {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  const stats = usePoolStats().data;
  const open = useModuleOpen('chain_pool');
  return (
    <div className="page">
      <section className="hero">
        <h2>{t('pool.title')}</h2>
        <p>{t('pool.subtitle')}</p>
      </section>
      {open === 'closed' && <p className="notice danger">{t('module.notOpen')}</p>}
      {stats && <PoolStatsCard stats={stats} />}
      {signedIn ? (
        <Suspense fallback={null}>
          <ContributePanel burnBps={stats?.burnBps ?? null} open={open === 'open'} />
        </Suspense>
      ) : (
        <section className="card stack">
          <p className="muted">{t('auth.signInPrompt')}</p>
          <Button color="primary" shape="rounded" block onClick={requestSignIn}>
            {t('auth.signIn')}
          </Button>
        </section>
      )}
      <LinkRows
        rows={[
          { to: '/pages/chainPool/myContribution', labelKey: 'page.myContribution' },
          { to: '/pages/chainPool/orderList', labelKey: 'page.poolOrders' },
          { to: '/pages/chainPool/poolData', labelKey: 'page.poolData' },
        ]}
      />
    </div>
  );
}
