// Documents by type (#/pages/index/docs?type=…): whitepaper, business plan, roadmap, videos, posters.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageParams } from '../../app/params';
import { RecordList } from '../../components/RecordList';

export const DOC_TYPES = [
  'whitepaper',
  'business_plan',
  'construction_plan',
  'roadmap',
  'video',
  'poster',
  'document',
  'conference',
] as const;

export function ArticleList({ type }: { type: string }) {
  return (
    <RecordList
      path="/api/common/article/list"
      params={{ type }}
      personal={false}
      renderItem={(row) => (
        <Link className="row-link" to={`/pages/index/announcementDetail?id=${row.id}`}>
          <span>{row.title}</span>
        </Link>
      )}
    />
  );
}

export default function Docs() {
  const { t } = useTranslation();
  const params = usePageParams();
  const requested = params.get('type') ?? 'whitepaper';
  const type = (DOC_TYPES as readonly string[]).includes(requested) ? requested : 'whitepaper';
  return (
    <div className="page">
      <nav className="chips" aria-label={t('page.docs')}>
        {DOC_TYPES.map((d) => (
          <Link
            key={d}
            to={`/pages/index/docs?type=${d}`}
            className={`chip${d === type ? ' is-active' : ''}`}
            replace
          >
            {t(`docs.${d}`)}
          </Link>
        ))}
      </nav>
      <ArticleList type={type} />
    </div>
  );
}
