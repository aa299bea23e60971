// Burn data: the user's burns (FREE quantity, USDT equivalent), pending until confirmed on chain.
import { useTranslation } from 'react-i18next';
import { Amount, DateTime } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';

export default function BurnData() {
  const { t, i18n } = useTranslation();
  return (
    <div className="page">
      <RecordList
        path="/api/user/burn/records"
        renderItem={(row) => (
          <div className="record">
            <div className="record-main">
              <span className="record-kind">
                {row.type && i18n.exists(`kind.${row.type}`) ? t(`kind.${row.type}`) : t('record.other')}
              </span>
              <Amount value={row.quantity as string | undefined} token="FREE" />
            </div>
            <div className="record-sub muted">
              <DateTime value={row.time} />
              <span>
                ≈ <Amount value={row.usdt as string | undefined} token="USDT" />
              </span>
              <span>{row.pending ? t('state.pending') : t('state.confirmed')}</span>
            </div>
          </div>
        )}
      />
    </div>
  );
}
