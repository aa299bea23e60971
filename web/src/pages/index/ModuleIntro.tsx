// An intro page body for a product module: open / not-yet-open state from config, then its
// introduction article (the newest of its type) in the reader's language.
import type { ModuleKey } from '@free/protocol/modules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestArticle } from '../../api/articles';
import { useModuleOpen } from '../../api/modules';
import { EmptyState } from '../../components/EmptyState';
import { contentLangProps } from '../../i18n';
import './index.css';

/** A notice only when there is something to say: an open module needs none. */
export function ModuleState({ module }: { module: ModuleKey }) {
  const { t } = useTranslation();
  if (useModuleOpen(module) !== 'closed') return null;
  return (
    <p className="notice danger" role="status">
      {t('module.notOpen')}
    </p>
  );
}

/** The newest article of `type` in full, or an empty state saying none is published yet. */
export function ModuleArticle({ type }: { type: string }) {
  const { t } = useTranslation();
  const article = useLatestArticle(type);
  if (article.isPending) return null;
  const a = article.data;
  if (!a) return <EmptyState text={t('module.noArticle')} />;
  return (
    <article className="card stack" data-testid="module-article" {...contentLangProps(a.language)}>
      <h2>{a.title}</h2>
      {a.cover && <img className="media" src={a.cover} alt="" />}
      <div className="article-body">{a.content}</div>
    </article>
  );
}

export function ModuleIntro({
  module,
  titleKey,
  introKey,
  articleType,
  children,
}: {
  module: ModuleKey;
  titleKey: string;
  introKey: string;
  articleType: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <section className="hero">
        <h2>{t(titleKey)}</h2>
        <p>{t(introKey)}</p>
      </section>
      <ModuleState module={module} />
      {children}
      <ModuleArticle type={articleType} />
    </div>
  );
}
