// Small pieces shared by the console sections: a titled card, a failed-call line, a loading state.
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
