// The signed-in user's mining pool balance (what the pool's daily income paid them), the rule that
// pays it, and moving it to the wallet.
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCollectPool, usePoolStats } from '../../api/pool';
import { useMe } from '../../api/user';
import { Amount, toWei } from '../../components/Amount';
import { Stat } from '../../components/LinkRows';
import { showToast } from '../../components/toast';
import { useSession } from '../../session/store';
import { formatPpm } from '../index/rate';

export function PoolBalanceCard() {
  const { t, i18n } = useTranslation();
  const signedIn = useSession() !== null;
  const me = useMe().data;
  const stats = usePoolStats().data;
  const collect = useCollectPool((r) => showToast(t('pool.collected', { amount: r.moved }), 'success'));
  const usdt = me?.balances.pool.USDT;
  const empty = (toWei(usdt) ?? 0n) <= 0n;
  return (
    <section className="card stack" data-testid="pool-balance">
      <h2>{t('pool.myBalance')}</h2>
      {signedIn && (
        <div className="stats">
          <Stat label={t('mine.poolBalance')}>
            <span data-testid="pool-balance-usdt">
              <Amount value={usdt} token="USDT" />
            </span>
          </Stat>
          {stats && (
            <Stat label={t('pool.incomePaid')}>
              <Amount value={stats.incomePaid} token="USDT" />
            </Stat>
          )}
        </div>
      )}
      {stats && (
        <p className="muted">
          {t('pool.incomeRule', { rate: formatPpm(stats.incomeBps * 100, i18n.language) })}
        </p>
      )}
      {signedIn && (
        <Button
          color="primary"
          shape="rounded"
          disabled={empty}
          loading={collect.isPending}
          onClick={() => collect.mutate()}
        >
          {t('pool.collect')}
        </Button>
      )}
    </section>
  );
}
