// FCC details: the FCC balance and every FCC movement of the user (GET /api/user/fcc/records).
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { useMe } from '../../api/user';
import { Amount } from '../../components/Amount';
import { Stat } from '../../components/LinkRows';
import { RecordItem, RecordList } from '../../components/RecordList';

export default function FccRecord() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div className="page">
      {me.data && (
        <section className="card">
          <div className="stats">
            <Stat label={t('shop.fccBalance')}>
              <Amount value={me.data.balances.wallet.FCC} token="FCC" />
            </Stat>
          </div>
        </section>
      )}
      <RecordList
        route={routes.getUserFccRecords}
        renderItem={(row) => <RecordItem row={{ ...row, asset: 'FCC' }} />}
      />
    </div>
  );
}
