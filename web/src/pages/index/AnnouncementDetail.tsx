// One article (announcement or document) by ?id= (GET /api/common/article/detail; the server
// serves the reader's language or falls back to English). Videos play in <video>, posters show.
import { useTranslation } from 'react-i18next';
import { useArticle } from '../../api/articles';
import { useRestartStalled } from '../../api/restart';
import { usePageParams } from '../../app/params';
import { DateTime } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/PageSkeleton';
import { contentLangProps } from '../../i18n';
import './index.css';

// An absolute URL, or a path on the app's own origin (the demo pictures under web/public).
const URL_RE = /^(https?:\/\/|\/(?!\/))\S+$/;
const VIDEO_RE = /\.(mp4|webm|ogg|m3u8|mov)(\?\S*)?$/i;

/** The media URL of an article: its cover, or a body that is only a URL. */
export function mediaUrl(cover: string | null, content: string): string | null {
  const body = content.trim();
  if (URL_RE.test(body)) return body;
  return cover && URL_RE.test(cover) ? cover : null;
}

export default function AnnouncementDetail() {
  const { t } = useTranslation();
  const id = usePageParams().get('id');
  const article = useArticle(id);
  const restart = useRestartStalled();
  if (!id) return <EmptyState text={t('list.noData')} />;
  if (article.isLoading) return <Loading onRetry={restart} />;
  if (!article.data) return <EmptyState text={t('list.noData')} />;
  const a = article.data;
  const media = mediaUrl(a.cover, a.content);
  const isVideo =
    media !== null && (a.type === 'video' || a.type === 'video_conference' || VIDEO_RE.test(media));
  const bodyIsUrl = URL_RE.test(a.content.trim());
  // The article may be the English fallback: its own texts say so, the page's own labels do not.
  const inLanguage = contentLangProps(a.language);
  return (
    <article className="page">
      <section className="card stack">
        <h2 {...inLanguage}>{a.title}</h2>
        <p className="muted">
          <DateTime value={a.publishedAt} />
        </p>
        {isVideo && media ? (
          // biome-ignore lint/a11y/useMediaCaption: operator-published videos come without caption tracks
          <video
            className="media"
            src={media}
            poster={a.cover && a.cover !== media ? a.cover : undefined}
            controls
            preload="metadata"
            playsInline
          />
        ) : media && a.type !== 'document' ? (
          <img className="media" src={media} alt={a.title} {...inLanguage} />
        ) : null}
        {media && !isVideo && a.type === 'document' && (
          <a href={media} target="_blank" rel="noopener noreferrer">
            {t('docs.open')}
          </a>
        )}
        {!bodyIsUrl && (
          <div className="article-body" {...inLanguage}>
            {a.content}
          </div>
        )}
      </section>
    </article>
  );
}
