// Contact links from config: the microblogging service and the messaging service (docs/business-rules.md "Languages and screens").
import { safeHref } from '@free/protocol/links';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { EmptyState } from '../../components/EmptyState';

/** The links to show: only http(s) addresses become links (a stored `javascript:` text shows nothing). */
export function contactLinks(
  config: { twitter_url: string; telegram_url: string } | undefined,
): { key: string; url: string }[] {
  return [
    { key: 'contact.twitter', url: safeHref(config?.twitter_url) },
    { key: 'contact.telegram', url: safeHref(config?.telegram_url) },
  ].filter((l): l is { key: string; url: string } => l.url !== null);
}

export default function Contact() {
  const { t } = useTranslation();
  const config = useConfig().data;
  const links = contactLinks(config);
  if (config && links.length === 0) return <EmptyState text={t('list.noData')} />;
  return (
    <div className="page">
      <div className="card row-links">
        {links.map((l) => (
          <a key={l.key} className="row-link" href={l.url} target="_blank" rel="noopener noreferrer">
            <span>{t(l.key)}</span>
            <bdi dir="ltr" className="muted">
              {l.url.replace(/^https?:\/\//, '')}
            </bdi>
          </a>
        ))}
      </div>
    </div>
  );
}
