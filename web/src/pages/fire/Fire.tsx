// Ignite tab: whether the account is ignited and what ignition costs (GET /api/user/fire).
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { useFireInfo } from '../../api/user';
import { IgniteFlame } from '../../app/IgniteFlame';
import { Amount } from '../../components/Amount';
import { LinkRows, Stat } from '../../components/LinkRows';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';

export default function Fire() {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  const config = useConfig();
  const fire = useFireInfo();
  const ignited = fire.data?.ignited === true;
  return (
    <div className="page">
      <section className={`card fire-card${ignited ? ' is-ignited' : ''}`}>
        <div className="tab-ignite fire-big" aria-hidden="true">
          <IgniteFlame />
        </div>
        <h2>{ignited ? t('fire.ignited') : t('fire.notIgnited')}</h2>
        <p className="muted">{t('fire.explain')}</p>
        <div className="stats">
          <Stat label={t('fire.required')}>
            <Amount value={fire.data?.requiredFree ?? config.data?.ignition_free} token="FREE" />
          </Stat>
          {signedIn && (
            <Stat label={t('fire.walletFree')}>
              <Amount value={fire.data?.walletFree} token="FREE" />
            </Stat>
          )}
        </div>
        {!signedIn && (
          <Button color="primary" shape="rounded" block onClick={requestSignIn}>
            {t('auth.signIn')}
          </Button>
        )}
      </section>
      <LinkRows rows={[{ to: '/pages/mine/burnData', labelKey: 'page.burnData' }]} />
    </div>
  );
}
