// Earnings: every income kind with today's, yesterday's and total figures in USDT and FREE
// (GET /api/user/income_info), the FOMO-floor hold notice, and the hashrate (GET /api/user/hashrate).
import { INCOME_KINDS, type IncomeData } from '@free/protocol/api/user';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFomoPool, useHashrate } from '../../api/mine';
import { useRestartStalled } from '../../api/restart';
import { useIncomeInfo } from '../../api/user';
import { Amount } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Hashrate } from '../../components/Hashrate';
import { Stat } from '../../components/LinkRows';
import { Loading } from '../../components/PageSkeleton';
import { PoolBalanceCard } from '../chainPool/PoolBalanceCard';
import { FomoHoldNotice } from '../fire/Fire';
import './mine.css';

function HashrateCard() {
  const { t } = useTranslation();
  const h = useHashrate().data;
  if (!h) return null;
  return (
    <section className="card card-stack" data-testid="hashrate">
      <h2>{t('income.hashrate')}</h2>
      <div className="stats">
        <Stat label={t('income.hashrateNetwork')}>
          <Hashrate value={h.network} />
        </Stat>
        <Stat label={t('income.hashrateOwn')}>
          <Hashrate value={h.own} />
        </Stat>
        <Stat label={t('income.hashrateTeam')}>
          <Hashrate value={h.teamBonus} />
        </Stat>
        <Stat label={t('income.hashrateDirect')}>
          <Hashrate value={h.directBonus} />
        </Stat>
        <Stat label={t('income.hashrateTotal')}>
          <Hashrate value={h.total} />
        </Stat>
      </div>
    </section>
  );
}

/** The market-maker (and other) FCC bonus, with the income but in its own asset. */
function FccBonusRow({ bonus }: { bonus: IncomeData['fccBonus'] | undefined }) {
  const { t } = useTranslation();
  if (!bonus) return null;
  return (
    <section className="card income-row" data-testid="income-fcc_bonus">
      <h2>{t('income.fccBonus')}</h2>
      <div className="stats">
        <Stat label={t('income.today')}>
          <Amount value={bonus.today} token="FCC" />
        </Stat>
        <Stat label={t('income.yesterday')}>
          <Amount value={bonus.yesterday} token="FCC" />
        </Stat>
        <Stat label={t('income.cumulative')}>
          <Amount value={bonus.total} token="FCC" />
        </Stat>
      </div>
    </section>
  );
}

export default function Earnings() {
  const { t } = useTranslation();
  const income = useIncomeInfo();
  const restart = useRestartStalled();
  const fomo = useFomoPool().data;
  let body: React.ReactNode;
  if (income.isLoading) body = <Loading onRetry={restart} />;
  else if (income.isError)
    body = (
      <EmptyState text={t('list.loadFailed')}>
        <Button shape="rounded" size="small" onClick={() => void income.refetch()}>
          {t('action.retry')}
        </Button>
      </EmptyState>
    );
  else {
    const byKind = new Map((income.data?.list ?? []).map((i) => [i.kind, i]));
    const rows = INCOME_KINDS.map((k) => byKind.get(k)).filter((i) => i !== undefined);
    body =
      rows.length === 0 ? (
        <EmptyState text={t('list.noData')} />
      ) : (
        <>
          {rows.map((item) => (
            <section key={item.kind} className="card income-row" data-testid={`income-${item.kind}`}>
              <h2>{t(`income.${item.kind}`)}</h2>
              <div className="stats">
                <Stat label={t('income.today')}>
                  <Amount value={item.today.USDT} token="USDT" />
                  <Amount value={item.today.FREE} token="FREE" />
                </Stat>
                <Stat label={t('income.yesterday')}>
                  <Amount value={item.yesterday.USDT} token="USDT" />
                  <Amount value={item.yesterday.FREE} token="FREE" />
                </Stat>
                <Stat label={t('income.cumulative')}>
                  <Amount value={item.total.USDT} token="USDT" />
                  <Amount value={item.total.FREE} token="FREE" />
                </Stat>
              </div>
            </section>
          ))}
          <FccBonusRow bonus={income.data?.fccBonus} />
        </>
      );
  }
  return (
    <div className="page">
      <FomoHoldNotice fomo={fomo} />
      <HashrateCard />
      {body}
      <PoolBalanceCard />
    </div>
  );
}
