// Home tab: brand, module entries (open / not yet open from config), latest announcements.

import { type ModuleKey, moduleOpen } from '@free/protocol/modules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../api/config';
import { RecordList } from '../../components/RecordList';

const MODULES: readonly { to: string; key: string; module: ModuleKey | null; mark: string }[] = [
  { to: '/pages/index/aiTrade', key: 'page.aiTrade', module: 'ai_trade', mark: 'AI' },
  { to: '/pages/index/database', key: 'page.quotes', module: null, mark: '%' },
  { to: '/pages/index/game', key: 'page.games', module: 'games', mark: 'G' },
  { to: '/pages/index/rwa', key: 'page.rwa', module: 'rwa', mark: 'R' },
  { to: '/pages/index/machine', key: 'page.machines', module: 'machines', mark: 'M' },
  { to: '/pages/index/freePay', key: 'page.freePay', module: 'cards', mark: 'P' },
  { to: '/pages/index/chain', key: 'page.chainIntro', module: 'chain_pool', mark: 'C' },
  { to: '/pages/index/docs?type=whitepaper', key: 'docs.whitepaper', module: null, mark: 'W' },
];

export default function Home() {
  const { t } = useTranslation();
  const config = useConfig();
  const modules = config.data?.modules;
  return (
    <div className="page">
      <section className="hero">
        <h2>FREE</h2>
        <p>{t('home.tagline')}</p>
      </section>
      <nav className="card grid-links" aria-label={t('home.modules')}>
        {MODULES.map((m) => (
          <Link key={m.to} to={m.to} className="grid-link">
            <span className="dot" aria-hidden="true">
              {m.mark}
            </span>
            <span>{t(m.key)}</span>
            {config.data && m.module && !moduleOpen(modules, m.module) && (
              <span className="tag-closed">{t('module.notOpen')}</span>
            )}
          </Link>
        ))}
      </nav>
      <section className="card">
        <div className="section-head">
          <h2>{t('page.announcements')}</h2>
          <Link to="/pages/index/announcement">{t('action.more')}</Link>
        </div>
        <RecordList
          path="/api/common/article/list"
          params={{ type: 'announcement' }}
          personal={false}
          renderItem={(row) => (
            <Link className="row-link" to={`/pages/index/announcementDetail?id=${row.id}`}>
              <span>{row.title}</span>
            </Link>
          )}
        />
      </section>
    </div>
  );
}
