// Team statistics (GET /api/user/team_info) and direct referrals (GET /api/user/direct_list).
import { useTranslation } from 'react-i18next';
import { useTeamInfo } from '../../api/user';
import { ShortAddress } from '../../components/Address';
import { Amount, Count } from '../../components/Amount';
import { Stat } from '../../components/LinkRows';
import { RecordList } from '../../components/RecordList';

export default function Team() {
  const { t } = useTranslation();
  const team = useTeamInfo().data;
  return (
    <div className="page">
      <section className="card">
        <h2>{t('team.stats')}</h2>
        <div className="stats">
          <Stat label={t('team.level')}>
            <bdi dir="ltr">{team?.level ?? '—'}</bdi>
          </Stat>
          <Stat label={t('team.node')}>{team ? t(`node.${team.nodeTier}`) : '—'}</Stat>
          <Stat label={t('team.teamCount')}>
            <Count value={team?.teamCount} />
          </Stat>
          <Stat label={t('team.validCount')}>
            <Count value={team?.validCount} />
          </Stat>
          <Stat label={t('team.directCount')}>
            <Count value={team?.directCount} />
          </Stat>
          <Stat label={t('team.marketMakers')}>
            <Count value={team?.marketMakers} />
          </Stat>
          <Stat label={t('team.newToday')}>
            <Count value={team?.newToday} />
          </Stat>
          <Stat label={t('team.newYesterday')}>
            <Count value={team?.newYesterday} />
          </Stat>
          <Stat label={t('team.performance')}>
            <Amount value={team?.totalPerformance} token="USDT" />
          </Stat>
          <Stat label={t('team.zoneA')}>
            <Amount value={team?.zoneA} token="USDT" />
          </Stat>
          <Stat label={t('team.zoneB')}>
            <Amount value={team?.zoneB} token="USDT" />
          </Stat>
        </div>
      </section>
      <h2 className="section-title">{t('team.direct')}</h2>
      <RecordList
        path="/api/user/direct_list"
        renderItem={(row) => (
          <div className="record-main">
            <ShortAddress address={String(row.address ?? '')} />
            <Amount value={row.performance as string | undefined} token="USDT" />
          </div>
        )}
      />
    </div>
  );
}
