// The app's own wagmi config: EIP-6963 discovered wallets, the generic injected one, and on the
// local chain the local test wallet. WalletConnect is not here: AppKit brings its own config.
import { LOCAL_CHAIN_ID } from '@free/protocol/constants';
import type { Chain } from 'viem';
import { createConfig, http, injected } from 'wagmi';
import { RPC_OPTIONS, RPC_URL } from './chains';
import { createLocalProvider } from './localWallet';

export const LOCAL_CONNECTOR_ID = 'localTestWallet';

export function createWagmiConfig(chain: Chain) {
  const connectors = [injected({ shimDisconnect: true })];
  if (chain.id === LOCAL_CHAIN_ID) {
    const provider = createLocalProvider(chain, RPC_URL);
    connectors.push(
      injected({
        shimDisconnect: true,
        target: { id: LOCAL_CONNECTOR_ID, name: 'Local test wallet', provider: () => provider as never },
      }),
    );
  }
  return createConfig({
    chains: [chain],
    connectors,
    multiInjectedProviderDiscovery: true,
    transports: { [chain.id]: http(chain.rpcUrls.default.http[0], RPC_OPTIONS) },
  });
}
