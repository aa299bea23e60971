// The viem client of the configured RPC and the DEX addresses of the deployment, shared by the
// API, the jobs and the ops CLI.
import { type Address, createPublicClient, defineChain, type PublicClient, type Transport } from 'viem';
import type { Config } from '../config.ts';
import { rpcErrors } from '../lib/metrics.ts';
import { rpcTransport, rpcUrlList } from '../lib/rpc.ts';

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
    transport: counted(rpcTransport(config.rpcUrl, { timeoutMs: opts.timeoutMs ?? 10_000 })),
  }) as PublicClient;
}

/** Where the FREE/USDT pair and the tokens are: what the DEX price readers (services/quotes.ts) read. */
export type DexAddresses = { pair: Address; free: Address; fcc: Address; usdt: Address; factory: Address };

/**
 * The transport, counting in free_rpc_errors_total every request the RPC did not answer (no
 * connection, HTTP error, timeout) or answered with a provider error; a contract's revert is an
 * answer, not an RPC error.
 */
function counted(transport: Transport): Transport {
  return (args) => {
    const t = transport(args);
    const request: typeof t.request = async (req, options) => {
      try {
        return await t.request(req, options);
      } catch (err) {
        if (!/revert/i.test(String((err as Error)?.message))) rpcErrors.inc();
        throw err;
      }
    };
    return { ...t, request };
  };
}

/** The FREE/USDT pair and the tokens of the deployment; null without a deployment file. */
export function dexAddresses(config: Config): DexAddresses | null {
  const d = config.deployment;
  return d ? { pair: d.pair, free: d.free, fcc: d.fcc, usdt: d.usdt, factory: d.factory } : null;
}
