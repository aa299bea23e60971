// The background jobs act on the chain of the deployment only. The API checked the RPC's chain id
// at start; an RPC can still come back from an outage, or behind a changed provider, answering
// another chain. The guard asks again before a step after `recheckMs`, after a failed step and
// while unverified; on a different chain id it stops for good (the jobs end, the dashboard says
// why) until an operator fixes RPC_URL and restarts the API.
import type { PublicClient } from 'viem';

/** How often the jobs ask the RPC its chain id while all goes well. */
export const CHAIN_RECHECK_MS = 60_000;

export class ChainMismatch extends Error {
  override name = 'ChainMismatch';
  constructor(
    readonly expected: number,
    readonly rpc: number,
  ) {
    super(`the RPC answers chain id ${rpc}, the deployment is for chain ${expected}: jobs stopped`);
  }
}

export type ChainGuard = {
  /** Resolves once the RPC answered the expected chain id recently; throws ChainMismatch otherwise. */
  ensure: () => Promise<void>;
  /** A step failed: ask the RPC again before the next one (it may have reconnected elsewhere). */
  suspect: () => void;
  /** The mismatch seen, or null. */
  mismatch: () => { expected: number; rpc: number } | null;
};

export function chainGuard(opts: {
  client: Pick<PublicClient, 'getChainId'>;
  chainId: number;
  recheckMs?: number;
  now?: () => number;
  onMismatch?: (err: ChainMismatch) => void;
}): ChainGuard {
  const recheckMs = opts.recheckMs ?? CHAIN_RECHECK_MS;
  const now = opts.now ?? Date.now;
  let verifiedAt: number | null = null;
  let failed: ChainMismatch | null = null;
  let asking: Promise<void> | null = null;
  const ask = async () => {
    let id: number;
    try {
      id = await opts.client.getChainId();
    } catch (err) {
      verifiedAt = null;
      throw err;
    }
    if (id !== opts.chainId) {
      failed ??= new ChainMismatch(opts.chainId, id);
      opts.onMismatch?.(failed);
      throw failed;
    }
    verifiedAt = now();
  };
  return {
    ensure: async () => {
      if (failed) throw failed;
      if (verifiedAt !== null && now() - verifiedAt < recheckMs) return;
      // one question for every job that asks at once
      asking ??= ask().finally(() => {
        asking = null;
      });
      await asking;
    },
    suspect: () => {
      verifiedAt = null;
    },
    mismatch: () => (failed ? { expected: failed.expected, rpc: failed.rpc } : null),
  };
}
