// My contributions to the chain pool: total and level (GET /api/user/pool/contributions), and the
// records from the contribution call (GET /api/user/contribute/record).
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { useMyPool } from '../../api/pool';
import { Amount, DateTime } from '../../components/Amount';
import { Stat } from '../../components/LinkRows';
import { RecordList } from '../../components/RecordList';

export default function MyContribution() {
  const { t } = useTranslation();
  const mine = useMyPool().data;
  return (
    <div className="page">
      {mine && (
        <section className="card stats">
          <Stat label={t('pool.myTotal')}>
            <Amount value={mine.total} token="USDT" />
          </Stat>
          <Stat label={t('pool.myLevel')}>
            <bdi dir="ltr">{t('pool.levelN', { level: mine.level })}</bdi>
          </Stat>
        </section>
      )}
      <RecordList
        route={routes.getUserContributeRecord}
        renderItem={(row) => (
          <div className="record">
            <div className="record-main">
              <span className="record-kind">{t('pool.levelN', { level: row.level })}</span>
              <Amount value={row.amount} token="USDT" />
            </div>
            <div className="record-sub muted">
              <DateTime value={row.time} />
              <span>
                {t('pool.freeBurned')} <Amount value={row.freeBurned} token="FREE" />
              </span>
            </div>
          </div>
        )}
      />
    </div>
  );
}
