// An intro page body for a product module: open / not-yet-open state from config, then its
// introduction article (the newest of its type) in the reader's language.
import { isLanguage, languageDir } from '@free/protocol/languages';
import { type ModuleKey, moduleOpen } from '@free/protocol/modules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestArticle } from '../../api/articles';
import { useConfig } from '../../api/config';
import { EmptyState } from '../../components/EmptyState';
import './index.css';

export function ModuleState({ module }: { module: ModuleKey }) {
  const { t } = useTranslation();
  const config = useConfig().data;
  if (!config) return null;
  const open = moduleOpen(config.modules, module);
  return (
    <p className={`notice${open ? '' : ' danger'}`} role="status">
      {open ? t('module.open') : t('module.notOpen')}
    </p>
  );
}

/**
 * `lang` and `dir` for content served in another language than the page's (the server's English
 * fallback), so it reads in its own direction and is read aloud in its own language.
 */
export function contentLang(served: string, page: string): { lang?: string; dir?: 'ltr' | 'rtl' } {
  if (served === page || !isLanguage(served)) return {};
  return { lang: served, dir: languageDir(served) };
}

/** The newest article of `type` in full, or an empty state saying none is published yet. */
export function ModuleArticle({ type }: { type: string }) {
  const { t, i18n } = useTranslation();
  const article = useLatestArticle(type);
  if (article.isPending) return null;
  const a = article.data;
  if (!a) return <EmptyState text={t('module.noArticle')} />;
  return (
    <article className="card stack" data-testid="module-article" {...contentLang(a.language, i18n.language)}>
      <h2>{a.title}</h2>
      {a.cover && <img className="media" src={a.cover} alt="" />}
      <div className="article-body">{a.content}</div>
    </article>
  );
}

export function useModuleOpen(module: ModuleKey): boolean | undefined {
  const config = useConfig().data;
  return config ? moduleOpen(config.modules, module) : undefined;
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
