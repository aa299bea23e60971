// Burn data: the user's burns (level, type, FREE quantity, USDT equivalent), pending until on chain.
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { useFire } from '../../api/mine';
import { Amount } from '../../components/Amount';
import { Stat } from '../../components/LinkRows';
import { RecordList } from '../../components/RecordList';
import { BurnLine } from './BurnLine';
import './mine.css';

export default function BurnData() {
  const { t } = useTranslation();
  const fire = useFire().data;
  return (
    <div className="page">
      <section className="card">
        <Stat label={t('fire.burnedTotal')}>
          <Amount value={fire?.burnedTotal} token="FREE" />
        </Stat>
      </section>
      <RecordList route={routes.getUserBurnRecords} renderItem={(row) => <BurnLine row={row} />} />
    </div>
  );
}
