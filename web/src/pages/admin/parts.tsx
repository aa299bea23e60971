// Small pieces shared by the console sections: a titled card, a failed-call line, a loading state,
// a pager, a table of typed columns, and labels of the values the user side already names (states,
// kinds, article types).
import { type CommandRefusal, commandRefusal } from '@free/protocol/api/admin';
import type { ArticleType } from '@free/protocol/content';
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/client';

export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="admin-panel" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/**
 * An operator command's refusal in the reader's language, from its stable code (docs/api.md): a
 * business refusal reads the error catalogue, a state and a money limit their own labels.
 */
export function useRefusalText() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  return (r: CommandRefusal): string =>
    t(`admin.refusal.${r.reason}`, {
      // a money limit by its label, any other argument or setting by its name
      field: r.field && i18n.exists(`admin.limit.${r.field}`) ? t(`admin.limit.${r.field}`) : (r.field ?? ''),
      subject: r.subject ?? '',
      state: r.state ? label('state', r.state) : '',
      error: r.errorCode === undefined ? '' : errorMessage(r.errorCode, i18n.language),
      interpolation: { escapeValue: false },
    });
}

/** What the server answered to a refused call (its coded message), next to the form. */
export function Problem({ error }: { error: ApiError | Error | null | undefined }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  if (!error) return null;
  const code = (error as ApiError).code;
  const refusal =
    code === ErrorCode.OperatorCommandRefused ? commandRefusal.safeParse((error as ApiError).data) : null;
  return (
    <p className="field-error" role="alert" data-refusal={refusal?.data?.reason}>
      {refusal?.success ? refusalText(refusal.data) : error.message || t('error')}
      {typeof code === 'number' ? ` (${code})` : ''}
    </p>
  );
}

/** Attributes of a row or a cell, `data-*` ones included (`data-testid`, `data-code`…). */
type Data = { [name: `data-${string}`]: string | number | undefined };
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Data;
export type CellAttributes = TdHTMLAttributes<HTMLTableCellElement> & Data;

export type Column<T> = {
  /** The column's header cell (an empty `<th />` when left out). */
  head?: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell names its row: `<th scope="row">` instead of `<td>`. */
  rowHeader?: boolean;
  /** Attributes of the column's cells (`dir`, `className`, `data-testid`), fixed or per row. */
  td?: CellAttributes | ((row: T) => CellAttributes);
};

/**
 * A console table: one header row (none with `head={false}`), one row per item, a cell per column
 * (typed columns instead of repeated markup). `empty`, when given, stands in for a table without rows.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
  testId,
  head = true,
  empty,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => RowAttributes;
  testId?: string;
  head?: boolean;
  empty?: ReactNode;
}) {
  if (empty !== undefined && rows.length === 0) return <>{empty}</>;
  return (
    <table className="admin-table" data-testid={testId}>
      {head && (
        <thead>
          <tr>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list, their place is their identity
              <th key={i}>{c.head}</th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c, i) => {
              const attrs = typeof c.td === 'function' ? c.td(row) : c.td;
              return c.rowHeader ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list, their place is their identity
                <th key={i} scope="row" {...(attrs as ThHTMLAttributes<HTMLTableCellElement>)}>
                  {c.cell(row)}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list, their place is their identity
                <td key={i} {...attrs}>
                  {c.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Loading / failed / ready for one console read. */
export function Loaded<T>({
  q,
  children,
}: {
  q: { isLoading: boolean; error: Error | null; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (q.isLoading) return <p className="muted">{t('admin.loading')}</p>;
  if (q.error) return <Problem error={q.error} />;
  if (q.data === undefined) return null;
  return <>{children(q.data)}</>;
}

export function Saved({ when }: { when: boolean }) {
  const { t } = useTranslation();
  return when ? (
    <span className="admin-saved" role="status">
      {t('admin.saved')}
    </span>
  ) : null;
}

export const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A value the user side names (`state.queued`, `store.state.paid`, `kind.shop_pay`): its label in the
 * reader's language, or the value itself when the catalogue has none (a state added on the server).
 */
export function useLabel() {
  const { t, i18n } = useTranslation();
  return (prefix: string, value: string) =>
    i18n.exists(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : value;
}

/** The user side's names of article types (document and module pages), so the console says the same. */
export const ARTICLE_TYPE_KEYS: Record<ArticleType, string> = {
  announcement: 'page.announcementDetail',
  whitepaper: 'docs.whitepaper',
  business_plan: 'docs.business_plan',
  construction_plan: 'docs.construction_plan',
  roadmap_short: 'docs.roadmapShort',
  roadmap_medium: 'docs.roadmapMedium',
  roadmap_long: 'docs.roadmapLong',
  video: 'docs.video',
  poster: 'docs.poster',
  document: 'docs.document',
  video_conference: 'docs.conference',
  chain: 'page.chainIntro',
  game: 'page.games',
  rwa: 'page.rwa',
  freepay: 'page.freePay',
  ai_trade: 'page.aiTrade',
};

export function ArticleTypeName({ type }: { type: string }) {
  const { t } = useTranslation();
  const key = ARTICLE_TYPE_KEYS[type as ArticleType];
  return <>{key ? t(key) : type}</>;
}

/** Previous / page / next under a paged list. */
export function Pager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      <button type="button" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {t('admin.previous')}
      </button>
      <span>{page}</span>
      <button type="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('admin.next')}
      </button>
    </div>
  );
}
