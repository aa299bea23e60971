// The one network the app runs on, from the server's config (chain_id).
import { NETWORK_TIMEOUT_MS } from '@free/protocol/constants';
import { type Chain, defineChain } from 'viem';
import { bsc, bscTestnet, foundry } from 'viem/chains';

export const RPC_URL: string = __FREE_RPC_URL__;

/** Every chain call from the app (reads, wallet requests, receipts) waits the network timeout. */
export const RPC_OPTIONS = { timeout: NETWORK_TIMEOUT_MS } as const;

/**
 * The chain with the build's RPC (VITE_RPC_URL) on every network: the page's Content-Security-Policy
 * allows that one, and a public endpoint of viem's chain list would be refused (or rate-limited).
 */
export function appChain(chainId: number): Chain {
  const rpcUrls = { default: { http: [RPC_URL] } };
  if (chainId === foundry.id) return { ...foundry, rpcUrls };
  if (chainId === bsc.id) return { ...bsc, rpcUrls };
  if (chainId === bscTestnet.id) return { ...bscTestnet, rpcUrls };
  return defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls,
  });
}

/** The page of transaction `hash` in the chain's block explorer, or null when the chain has none. */
export function txExplorerUrl(chainId: number, hash: string): string | null {
  const base = appChain(chainId).blockExplorers?.default.url;
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : null;
}
