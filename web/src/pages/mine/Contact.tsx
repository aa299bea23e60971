// Contact links from config: the microblogging service and the messaging service (docs/business-rules.md "Languages and screens").
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { EmptyState } from '../../components/EmptyState';

export default function Contact() {
  const { t } = useTranslation();
  const config = useConfig().data;
  const links = [
    { key: 'contact.twitter', url: config?.twitter_url },
    { key: 'contact.telegram', url: config?.telegram_url },
  ].filter((l): l is { key: string; url: string } => !!l.url);
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
