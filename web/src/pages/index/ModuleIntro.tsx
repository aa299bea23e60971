// An intro page body for a product module: open / not-yet-open state from config, then its articles.
import { type ModuleKey, moduleOpen } from '@free/protocol/modules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { ArticleList } from './Docs';
import './index.css';

/** A notice only when there is something to say: an open module needs none. */
export function ModuleState({ module }: { module: ModuleKey }) {
  const { t } = useTranslation();
  const config = useConfig().data;
  if (!config || moduleOpen(config.modules, module)) return null;
  return (
    <p className="notice danger" role="status">
      {t('module.notOpen')}
    </p>
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
      <h2 className="section-title">{t('module.articles')}</h2>
      <ArticleList type={articleType} />
    </div>
  );
}
