// The viem client of the configured RPC and the DEX addresses of the deployment, shared by the
// API, the jobs and the ops CLI.
import { createPublicClient, defineChain, type PublicClient } from 'viem';
import type { Config } from '../config.ts';
import { rpcTransport, rpcUrlList } from '../lib/rpc.ts';
import type { DexAddresses } from '../services/quotes.ts';

/**
 * A public client on config.rpcUrl (one URL, or several tried in order: lib/rpc.ts); `timeoutMs` per
 * request (default 10 s, one retry).
 */
export function makeChainClient(
  config: Pick<Config, 'chainId' | 'rpcUrl'>,
  opts: { timeoutMs?: number } = {},
): PublicClient {
  const chain = defineChain({
    id: config.chainId,
    name: `chain-${config.chainId}`,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: rpcUrlList(config.rpcUrl) } },
  });
  return createPublicClient({
    chain,
    transport: rpcTransport(config.rpcUrl, { timeoutMs: opts.timeoutMs ?? 10_000 }),
  }) as PublicClient;
}

/** The FREE/USDT pair and the tokens of the deployment; null without a deployment file. */
export function dexAddresses(config: Config): DexAddresses | null {
  const d = config.deployment;
  return d ? { pair: d.pair, free: d.free, fcc: d.fcc, usdt: d.usdt, factory: d.factory } : null;
}
