// Ignite tab: ignition state, the FREE it costs, the Ignite action (POST /api/user/fire/ignite),
// the user's burns, and the FOMO pool.
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { type FomoPool, useFire, useFomoPool, useIgnite } from '../../api/mine';
import { IgniteFlame } from '../../app/IgniteFlame';
import { ShortAddress } from '../../components/Address';
import { Amount, DateTime, toWei } from '../../components/Amount';
import { Countdown } from '../../components/Countdown';
import { Stat } from '../../components/LinkRows';
import { showToast } from '../../components/toast';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { BurnLine } from '../mine/BurnLine';
import '../mine/mine.css';
import { AppLink } from '../../app/link';

export default function Fire() {
  const { t, i18n } = useTranslation();
  const signedIn = useSession() !== null;
  const config = useConfig().data;
  const fire = useFire();
  const info = fire.data;
  const ignited = info?.ignited === true;
  const open = info?.open ?? (config ? config.modules.ignition !== false : true);
  const required = toWei(info?.requiredFree ?? config?.ignition_free);
  const have = toWei(info?.walletFree);
  const short = required !== null && have !== null && have < required;

  const ignite = useIgnite(() => showToast(t('toast.ignited'), 'success'));

  return (
    <div className="page">
      <section className={`card fire-card${ignited ? ' is-ignited' : ''}`} data-testid="fire-card">
        <div className="tab-ignite fire-big" aria-hidden="true">
          <IgniteFlame />
        </div>
        <h2 data-testid="fire-state">{ignited ? t('fire.ignited') : t('fire.notIgnited')}</h2>
        {ignited && info?.ignitedAt ? (
          <p className="muted">
            {t('fire.ignitedAt')} <DateTime value={info.ignitedAt} />
          </p>
        ) : (
          <p className="muted">{t('fire.explain')}</p>
        )}
        <div className="stats">
          <Stat label={t('fire.required')}>
            <Amount value={info?.requiredFree ?? config?.ignition_free} token="FREE" />
          </Stat>
          {signedIn && (
            <Stat label={t('fire.walletFree')}>
              <Amount value={info?.walletFree} token="FREE" />
            </Stat>
          )}
        </div>
        {!signedIn && (
          <Button color="primary" shape="rounded" block onClick={requestSignIn}>
            {t('auth.signIn')}
          </Button>
        )}
        {signedIn && !ignited && info && (
          <>
            {!open && <p className="notice">{t('module.notOpen')}</p>}
            {open && short && (
              <p className="notice danger" role="alert">
                {errorMessage(ErrorCode.InsufficientFree, i18n.language)}
              </p>
            )}
            <Button
              color="primary"
              shape="rounded"
              size="large"
              block
              data-testid="ignite-button"
              loading={ignite.isPending}
              disabled={!open || short || ignite.isPending}
              onClick={() => ignite.mutate()}
            >
              {t('fire.igniteAction')}
            </Button>
          </>
        )}
      </section>

      {signedIn && info && (
        <section className="card card-stack">
          <div className="section-head">
            <h2>{t('fire.myBurns')}</h2>
            <AppLink to="/pages/mine/burnData">{t('action.more')}</AppLink>
          </div>
          <Stat label={t('fire.burnedTotal')}>
            <Amount value={info.burnedTotal} token="FREE" />
          </Stat>
          {!info.records || info.records.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <ul className="mini-list">
              {info.records.slice(0, 3).map((r) => (
                <li key={r.id}>
                  <BurnLine row={r} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <FomoCard />
    </div>
  );
}

function FomoCard() {
  const { t } = useTranslation();
  const config = useConfig().data;
  const fomo = useFomoPool().data;
  if (!fomo) return null;
  if (config && config.modules.fomo === false)
    return (
      <section className="card card-stack" data-testid="fomo-card">
        <h2>{t('fire.fomoTitle')}</h2>
        <p className="notice">{t('module.notOpen')}</p>
      </section>
    );
  return (
    <section className="card card-stack" data-testid="fomo-card">
      <h2>{t('fire.fomoTitle')}</h2>
      <div className="stats">
        <Stat label={t('fire.fomoBalance')}>
          <Amount value={fomo.balance} token="FREE" />
        </Stat>
        <Stat label={t('fire.fomoCountdown')}>
          {fomo.unlockTime ? <Countdown end={fomo.unlockTime} format="hms" /> : '—'}
        </Stat>
      </div>
      <FomoHoldNotice fomo={fomo} />
      <h3 className="section-title">{t('fire.fomoParticipants')}</h3>
      {fomo.participants.length === 0 ? (
        <p className="muted">{t('list.noData')}</p>
      ) : (
        <ul className="mini-list">
          {fomo.participants.map((p) => (
            <li key={`${p.address}-${p.time}`}>
              <ShortAddress address={p.address} />
              <Amount value={p.amount} token="USDT" />
              <span className="muted">
                <DateTime value={p.time} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** docs/business-rules.md "FOMO floor": while the pool is below its floor, no earnings are distributed; say so. */
export function FomoHoldNotice({ fomo }: { fomo: FomoPool | null | undefined }) {
  const { t } = useTranslation();
  if (!fomo || fomo.distributing) return null;
  return (
    <p className="notice danger" role="status" data-testid="fomo-hold">
      {t('fire.fomoPaused')}{' '}
      <span className="muted">
        ({t('fire.fomoFloor')}: <Amount value={fomo.floor} token="FREE" />)
      </span>
    </p>
  );
}
