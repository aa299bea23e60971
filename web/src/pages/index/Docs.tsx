// Documents by type (#/pages/index/docs?type=…): whitepaper, business plan, construction plan,
// roadmap (short/medium/long term), videos, posters, documents, video conference.

import { DOC_TYPES } from '@free/protocol/content';
import { useTranslation } from 'react-i18next';
import { routes } from '../../api/client';
import { usePageParams } from '../../app/params';
import { DateTime } from '../../components/Amount';
import { RecordList } from '../../components/RecordList';
import { contentLangProps } from '../../i18n';
import './index.css';
import { AppLink } from '../../app/link';

/** The chips: one 'Roadmap' chip covers the three roadmap terms (a second row picks the term). */
const CHIPS = [
  'whitepaper',
  'business_plan',
  'construction_plan',
  'roadmap',
  'video',
  'poster',
  'document',
  'video_conference',
] as const;
const ROADMAPS = ['roadmap_short', 'roadmap_medium', 'roadmap_long'] as const;

/** i18n key of a document type's name. */
export const docTypeKey = (type: string) =>
  ({
    roadmap_short: 'docs.roadmapShort',
    roadmap_medium: 'docs.roadmapMedium',
    roadmap_long: 'docs.roadmapLong',
    video_conference: 'docs.conference',
  })[type] ?? `docs.${type}`;

/** The article type a ?type= asks for ('roadmap' = the short-term one; unknown = whitepaper). */
export function resolveDocType(requested: string | null): (typeof DOC_TYPES)[number] {
  if (requested === 'roadmap') return 'roadmap_short';
  return (DOC_TYPES as readonly string[]).includes(requested ?? '')
    ? (requested as (typeof DOC_TYPES)[number])
    : 'whitepaper';
}

export function ArticleList({ type }: { type: string }) {
  return (
    <RecordList
      route={routes.getCommonArticleList}
      params={{ type }}
      renderItem={(row) => (
        <AppLink className="row-link" to={`/pages/index/announcementDetail?id=${row.id}`}>
          <span className="stack" style={{ gap: 2 }}>
            <span {...contentLangProps(row.language)}>{String(row.title ?? '')}</span>
            {typeof row.summary === 'string' && row.summary !== '' && (
              <span className="muted" {...contentLangProps(row.language)}>
                {row.summary}
              </span>
            )}
            <span className="muted">
              <DateTime value={row.publishedAt as string | undefined} />
            </span>
          </span>
        </AppLink>
      )}
    />
  );
}

export default function Docs() {
  const { t } = useTranslation();
  const type = resolveDocType(usePageParams().get('type'));
  const chip = type.startsWith('roadmap_') ? 'roadmap' : type;
  return (
    <div className="page">
      <nav className="chips" aria-label={t('page.docs')}>
        {CHIPS.map((d) => (
          <AppLink
            key={d}
            to={`/pages/index/docs?type=${d}`}
            className={`chip${d === chip ? ' is-active' : ''}`}
            replace
          >
            {t(docTypeKey(d))}
          </AppLink>
        ))}
      </nav>
      {chip === 'roadmap' && (
        <nav className="chips" aria-label={t('docs.roadmap')}>
          {ROADMAPS.map((d) => (
            <AppLink
              key={d}
              to={`/pages/index/docs?type=${d}`}
              className={`chip chip-sub${d === type ? ' is-current' : ''}`}
              aria-current={d === type ? 'page' : undefined}
              replace
            >
              {t(docTypeKey(d))}
            </AppLink>
          ))}
        </nav>
      )}
      <ArticleList type={type} />
    </div>
  );
}
