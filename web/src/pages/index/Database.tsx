// Quotes: name, latest price, 24 h change in the market colours of the reader.
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';

interface Quote {
  name?: string;
  price?: string;
  /** percent, two decimals ("-1.25") */
  change24h?: string;
}

export default function Database() {
  const { i18n } = useTranslation();
  const pct = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  return (
    <div className="page">
      <RecordList
        path="/api/common/quotes"
        personal={false}
        renderItem={(row) => {
          const q = row as Quote;
          const change = Number(q.change24h ?? 0);
          return (
            <div className="record-main">
              <span>{q.name}</span>
              <Amount value={q.price} token="USDT" maxFraction={6} />
              <bdi
                dir="ltr"
                className="num"
                style={{ color: change > 0 ? 'var(--up)' : change < 0 ? 'var(--down)' : undefined }}
              >
                {pct.format(change / 100)}
              </bdi>
            </div>
          );
        }}
      />
    </div>
  );
}
