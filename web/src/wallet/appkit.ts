// WalletConnect through Reown AppKit, loaded only when the user picks it (≈390 KiB gzip).
// AppKit awaits its cloud with no timeout before opening its modal, so we ask the
// cloud ourselves first, and race the opening with a timeout: the user gets a message, never a
// modal that does not open.
import type { Chain } from 'viem';
import type { Config } from 'wagmi';

export const PROJECT_ID: string = __FREE_WC_PROJECT_ID__;
const CLOUD_URL = 'https://api.web3modal.org/appkit/v1/config';
const CLOUD_TIMEOUT_MS = 3500;
const OPEN_TIMEOUT_MS = 5000;

/** A failure the sheet explains with the i18n key it carries. */
export class WalletMessage extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

async function cloudReachable(): Promise<boolean> {
  try {
    await fetch(`${CLOUD_URL}?projectId=${encodeURIComponent(PROJECT_ID)}`, {
      mode: 'no-cors',
      signal: AbortSignal.timeout(CLOUD_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}

function timeout(ms: number): Promise<'timeout'> {
  return new Promise((r) => setTimeout(() => r('timeout'), ms));
}

let instance: { config: Config; open: () => Promise<unknown>; close: () => Promise<void> } | null = null;

async function load(chain: Chain, theme: 'light' | 'dark') {
  if (instance) return instance;
  const [{ createAppKit }, { WagmiAdapter }] = await Promise.all([
    import('@reown/appkit'),
    import('@reown/appkit-adapter-wagmi'),
  ]);
  const networks = [chain] as [Chain, ...Chain[]];
  const adapter = new WagmiAdapter({ networks: networks as never, projectId: PROJECT_ID });
  // createAppKit runs once per page and cannot be torn down.
  const kit = createAppKit({
    adapters: [adapter],
    networks: networks as never,
    projectId: PROJECT_ID,
    themeMode: theme,
    metadata: {
      name: 'FREE',
      description: 'FREE',
      url: window.location.origin,
      icons: [],
    },
    // E-mail and social logins off (docs/business-rules.md "Calls, messages and timing"), set explicitly: left undefined, email and socials switch themselves on.
    features: { email: false, socials: [], analytics: true },
    enableCoinbase: false,
    enableBaseAccount: false,
  });
  instance = { config: adapter.wagmiConfig as Config, open: () => kit.open(), close: () => kit.close() };
  return instance;
}

/** Opens the WalletConnect modal; resolves with AppKit's wagmi config, or throws a WalletMessage. */
export async function openWalletConnect(chain: Chain, theme: 'light' | 'dark'): Promise<Config> {
  if (!PROJECT_ID) throw new WalletMessage('wallet.wcNotConfigured');
  if (!(await cloudReachable())) throw new WalletMessage('wallet.wcUnreachable');
  const kit = await Promise.race([load(chain, theme), timeout(OPEN_TIMEOUT_MS)]);
  if (kit === 'timeout') throw new WalletMessage('wallet.wcUnreachable');
  const opened = await Promise.race([kit.open().then(() => 'open' as const), timeout(OPEN_TIMEOUT_MS)]);
  if (opened === 'timeout') {
    void kit.close();
    throw new WalletMessage('wallet.wcUnreachable');
  }
  return kit.config;
}
