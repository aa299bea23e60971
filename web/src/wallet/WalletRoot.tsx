// The lazy wallet stack: wagmi set-up, the connect/sign-in sheet, the wrong-network prompt, and the
// rule that a different connected address ends the session (docs/business-rules.md "Calls, messages and timing"). Loaded after first paint.
import { Button, Popup, SpinLoading } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Config, Connector } from 'wagmi';
import {
  connect,
  disconnect,
  getConnection,
  reconnect,
  signMessage,
  switchChain,
  watchConnection,
  watchConnectors,
} from 'wagmi/actions';
import { useConfig } from '../api/config';
import { ShortAddress } from '../components/Address';
import { useWalletSheet, walletSheet } from '../session/prompt';
import { signIn } from '../session/signIn';
import { session, useSession, walletEndsSession } from '../session/store';
import { resolvedTheme } from '../theme/theme';
import { openWalletConnect, WalletMessage } from './appkit';
import { appChain } from './chains';
import { useWallet, wallet } from './state';
import { createWagmiConfig, LOCAL_CONNECTOR_ID } from './wagmi';

const configs = new Map<number, Config>();
const NO_CONNECTORS: readonly Connector[] = [];
let active: Config | null = null;

function configFor(chainId: number): Config {
  let c = configs.get(chainId);
  if (!c) {
    c = createWagmiConfig(appChain(chainId));
    configs.set(chainId, c);
  }
  return c;
}

function errorKey(error: unknown): string {
  if (error instanceof WalletMessage) return error.key;
  const e = error as { name?: string; code?: number; cause?: { code?: number } } | null;
  if (e?.name === 'UserRejectedRequestError' || e?.code === 4001 || e?.cause?.code === 4001)
    return 'wallet.rejected';
  if (e?.name === 'ProviderNotFoundError') return 'wallet.noProvider';
  return 'wallet.failed';
}

/** Follows one wagmi config's connection into the small wallet store. */
function follow(config: Config): () => void {
  const publish = () => {
    const c = getConnection(config);
    wallet.set({
      status:
        c.status === 'connected' ? 'connected' : c.status === 'disconnected' ? 'disconnected' : 'connecting',
      address: c.address,
      chainId: c.chainId,
      connectorName: c.connector?.id === LOCAL_CONNECTOR_ID ? 'local' : c.connector?.name,
    });
  };
  publish();
  return watchConnection(config, { onChange: publish });
}

