// Airdrop data (GET /api/user/airdrop): allocation, today/yesterday, and the countdown to the end.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { keys } from '../../api/keys';
import { Amount, DateTime } from '../../components/Amount';
import { Countdown } from '../../components/Countdown';
import { EmptyState } from '../../components/EmptyState';
import { LinkRows, Stat } from '../../components/LinkRows';
import { Skeleton, useDelayed } from '../../components/PageSkeleton';

interface Airdrop {
  totalAllocation: string;
  personal: string;
  yesterday: string;
  today: string;
  unlockTime: string | null;
  endTime: string | null;
}

export default function AirdropData() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: keys.user.list('/api/user/airdrop', {}),
    queryFn: () => api.get<Airdrop>('/api/user/airdrop'),
  });
  const slow = useDelayed(q.isLoading);
  if (q.isLoading) return slow ? <Skeleton /> : null;
  const a = q.data;
  if (!a) return <EmptyState text={t('list.noData')} />;
  return (
    <div className="page">
      <section className="card">
        <div className="stats">
          <Stat label={t('airdrop.total')}>
            <Amount value={a.totalAllocation} token="FREE" />
          </Stat>
          <Stat label={t('airdrop.personal')}>
            <Amount value={a.personal} token="FREE" />
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
          <Stat label={t('airdrop.endsIn')}>
            {a.endTime ? <Countdown end={a.endTime} format="dhms" /> : '—'}
          </Stat>
        </div>
      </section>
      <LinkRows rows={[{ to: '/pages/mine/unLockDetails', labelKey: 'page.unlockDetails' }]} />
    </div>
  );
}
