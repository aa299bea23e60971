// Small pieces shared by the console sections: a titled card, a failed-call line, a loading state,
// a pager, and labels of the values the user side already names (states, kinds, article types).
import type { ArticleType } from '@free/protocol/content';
import type { ReactNode } from 'react';
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

/** What the server answered to a refused call (its coded message), next to the form. */
export function Problem({ error }: { error: ApiError | Error | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  const code = (error as ApiError).code;
  return (
    <p className="field-error" role="alert">
      {error.message || t('error')}
      {typeof code === 'number' ? ` (${code})` : ''}
    </p>
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
