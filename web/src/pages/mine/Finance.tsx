// Flow records: every ledger movement of the user (GET /api/user/finance), filtered by kind and asset,
// paged by the cursor the server returns (InfiniteList), so a deep page costs what the first does.
import { LEDGER_KINDS } from '@free/protocol/api/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { RecordList } from '../../components/RecordList';
import { Chips } from './Chips';
import './mine.css';

const ASSETS = ['USDT', 'FREE', 'FCC'] as const;

export default function Finance() {
  const { t, i18n } = useTranslation();
  // A kind the catalogue has no label for yet is left out of the filter rather than shown raw.
  const kinds = LEDGER_KINDS.filter((k) => i18n.exists(`kind.${k}`));
  const [kind, setKind] = useState<(typeof LEDGER_KINDS)[number] | ''>('');
  const [asset, setAsset] = useState<(typeof ASSETS)[number] | ''>('');
  return (
    <div className="page">
      <div className="filter-rows">
        <Chips
          name={t('mine.filterAsset')}
          values={ASSETS}
          value={asset}
          onChange={setAsset}
          label={(v) => v}
        />
        <Chips
          name={t('mine.filterKind')}
          values={kinds}
          value={kind}
          onChange={setKind}
          label={(v) => t(`kind.${v}`)}
        />
      </div>
      <RecordList
        route={routes.getUserFinance}
        params={{ kind: kind || undefined, asset: asset || undefined }}
      />
    </div>
  );
}
