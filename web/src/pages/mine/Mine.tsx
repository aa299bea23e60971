// Profile tab: who is signed in, balances and levels, invite link, every personal page, settings.
import { Button, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/user';
import { ShortAddress } from '../../components/Address';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import { LinkRows, Stat } from '../../components/LinkRows';
import { LANGUAGES } from '../../i18n';
import { requestSignIn } from '../../session/prompt';
import { session, useSession } from '../../session/store';
import { setTheme, useTheme } from '../../theme/theme';
import { useWallet } from '../../wallet/state';

export default function Mine() {
  const { t, i18n } = useTranslation();
  const signed = useSession();
  const me = useMe();
  const w = useWallet();
  const theme = useTheme();
  const profile = me.data;
  const inviteLink = signed
    ? `${window.location.origin}${window.location.pathname}#/?inviter=${signed.user.address}`
    : '';
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
              <div className="stats">
                <Stat label={t('mine.level')}>
                  <bdi dir="ltr">{profile.level.user}</bdi>
                </Stat>
                <Stat label={t('mine.node')}>{t(`node.${profile.level.node}`)}</Stat>
                <Stat label={t('mine.walletBalance')}>
                  <Amount value={profile.balances.wallet.USDT} token="USDT" />
                </Stat>
                <Stat label={t('mine.freeBalance')}>
                  <Amount value={profile.balances.wallet.FREE} token="FREE" />
                </Stat>
                <Stat label={t('mine.airdropBalance')}>
                  <Amount value={profile.balances.airdrop.FREE} token="FREE" />
                </Stat>
                <Stat label={t('mine.poolBalance')}>
                  <Amount value={profile.balances.pool.USDT} token="USDT" />
                </Stat>
              </div>
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
      {signed && (
        <LinkRows
          rows={[
            { to: '/pages/mine/earnings', labelKey: 'page.earnings' },
            { to: '/pages/mine/recharge', labelKey: 'page.recharge' },
            { to: '/pages/mine/extract', labelKey: 'page.withdraw' },
            { to: '/pages/mine/team', labelKey: 'page.team' },
            { to: '/pages/mine/finance', labelKey: 'page.flowRecords' },
            { to: '/pages/mine/airdropData', labelKey: 'page.airdropData' },
            { to: '/pages/mine/unLockDetails', labelKey: 'page.unlockDetails' },
            { to: '/pages/mine/burnData', labelKey: 'page.burnData' },
            { to: '/pages/shop/order', labelKey: 'page.stakeOrders' },
          ]}
        />
      )}
      <div className="card row-links">
        <Link to="/pages/mine/language" className="row-link" data-testid="language-link">
          <span>{t('page.language')}</span>
          <span className="muted">{language?.nativeName}</span>
        </Link>
        <div className="row-link">
          <span id="dark-theme-label">{t('mine.darkTheme')}</span>
          <Switch
            checked={theme === 'dark'}
            onChange={(on) => setTheme(on ? 'dark' : 'light')}
            aria-label={t('mine.darkTheme')}
            data-testid="theme-switch"
          />
        </div>
        <Link to="/pages/mine/contact" className="row-link">
          <span>{t('page.contact')}</span>
        </Link>
        <Link to="/pages/index/docs?type=whitepaper" className="row-link">
          <span>{t('docs.whitepaper')}</span>
        </Link>
      </div>
      {signed && (
        <Button block shape="rounded" fill="outline" onClick={() => session.clear()}>
          {t('auth.signOut')}
        </Button>
      )}
    </div>
  );
}
