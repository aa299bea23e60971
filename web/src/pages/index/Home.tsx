// Home tab: banners, announcement ticker, FREE/FCC prices, FOMO pool, module entries (open / not
// yet open from config), sign-in call to action for visitors, latest announcements.
import type { ModuleKey } from '@free/protocol/modules';
import Button from 'antd-mobile/es/components/button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Banner, useBanners, useLatestAnnouncements } from '../../api/articles';
import { useConfig } from '../../api/config';
import { useFomo } from '../../api/fomo';
import { moduleState, useModuleOpen } from '../../api/modules';
import { useQuote } from '../../api/quotes';
import { Amount, Count } from '../../components/Amount';
import { Countdown } from '../../components/Countdown';
import { Stat } from '../../components/LinkRows';
import { contentLangProps } from '../../i18n';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { Change } from './market';
import type { TileIconName } from './tileIcons';
import './index.css';
import { AppLink, type Href } from '../../app/link';

interface Entry {
  to: Href;
  key: string;
  module: ModuleKey | null;
  icon: TileIconName;
}

// The icon set loads right after the first paint; the tile keeps its place meanwhile.
const TileIcon = lazy(() => import('./tileIcons'));

export const MODULES: readonly Entry[] = [
  { to: '/pages/index/aiTrade', key: 'page.aiTrade', module: 'ai_trade', icon: 'aiTrade' },
  { to: '/pages/index/game', key: 'page.games', module: 'games', icon: 'games' },
  { to: '/pages/index/rwa', key: 'page.rwa', module: 'rwa', icon: 'rwa' },
  { to: '/pages/index/machine', key: 'page.machines', module: 'machines', icon: 'machines' },
  { to: '/pages/index/freePay', key: 'page.freePay', module: 'cards', icon: 'card' },
  { to: '/pages/shop/products', key: 'home.shop', module: 'shop', icon: 'shop' },
  { to: '/pages/index/chain', key: 'home.hlb', module: 'huan_li_bao', icon: 'hlb' },
  { to: '/pages/chainPool/chainPool', key: 'tab.chain', module: 'chain_pool', icon: 'chainPool' },
  { to: '/pages/index/database', key: 'page.quotes', module: null, icon: 'quotes' },
];

export const DOCS: readonly Entry[] = [
  { to: '/pages/index/docs?type=whitepaper', key: 'docs.whitepaper', module: null, icon: 'whitepaper' },
  {
    to: '/pages/index/docs?type=business_plan',
    key: 'docs.business_plan',
    module: null,
    icon: 'businessPlan',
  },
  {
    to: '/pages/index/docs?type=construction_plan',
    key: 'docs.construction_plan',
    module: null,
    icon: 'constructionPlan',
  },
  { to: '/pages/index/docs?type=roadmap', key: 'docs.roadmap', module: null, icon: 'roadmap' },
  { to: '/pages/index/docs?type=video', key: 'docs.video', module: null, icon: 'video' },
  { to: '/pages/index/docs?type=poster', key: 'docs.poster', module: null, icon: 'poster' },
  { to: '/pages/index/docs?type=document', key: 'docs.document', module: null, icon: 'document' },
  { to: '/pages/index/docs?type=video_conference', key: 'docs.conference', module: null, icon: 'conference' },
];

export function Grid({ entries, label }: { entries: readonly Entry[]; label: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <nav className="card grid-links" aria-label={label}>
      {entries.map((m) => (
        <AppLink key={m.to} to={m.to} className="grid-link">
          <span className="dot" aria-hidden="true">
            <Suspense fallback={null}>
              <TileIcon name={m.icon} />
            </Suspense>
          </span>
          <span>{t(m.key)}</span>
          {m.module && moduleState(config.data, m.module) === 'closed' && (
            <span className="tag-closed">{t('module.notOpen')}</span>
          )}
        </AppLink>
      ))}
    </nav>
  );
}

