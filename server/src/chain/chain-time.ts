// The chain's clock: the timestamp of its latest block. Deadlines the server signs for a contract
// (recharge orders, inviter signatures) are checked by the contract against block.timestamp, so
// they count from the later of the server's clock and the chain's: on a local chain moved forward
// (`npm run dev:advance`) an order signed against the wall clock would already be expired.
import type { PublicClient } from 'viem';

export type ChainTime = () => Promise<Date>;

export function chainTimeReader(client: Pick<PublicClient, 'getBlock'>): ChainTime {
  return async () => new Date(Number((await client.getBlock({ blockTag: 'latest' })).timestamp) * 1000);
}

/** The later of `now` and the chain's latest block time; `now` when the chain cannot be read. */
export async function signingNow(now: Date, chainTime: ChainTime | undefined): Promise<Date> {
  if (!chainTime) return now;
  try {
    const chain = await chainTime();
    return chain.getTime() > now.getTime() ? chain : now;
  } catch {
    return now;
  }
}
