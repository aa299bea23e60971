// Team statistics (GET /api/user/team_info) and the direct referrals (GET /api/user/direct_list).
import type { directItem } from '@free/protocol/api/index';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { routes } from '../../api/client';
import { useTeamInfo } from '../../api/user';
import { ShortAddress } from '../../components/Address';
import { Amount, Count, DateTime } from '../../components/Amount';
import { Stat } from '../../components/LinkRows';
import { RecordList } from '../../components/RecordList';
import './mine.css';

type Direct = z.infer<typeof directItem>;

function DirectLine({ row }: { row: Direct }) {
  const { t } = useTranslation();
  return (
    <div className="record" data-testid="direct-record">
      <div className="record-main">
        <ShortAddress address={row.address} copy />
        <span className={row.isValid ? 'badge is-success' : 'badge'}>
          {row.isValid ? t('team.valid') : t('team.notValid')}
        </span>
      </div>
      <div className="record-sub muted">
        <span>
          {t('team.ownStake')} <Amount value={row.ownPrincipal} token="USDT" />
        </span>
        <span>
          {t('team.teamCount')} <Count value={row.teamCount} />
        </span>
      </div>
      <div className="record-sub muted">
        <span>
          {t('team.performance')} <Amount value={row.performance} token="USDT" />
        </span>
        <DateTime value={row.boundAt} />
      </div>
    </div>
  );
}

export default function Team() {
  const { t } = useTranslation();
  const team = useTeamInfo().data;
  return (
    <div className="page">
      <section className="card card-stack">
        <h2>{t('team.stats')}</h2>
        {team && (
          <div className="badges">
            <span className="badge is-brand">
              {t('team.level')} <bdi dir="ltr">{team.level}</bdi>
            </span>
            <span className="badge">{t(`node.${team.nodeTier}`)}</span>
            {team.isMarketMaker && <span className="badge">{t('mine.memberMarketMaker')}</span>}
            <span className={team.isValid ? 'badge is-success' : 'badge'}>
              {team.isValid ? t('team.valid') : t('team.notValid')}
            </span>
          </div>
        )}
        {team && (
          <p className="muted" data-testid="team-level-note">
            {team.level === 'F' ? t('team.levelFReached') : t('team.levelExplained')}
          </p>
        )}
        <div className="stats" data-testid="team-stats">
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
          <Stat label={t('team.validToday')}>
            <Count value={team?.validToday} />
          </Stat>
          <Stat label={t('team.validYesterday')}>
            <Count value={team?.validYesterday} />
          </Stat>
          <Stat label={t('team.performance')}>
            <Amount value={team?.totalPerformance} token="USDT" />
          </Stat>
          <Stat label={t('team.ownStake')}>
            <Amount value={team?.ownPrincipal} token="USDT" />
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
      <RecordList route={routes.getUserDirectList} renderItem={(row) => <DirectLine row={row} />} />
    </div>
  );
}
