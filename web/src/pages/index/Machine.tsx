// Mining machines on offer (GET /api/common/machines): price, hashrate, days, stock.
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import type { Machine as MachineItem } from '../../api/machines';
import { Amount, Count, DateTime } from '../../components/Amount';
import { Hashrate } from '../../components/Hashrate';
import { ProductImage } from '../../components/ProductImage';
import { RecordList } from '../../components/RecordList';
import { useSession } from '../../session/store';
import { ModuleState } from './ModuleIntro';
import './index.css';
import { AppLink } from '../../app/link';

/** A machine's picture, left out when it does not load. */
export function MachineImage({ src, alt }: { src: string | null; alt: string }) {
  return <ProductImage src={src} alt={alt} className="machine-img" />;
}

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
          {t('machine.hashrate')} <Hashrate value={m.hashrate} />
        </span>
        <span>{t('machine.days', { count: m.days })}</span>
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
  const { t, i18n } = useTranslation();
  const signedIn = useSession() !== null;
  const state = (v: unknown) => (i18n.exists(`state.${v}`) ? t(`state.${v}`) : t('state.unknown'));
  return (
    <div className="page">
      <ModuleState module="machines" />
      <RecordList
        route={routes.getCommonMachines}
        renderItem={(row) => (
          <AppLink className="record machine-row" to={`/pages/index/machineDetail?id=${row.id}`}>
            <ProductImage src={row.image} alt={row.name} className="machine-thumb" />
            <div className="record">
              <MachineSummary m={row} />
            </div>
          </AppLink>
        )}
      />
      {signedIn && (
        <>
          <h2 className="section-title">{t('machine.mine')}</h2>
          <RecordList
            route={routes.getUserMachines}
            renderItem={(row) => (
              <div className="record">
                <div className="record-main">
                  <span className="record-kind">{String(row.name ?? '')}</span>
                  <Hashrate value={row.hashrate as string} />
                </div>
                <div className="record-sub muted">
                  <span>
                    <DateTime value={row.startsAt as string} /> – <DateTime value={row.endsAt as string} />
                  </span>
                  <span>{state(row.state)}</span>
                </div>
              </div>
            )}
          />
        </>
      )}
    </div>
  );
}
