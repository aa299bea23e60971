// AI trading: one-minute prediction rounds (up/down); past rounds until the product page lands.
import { useTranslation } from 'react-i18next';
import { Amount, DateTime } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';

export default function AiTrade() {
  const { t, i18n } = useTranslation();
  return (
    <div className="page">
      <p className="notice">{t('aiTrade.explain')}</p>
      <RecordList
        path="/api/common/round/history"
        personal={false}
        renderItem={(row) => (
          <div className="record">
            <div className="record-main">
              <span className="record-kind">
                {t('aiTrade.issue')} <bdi dir="ltr">{String(row.issue ?? '')}</bdi>
              </span>
              <span>
                {t('aiTrade.openPrice')}{' '}
                <Amount value={row.openPrice as string | undefined} token="USDT" maxFraction={6} />
              </span>
            </div>
            <div className="record-sub muted">
              <DateTime value={row.startsAt as string | undefined} />
              <span>
                {row.state && i18n.exists(`state.${row.state}`)
                  ? t(`state.${row.state}`)
                  : t('state.unknown')}
              </span>
            </div>
          </div>
        )}
      />
    </div>
  );
}
