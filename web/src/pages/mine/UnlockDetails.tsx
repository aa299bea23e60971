// Unlock details: every airdrop and presale release (GET /api/user/airdrop/unlocks), by kind.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { Amount, DateTime } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';
import { Chips } from './Chips';
import './mine.css';

const KINDS = ['airdrop', 'presale'] as const;

export default function UnlockDetails() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<(typeof KINDS)[number] | ''>('');
  return (
    <div className="page">
      <Chips
        name={t('page.unlockDetails')}
        values={KINDS}
        value={kind}
        onChange={setKind}
        label={(v) => t(`kind.${v}`)}
      />
      <RecordList
        route={routes.getUserAirdropUnlocks}
        params={{ kind: kind || undefined }}
        renderItem={(row) => (
          <div className="record" data-testid="unlock-record">
            <div className="record-main">
              <span className="record-kind">
                {row.kind === 'presale' ? t('kind.presale_unlock') : t('kind.airdrop_unlock')}
              </span>
              <Amount value={row.amount} token="FREE" />
            </div>
            <div className="record-sub muted">
              <bdi dir="ltr">{String(row.day ?? '')}</bdi>
              <DateTime value={row.time} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
