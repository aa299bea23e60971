// Quotes: name, latest price, 24 h change in the market colours of the reader.
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { Amount, DateTime } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';
import { Change } from './market';
import './index.css';

export default function Database() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="record-sub muted">
        <span>{t('quotes.name')}</span>
        <span>{t('quotes.price')}</span>
        <span>{t('quotes.change')}</span>
      </div>
      <RecordList
        route={routes.getCommonQuotes}
        renderItem={(row) => (
          <div className="record">
            <div className="record-main">
              <span className="record-kind">{String(row.name ?? row.symbol ?? '')}</span>
              <Amount value={row.price as string | undefined} token="USDT" maxFraction={6} />
              <Change value={row.change24h as string | undefined} />
            </div>
            <div className="record-sub muted">
              <bdi dir="ltr">{String(row.symbol ?? '')}</bdi>
              <DateTime value={row.updatedAt as string | undefined} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
