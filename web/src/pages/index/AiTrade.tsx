// AI trading: one-minute prediction rounds (up/down); the rounds list until the product page lands.
import { useTranslation } from 'react-i18next';
import { RecordList } from '../../components/RecordList';

export default function AiTrade() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <p className="notice">{t('aiTrade.explain')}</p>
      <RecordList path="/api/common/prediction/rounds" personal={false} />
    </div>
  );
}
