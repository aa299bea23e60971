// A list page body for record endpoints (time, kind, amount, state), on the shared InfiniteList.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../api/client';
import { isPersonalList, type ListRoute, type ListRow } from '../api/list';
import { useSession } from '../session/store';
import { Amount, DateTime, type Token } from './Amount';
import { InfiniteList } from './InfiniteList';

/** The fields the plain record line shows, as far as a row has them. */
export interface RecordRow {
  id?: string | number;
  time?: string;
  createdAt?: string;
  kind?: string;
  type?: string;
  amount?: string;
  asset?: string;
  coin?: string;
  state?: string;
  status?: string;
  pending?: boolean;
  title?: string;
  [field: string]: unknown;
}

const TOKENS = new Set(['USDT', 'FREE', 'FCC']);

export function RecordItem({ row }: { row: RecordRow }) {
  const { t, i18n } = useTranslation();
  // Server values we have no text for (a new kind) read as a plain 'Record', never as a raw key.
  const label = (prefix: string, value: string, fallback: string) =>
    i18n.exists(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : t(fallback);
  const kind = row.kind ?? row.type;
  const token = row.asset ?? row.coin;
  const state = row.pending ? 'pending' : (row.state ?? row.status);
  return (
    <div className="record">
      <div className="record-main">
        <span className="record-kind">
          {row.title ?? (kind ? label('kind', kind, 'record.other') : t('record.other'))}
        </span>
        {row.amount !== undefined && (
          <Amount value={row.amount} token={token && TOKENS.has(token) ? (token as Token) : undefined} />
        )}
      </div>
      <div className="record-sub muted">
        <DateTime value={row.time ?? row.createdAt} />
        {state && <span>{label('state', state, 'state.unknown')}</span>}
      </div>
    </div>
  );
}

/** A row as the plain record line reads it: every list row is an object of protocol fields. */
const asRecord = (row: object) => row as RecordRow;

export function RecordList<R extends ListRoute>({
  route,
  params = {},
  renderItem,
}: {
  /** the list's entry of the endpoint map (`routes.getUserFinance`) */
  route: R;
  params?: Query;
  renderItem?: (row: ListRow<R>) => ReactNode;
}) {
  const signedIn = useSession() !== null;
  return (
    <InfiniteList
      route={route}
      params={params}
      enabled={!isPersonalList(route) || signedIn}
      itemKey={(row, i) => {
        const id = asRecord(row).id;
        return typeof id === 'string' || typeof id === 'number' ? id : i;
      }}
      renderItem={(row) => (renderItem ? renderItem(row) : <RecordItem row={asRecord(row)} />)}
    />
  );
}
