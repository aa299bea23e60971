// Profile tab: who is signed in, levels and badges, balances (off chain and on chain), invite link,
// every personal page, language, theme, contact, sign out.
import type { UserProfile } from '@free/protocol/api/index';
import { totalAssetsUsdt } from '@free/protocol/assets';
import { Button, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useChainBalances } from '../../api/mine';
import { useQuote } from '../../api/quotes';
import { useMe } from '../../api/user';
import { ShortAddress } from '../../components/Address';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import { LinkRows, Stat } from '../../components/LinkRows';
import { LANGUAGES } from '../../i18n';
import { requestSignIn } from '../../session/prompt';
import { signOut } from '../../session/signOut';
import { useSession } from '../../session/store';
import { setTheme, useTheme } from '../../theme/theme';
import { useWallet, wallet } from '../../wallet/state';
import './mine.css';
import { AppLink } from '../../app/link';

/** The invitation link: the app's own address with `#/?inviter=<address>` (docs/business-rules.md "Languages and screens"). */
export function inviteLinkFor(address: string, location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname || '/'}#/?inviter=${address}`;
}

/**
 * Membership labels (docs/business-rules.md "VIP and market-maker levels"): the VIP level and the
 * market-maker level the server gives, each when it is 1 or more; an ordinary member otherwise.
 */
export function membershipLabels(
  level: UserProfile['level'],
  t: (key: string, opts?: Record<string, unknown>) => string,
): string[] {
  const labels = [
    ...(level.vip > 0 ? [t('mine.vipLevel', { level: level.vip })] : []),
    ...(level.marketMakerLevel > 0 ? [t('mine.marketMakerLevel', { level: level.marketMakerLevel })] : []),
  ];
  return labels.length > 0 ? labels : [t('mine.memberOrdinary')];
}

const PERSONAL_PAGES = [
  { to: '/pages/mine/earnings', labelKey: 'page.earnings' },
  { to: '/pages/mine/recharge', labelKey: 'page.recharge' },
  { to: '/pages/mine/extract', labelKey: 'page.withdraw' },
  { to: '/pages/mine/team', labelKey: 'page.team' },
  { to: '/pages/mine/finance', labelKey: 'page.flowRecords' },
  { to: '/pages/mine/airdropData', labelKey: 'page.airdropData' },
  { to: '/pages/mine/unLockDetails', labelKey: 'page.unlockDetails' },
  { to: '/pages/mine/burnData', labelKey: 'page.burnData' },
  { to: '/pages/shop/order', labelKey: 'page.stakeOrders' },
  { to: '/pages/shop/redemption', labelKey: 'page.redemption' },
  { to: '/pages/shop/shopOrders', labelKey: 'page.shopOrders' },
  { to: '/pages/shop/fccRecord', labelKey: 'page.fccRecord' },
  { to: '/pages/chainPool/myContribution', labelKey: 'page.myContribution' },
  { to: '/pages/chainPool/orderList', labelKey: 'page.poolOrders' },
  { to: '/pages/mine/sessions', labelKey: 'page.sessions' },
  { to: '/pages/mine/liabilities', labelKey: 'page.liabilities' },
] as const;

/**
 * Total assets: every off-chain balance valued in USDT at the current quotes (protocol rule
 * totalAssetsUsdt), with what it counts; "—" while a held token has no quote.
 */
