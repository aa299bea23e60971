// Earnings: each income kind with today's, yesterday's and total figures (GET /api/user/income_info).
import { useTranslation } from 'react-i18next';
import { useIncomeInfo } from '../../api/user';
import { Amount } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Stat } from '../../components/LinkRows';
import { Skeleton, useDelayed } from '../../components/PageSkeleton';

export default function Earnings() {
  const { t } = useTranslation();
  const income = useIncomeInfo();
  const slow = useDelayed(income.isLoading);
  if (income.isLoading) return slow ? <Skeleton /> : null;
  const list = income.data?.list ?? [];
  if (list.length === 0) return <EmptyState text={t('list.noData')} />;
  return (
    <div className="page">
      {list.map((item) => (
        <section key={item.kind} className="card">
          <h2>{t(`income.${item.kind}`)}</h2>
          <div className="stats">
            <Stat label={t('income.today')}>
              <Amount value={item.today.USDT} token="USDT" /> ·{' '}
              <Amount value={item.today.FREE} token="FREE" />
            </Stat>
            <Stat label={t('income.yesterday')}>
              <Amount value={item.yesterday.USDT} token="USDT" /> ·{' '}
              <Amount value={item.yesterday.FREE} token="FREE" />
            </Stat>
            <Stat label={t('income.total')}>
              <Amount value={item.total.USDT} token="USDT" /> ·{' '}
              <Amount value={item.total.FREE} token="FREE" />
            </Stat>
          </div>
        </section>
      ))}
    </div>
  );
}
