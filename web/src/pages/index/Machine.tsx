// Mining machines on offer (GET /api/common/machines): price, hashrate, days, stock.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Machine as MachineItem } from '../../api/machines';
import { Amount, Count } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';
import { ModuleState } from './ModuleIntro';
import './index.css';

export function MachineSummary({ m }: { m: MachineItem }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="record-main">
        <span className="record-kind">{m.name}</span>
        <Amount value={m.price} token={m.asset} />
      </div>
      <div className="record-sub muted">
        <span>
          {t('machine.hashrate')} <bdi dir="ltr">{m.hashrate} H/s</bdi>
        </span>
        <span>{t('machine.days', { n: m.days })}</span>
      </div>
      <div className="record-sub muted">
        <span>
          {t('machine.stock')} {m.stock === null ? t('machine.unlimited') : <Count value={m.stock} />}
        </span>
        {m.soldOut && <span className="tag-closed">{t('machine.soldOut')}</span>}
      </div>
    </>
  );
}

export default function Machine() {
  return (
    <div className="page">
      <ModuleState module="machines" />
      <RecordList
        path="/api/common/machines"
        personal={false}
        renderItem={(row) => (
          <Link className="record" to={`/pages/index/machineDetail?id=${row.id}`}>
            <MachineSummary m={row as unknown as MachineItem} />
          </Link>
        )}
      />
    </div>
  );
}