export default function WalletRoot() {
  const { t } = useTranslation();
  const cfg = useConfig();
  const chainId = cfg.data?.chain_id;
  const base = useMemo(() => (chainId ? configFor(chainId) : null), [chainId]);
  const [current, setCurrent] = useState<Config | null>(null);
  const sheet = useWalletSheet();
  const state = useWallet();
  const signed = useSession();
  const [busy, setBusy] = useState<'connect' | 'signIn' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const autoSignIn = useRef(false);

  const connectors = useSyncExternalStore(
    (l) => (base ? watchConnectors(base, { onChange: l }) : () => {}),
    () => base?.connectors ?? NO_CONNECTORS,
  );

  // Set-up: reconnect the last wallet, follow it, expose the wallet API.
  useEffect(() => {
    if (!base || !chainId) return;
    active = base;
    setCurrent(base);
    void reconnect(base);
    wallet.register({
      disconnect: async () => {
        if (active) await disconnect(active);
      },
      switchToAppChain: async () => {
        if (active) await switchChain(active, { chainId });
      },
      config: () => active,
      appChainId: () => chainId,
    });
  }, [base, chainId]);

  useEffect(() => (current ? follow(current) : undefined), [current]);

  // A different wallet than the signed-in one: end the session and ask again.
  useEffect(() => {
    if (walletEndsSession(state, signed)) {
      session.clear();
      walletSheet.requestSignIn();
    }
  }, [state, signed]);

  const runSignIn = async () => {
    const config = active;
    const c = config ? getConnection(config) : null;
    if (!config || !c?.address || !chainId) return;
    setBusy('signIn');
    setMessage(null);
    wallet.set({ signingIn: true });
    try {
      if (c.chainId !== chainId) await switchChain(config, { chainId });
      await signIn({
        address: c.address,
        chainId,
        signMessage: (m) => signMessage(config, { message: m, account: c.address }),
      });
      walletSheet.close();
    } catch (error) {
      // API failures were already shown by the client; wallet failures are explained here.
      if (!(error instanceof Error && error.name === 'ApiError')) setMessage(errorKey(error));
    } finally {
      setBusy(null);
      wallet.set({ signingIn: false });
    }
  };

  // Connected through a connector chosen in the sheet: sign in straight away.
  useEffect(() => {
    if (autoSignIn.current && state.status === 'connected' && !signed) {
      autoSignIn.current = false;
      void runSignIn();
    }
  });

  const choose = async (connector: Connector) => {
    if (!base) return;
    setBusy('connect');
    setMessage(null);
    try {
      active = base;
      setCurrent(base);
      if (getConnection(base).status === 'connected') await disconnect(base);
      autoSignIn.current = true;
      await connect(base, { connector, chainId });
    } catch (error) {
      autoSignIn.current = false;
      setMessage(errorKey(error));
    } finally {
      setBusy(null);
    }
  };

  const chooseWalletConnect = async () => {
    if (!chainId) return;
    setBusy('connect');
    setMessage(null);
    try {
      const config = await openWalletConnect(appChain(chainId), resolvedTheme());
      active = config;
      setCurrent(config);
      autoSignIn.current = true;
      walletSheet.close();
    } catch (error) {
      setMessage(errorKey(error));
    } finally {
      setBusy(null);
    }
  };

  const wrongChain = state.status === 'connected' && chainId !== undefined && state.chainId !== chainId;
  const hasInjected = typeof window !== 'undefined' && 'ethereum' in window;
  const discovered = connectors.filter(
    (c) => c.type === 'injected' && c.id !== 'injected' && c.id !== LOCAL_CONNECTOR_ID,
  );
  const generic = connectors.find((c) => c.id === 'injected');
  const local = connectors.find((c) => c.id === LOCAL_CONNECTOR_ID);

  return (
    <>
      {wrongChain && (
        <div className="network-banner" role="alert">
          <span>{t('wallet.wrongNetwork')}</span>
          <Button
            size="mini"
            color="primary"
            onClick={() =>
              void wallet
                .api()
                ?.switchToAppChain()
                .catch((e) => setMessage(errorKey(e)))
            }
          >
            {t('wallet.switchNetwork')}
          </Button>
        </div>
      )}
      <Popup
        visible={sheet.open}
        onMaskClick={() => walletSheet.close()}
        onClose={() => walletSheet.close()}
        bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      >
        <div className="wallet-sheet" data-testid="wallet-sheet">
          <h3>{signed ? t('wallet.title') : t('auth.signInTitle')}</h3>
          {cfg.isError && (
            <div className="notice danger" role="alert">
              {t('wallet.configFailed')}{' '}
              <Button size="mini" onClick={() => void cfg.refetch()}>
                {t('action.retry')}
              </Button>
            </div>
          )}
          {!chainId && cfg.isPending && <SpinLoading style={{ margin: '12px auto' }} />}
          {busy === 'signIn' && (
            <p className="notice" role="status">
              {t('auth.loggingIn')}
            </p>
          )}
          {message && (
            <p className="notice danger" role="alert">
              {t(message)}
            </p>
          )}
          {state.status === 'connected' && state.address && !signed && busy !== 'signIn' && (
            <Button block color="primary" shape="rounded" onClick={() => void runSignIn()}>
              {t('auth.signInAs')} <ShortAddress address={state.address} />
            </Button>
          )}
          {chainId !== undefined && (
            <>
              <p className="muted">{t('wallet.choose')}</p>
              {discovered.map((c) => (
                <button
                  key={c.uid}
                  type="button"
                  className="wallet-option"
                  disabled={busy !== null}
                  onClick={() => void choose(c)}
                >
                  {c.icon ? <img src={c.icon} alt="" /> : <span className="dot" />}
                  <span>{c.name}</span>
                </button>
              ))}
              {discovered.length === 0 && hasInjected && generic && (
                <button
                  type="button"
                  className="wallet-option"
                  disabled={busy !== null}
                  onClick={() => void choose(generic)}
                >
                  <span>{t('wallet.browserWallet')}</span>
                </button>
              )}
              {local && (
                <button
                  type="button"
                  className="wallet-option"
                  data-testid="local-wallet"
                  disabled={busy !== null}
                  onClick={() => void choose(local)}
                >
                  <span>{t('wallet.localTestWallet')}</span>
                </button>
              )}
              <button
                type="button"
                className="wallet-option"
                data-testid="walletconnect"
                disabled={busy !== null}
                onClick={() => void chooseWalletConnect()}
              >
                <span>{t('wallet.walletConnect')}</span>
                {busy === 'connect' && <SpinLoading style={{ '--size': '18px' } as React.CSSProperties} />}
              </button>
            </>
          )}
          {state.status === 'connected' && (
            <Button block fill="outline" shape="rounded" onClick={() => void wallet.api()?.disconnect()}>
              {t('wallet.disconnect')}
            </Button>
          )}
        </div>
      </Popup>
    </>
  );
}
