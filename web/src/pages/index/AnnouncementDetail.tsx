// One article (announcement or document) by ?id= (GET /api/common/article/detail).
import { useTranslation } from 'react-i18next';
import { useArticle } from '../../api/articles';
import { usePageParams } from '../../app/params';
import { DateTime } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, useDelayed } from '../../components/PageSkeleton';

export default function AnnouncementDetail() {
  const { t } = useTranslation();
  const id = usePageParams().get('id');
  const article = useArticle(id);
  const slow = useDelayed(article.isLoading);
  if (!id) return <EmptyState text={t('list.noData')} />;
  if (article.isLoading) return slow ? <Skeleton /> : null;
  if (!article.data) return <EmptyState text={t('list.noData')} />;
  return (
    <article className="page">
      <section className="card">
        <h2>{article.data.title}</h2>
        <p className="muted">
          <DateTime value={article.data.publishedAt} />
        </p>
        <div className="article-body">{article.data.content}</div>
      </section>
    </article>
  );
}