function Banners() {
  const { t } = useTranslation();
  const query = useBanners();
  const banners = query.data ?? [];
  // An image that does not load (missing file, not an image) is left out rather than shown broken.
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const shown = banners.filter((b) => !failed.has(b.id));
  // while they load, their place is kept (index.html's shell keeps it too): their arrival moves nothing
  if (query.isPending) return <div className="banners banner-slot" aria-hidden="true" />;
  if (shown.length === 0) return null;
  // the first is the page's largest image: fetched at once, not when it scrolls into view
  const img = (b: Banner, i: number) => (
    <img
      src={b.image}
      alt=""
      loading={i === 0 ? 'eager' : 'lazy'}
      fetchPriority={i === 0 ? 'high' : 'auto'}
      onError={() => setFailed((prev) => new Set(prev).add(b.id))}
    />
  );
  return (
    <div className="banners">
      {shown.map((b, i) =>
        b.link ? (
          <a
            key={b.id}
            href={b.link}
            rel="noopener"
            aria-label={t('home.bannerLink', { n: i + 1, total: shown.length })}
            {...contentLangProps(b.language)}
          >
            {img(b, i)}
          </a>
        ) : (
          <span key={b.id} {...contentLangProps(b.language)}>
            {img(b, i)}
          </span>
        ),
      )}
    </div>
  );
}

function Ticker() {
  const { t } = useTranslation();
  const items = useLatestAnnouncements().data ?? [];
  return (
    <section className="card ticker" aria-label={t('page.announcements')}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="mirror-rtl">
        <path
          d="M3 10v4h4l5 4V6L7 10H3zm13.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z"
          fill="var(--brand)"
        />
      </svg>
      <div className="ticker-track">
        {items.length === 0 ? (
          <span className="muted">{t('home.noAnnouncements')}</span>
        ) : (
          <span className="ticker-run">
            {items.map((a) => (
              <AppLink
                key={a.id}
                to={`/pages/index/announcementDetail?id=${a.id}`}
                {...contentLangProps(a.language)}
              >
                {a.title}
              </AppLink>
            ))}
          </span>
        )}
      </div>
      <AppLink to="/pages/index/announcement">{t('action.more')}</AppLink>
    </section>
  );
}

function Price({ symbol }: { symbol: 'FREE' | 'FCC' }) {
  const { t } = useTranslation();
  const q = useQuote(symbol);
  return (
    <Stat label={t('home.price', { symbol })}>
      <Amount value={q?.price} token="USDT" maxFraction={6} /> <Change value={q?.change24h} />
    </Stat>
  );
}

function FomoCard() {
  const { t } = useTranslation();
  const fomoState = useModuleOpen('fomo');
  const query = useFomo();
  const fomo = query.data;
  // while it loads, the card holds its place (values '—'): its figures arriving move nothing below
  if (!fomo && !query.isPending) return null;
  return (
    <section className="card fomo-card stack">
      <div className="section-head">
        <h2>{t('home.fomoTitle')}</h2>
        {fomoState === 'closed' && <span className="tag-closed">{t('module.notOpen')}</span>}
      </div>
      <div className="stats">
        <Stat label={t('home.fomoBalance')}>
          <Amount value={fomo?.balance} token="FREE" />
        </Stat>
        <Stat label={t('home.fomoCountdown')}>
          {fomo?.unlockTime ? <Countdown end={fomo.unlockTime} format="hms" /> : '—'}
        </Stat>
        <Stat label={t('home.fomoParticipants')}>
          <Count value={fomo?.participants.length} />
        </Stat>
        <Stat label={t('home.fomoFloor')}>
          <Amount value={fomo?.floor} token="FREE" />
        </Stat>
      </div>
      {fomo && !fomo.distributing && (
        <p className="notice" role="status">
          {t('home.fomoPaused', { floor: fomo.floor })}
        </p>
      )}
    </section>
  );
}

export default function Home() {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  return (
    <div className="page">
      <Banners />
      <section className="hero">
        <h2>FREE</h2>
        <p>{t('home.tagline')}</p>
      </section>
      <Ticker />
      {!signedIn && (
        <section className="card stack">
          <p className="muted">{t('auth.signInPrompt')}</p>
          <Button color="primary" shape="rounded" block onClick={requestSignIn}>
            {t('auth.signIn')}
          </Button>
        </section>
      )}
      <section className="card prices">
        <Price symbol="FREE" />
        <Price symbol="FCC" />
      </section>
      <FomoCard />
      <h2 className="section-title">{t('home.modules')}</h2>
      <Grid entries={MODULES} label={t('home.modules')} />
      <h2 className="section-title">{t('home.docs')}</h2>
      <Grid entries={DOCS} label={t('home.docs')} />
    </div>
  );
}