export function TotalAssets({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const free = useQuote('FREE');
  const fcc = useQuote('FCC');
  const total = totalAssetsUsdt(profile.balances, { FREE: free?.price, FCC: fcc?.price });
  return (
    <div className="total-assets" data-testid="total-assets">
      <span className="muted">{t('mine.totalAssets')}</span>
      <strong data-testid="total-assets-value">
        {total === null ? '—' : <Amount value={total} token="USDT" />}
      </strong>
      <p className="muted total-assets-note">{t('mine.totalAssetsExplained')}</p>
    </div>
  );
}

function Balances({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const chain = useChainBalances();
  const b = profile.balances;
  return (
    <div className="stats dual" data-testid="profile-balances">
      <Stat label={t('mine.walletBalance')}>
        <Amount value={b.wallet.USDT} token="USDT" />
        <Amount value={b.wallet.FREE} token="FREE" />
      </Stat>
      <Stat label={t('mine.onChainBalance')}>
        <span data-testid="chain-usdt">
          <Amount value={chain.data?.usdt} token="USDT" />
        </span>
        <span data-testid="chain-free">
          <Amount value={chain.data?.free} token="FREE" />
        </span>
      </Stat>
      <Stat label={t('mine.airdropBalance')}>
        <Amount value={b.airdrop.FREE} token="FREE" />
        <Amount value={b.airdrop.USDT} token="USDT" />
      </Stat>
      <Stat label={t('mine.poolBalance')}>
        {/* the pool's income lands here; the pool data page moves it to the wallet */}
        <AppLink to="/pages/chainPool/poolData" data-testid="profile-pool-balance">
          <Amount value={b.pool.USDT} token="USDT" />
          <Amount value={b.pool.FREE} token="FREE" />
        </AppLink>
      </Stat>
      <Stat label={t('mine.assetBalance')}>
        <Amount value={b.asset.USDT} token="USDT" />
        <Amount value={b.asset.FREE} token="FREE" />
      </Stat>
    </div>
  );
}

export default function Mine() {
  const { t, i18n } = useTranslation();
  const signed = useSession();
  const me = useMe();
  const w = useWallet();
  const theme = useTheme();
  const profile = me.data;
  const inviteLink = signed ? inviteLinkFor(signed.user.address, window.location) : '';
  const language = LANGUAGES.find((l) => l.code === i18n.language);
  return (
    <div className="page">
      <section className="card profile-card">
        {signed ? (
          <>
            <div className="profile-head">
              <span className="muted">{t('mine.address')}</span>
              <span data-testid="profile-address">
                <ShortAddress address={signed.user.address} copy />
              </span>
            </div>
            {profile && (
              <>
                <div className="badges" data-testid="profile-badges">
                  <span className="badge is-brand">
                    {t('mine.level')} <bdi dir="ltr">{profile.level.user}</bdi>
                  </span>
                  {membershipLabels(profile.level, t).map((label) => (
                    <span key={label} className="badge" data-testid="membership-badge">
                      {label}
                    </span>
                  ))}
                  <span className="badge">{t(`node.${profile.level.node}`)}</span>
                  <span
                    className={profile.ignited ? 'badge is-success' : 'badge'}
                    data-testid="ignited-badge"
                  >
                    {profile.ignited ? t('mine.ignited') : t('mine.notIgnited')}
                  </span>
                </div>
                <TotalAssets profile={profile} />
                <Balances profile={profile} />
              </>
            )}
            <div className="invite-row">
              <span>{t('mine.inviteLink')}</span>
              <CopyButton text={inviteLink} label={t('action.copyLink')} />
            </div>
          </>
        ) : (
          <>
            <p className="muted">{w.signingIn ? t('auth.loggingIn') : t('auth.signInPrompt')}</p>
            <Button color="primary" shape="rounded" block loading={w.signingIn} onClick={requestSignIn}>
              {t('auth.signIn')}
            </Button>
          </>
        )}
      </section>
      {signed && <LinkRows rows={PERSONAL_PAGES} />}
      <div className="card row-links">
        <AppLink to="/pages/mine/language" className="row-link" data-testid="language-link">
          <span>{t('page.language')}</span>
          <span className="muted">{language?.nativeName}</span>
        </AppLink>
        <div className="row-link">
          <span id="dark-theme-label">{t('mine.darkTheme')}</span>
          <Switch
            checked={theme === 'dark'}
            onChange={(on) => setTheme(on ? 'dark' : 'light')}
            aria-label={t('mine.darkTheme')}
            data-testid="theme-switch"
          />
        </div>
        <AppLink to="/pages/mine/contact" className="row-link">
          <span>{t('page.contact')}</span>
        </AppLink>
        <AppLink to="/pages/index/docs?type=whitepaper" className="row-link">
          <span>{t('docs.whitepaper')}</span>
        </AppLink>
      </div>
      {signed && (
        <Button
          block
          shape="rounded"
          fill="outline"
          data-testid="sign-out"
          onClick={() => {
            void signOut();
            void wallet.api()?.disconnect();
          }}
        >
          {t('auth.signOut')}
        </Button>
      )}
    </div>
  );
}
