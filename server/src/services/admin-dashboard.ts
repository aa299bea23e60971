// The operator dashboard: the platform's money and machinery at a glance. Database figures always;
// chain figures through the given client (null, or unreachable: the answer says why, the rest stays).

import { paymentAbi, stakingAbi } from '@free/protocol/abi/index';
import { parseAddress } from '@free/protocol/address';
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import { type ChainGuard, ChainMismatch } from '../chain/chain-guard.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { fomoBalance, fomoFloor } from './fomo.ts';
import { type HeldKind, incomeBudgetFigures } from './income-budget.ts';
import { type Reconciliation, reconcile, reconcileChainFor } from './reconcile.ts';
import { getSettings, type Settings } from './settings.ts';

/** What the chain says: the head block, Staking's figures, the hot wallet's and the treasury's balances (wei). */
export type ChainFigures = {
  head: number;
  staking: {
    address: Address;
    reserve: bigint;
    committed: bigint;
    openPrincipal: bigint;
    availableReserve: bigint;
  };
  hotWallet: { address: Address; USDT: bigint; FREE: bigint; gas: bigint };
  treasury: { address: Address; USDT: bigint; FREE: bigint };
};

/** The dashboard's figures: amounts in wei, times as Dates (views/admin-dashboard.ts answers them). */
export type Dashboard = {
  /** null when the chain cannot be read; `chainError` says why */
  chain: ChainFigures | null;
  chainError: string | null;
  chainMismatch: { expected: number; rpc: number } | null;
  fomo: { balance: bigint; floor: bigint; aboveFloor: boolean };
  incomeBudget: {
    day: string;
    budget: bigint | null;
    paid: bigint;
    lastHeld: bigint;
    heldInterest: HeldKind;
  };
  /** what the ledger owes users per token (every user account) */
  liabilities: { USDT: bigint; FREE: bigint };
  /** null when the chain cannot be read */
  reconciliation: Reconciliation[] | null;
  indexer: { name: string; block: number; lag: number | null }[];
  payouts: { state: string; count: number; amount: bigint }[];
  settlement: { step: string; day: string; rows: number; total: bigint; finishedAt: Date }[];
  modules: Settings['modules'];
};

async function chainFigures(client: PublicClient, config: Config): Promise<ChainFigures> {
  const d = config.deployment;
  if (!d) throw new Error('no deployment file');
  const staking = (functionName: 'reserve' | 'committed' | 'openPrincipal' | 'availableReserve') =>
    client.readContract({ address: d.staking, abi: stakingAbi, functionName }) as Promise<bigint>;
  const token = (address: Address, holder: Address) =>
    client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
  const treasury = parseAddress(
    await client.readContract({ address: d.payment, abi: paymentAbi, functionName: 'treasury' }),
    'Payment.treasury',
  );
  const hot = config.hotWalletAddress;
  const [head, reserve, committed, openPrincipal, availableReserve, hotUsdt, hotFree, gas, tUsdt, tFree] =
    await Promise.all([
      // the current head, not viem's few-seconds-old cached one: the lag figures compare with it
      client.getBlockNumber({ cacheTime: 0 }),
      staking('reserve'),
      staking('committed'),
      staking('openPrincipal'),
      staking('availableReserve'),
      token(d.usdt, hot),
      token(d.free, hot),
      client.getBalance({ address: hot }),
      token(d.usdt, treasury),
      token(d.free, treasury),
    ]);
  return {
    head: Number(head),
    staking: { address: d.staking, reserve, committed, openPrincipal, availableReserve },
    hotWallet: { address: hot, USDT: hotUsdt, FREE: hotFree, gas },
    treasury: { address: treasury, USDT: tUsdt, FREE: tFree },
  };
}

export async function dashboard(
  db: Executor,
  config: Config,
  client: PublicClient | null,
  guard?: Pick<ChainGuard, 'mismatch'>,
  now: Date = new Date(),
): Promise<Dashboard> {
  let chain: ChainFigures | null = null;
  let chainError: string | null = null;
  let reconciliation: Reconciliation[] | null = null;
  // what this process's jobs saw, or what the RPC answers now (the jobs may lead in another process)
  let chainMismatch = guard?.mismatch() ?? null;
  if (!client) chainError = 'no chain client configured';
  else {
    try {
      const rpc = await client.getChainId();
      if (rpc !== config.chainId) chainMismatch ??= { expected: config.chainId, rpc };
      // another chain's figures would mislead: none are shown
      if (chainMismatch) throw new ChainMismatch(chainMismatch.expected, chainMismatch.rpc);
      chain = await chainFigures(client, config);
      const holdings = reconcileChainFor(config, client);
      if (holdings) reconciliation = await reconcile(db, holdings);
    } catch (err) {
      chain = null;
      chainError =
        err instanceof ChainMismatch
          ? err.message
          : `chain unreachable: ${(err as Error).message.split('\n')[0]}`;
    }
  }
  const [balance, floor, settings] = await Promise.all([fomoBalance(db), fomoFloor(db), getSettings(db)]);
  const owed = rowsOf<{ asset: string; total: string }>(
    await db.execute(sql`SELECT asset, coalesce(sum(amount), 0)::text AS total FROM balances
      WHERE user_id IS NOT NULL AND asset IN ('USDT', 'FREE') GROUP BY asset`),
  );
  const owedOf = (a: string) => BigInt(owed.find((o) => o.asset === a)?.total ?? '0');
  const cursors = rowsOf<{ name: string; block_number: string | number }>(
    await db.execute(sql`SELECT name, block_number FROM chain_cursors ORDER BY name`),
  );
  const payouts = rowsOf<{ state: string; n: string | number; total: string }>(
    await db.execute(sql`SELECT state, count(*) AS n, coalesce(sum(amount), 0)::text AS total
      FROM withdrawals GROUP BY state ORDER BY state`),
  );
  const runs = rowsOf<{ step: string; day: string; rows: number; total: string; finished_at: string | Date }>(
    await db.execute(sql`SELECT DISTINCT ON (step) step, day::text AS day, rows, total::text AS total, created_at AS finished_at
      FROM settlement_runs ORDER BY step, day DESC`),
  );
  const income = await incomeBudgetFigures(db, now);
  return {
    chain,
    chainError,
    chainMismatch,
    fomo: { balance, floor, aboveFloor: balance >= floor },
    incomeBudget: {
      day: income.day,
      budget: income.budget,
      paid: income.paid,
      lastHeld: income.lastHeld,
      heldInterest: income.held.interest,
    },
    liabilities: { USDT: owedOf('USDT'), FREE: owedOf('FREE') },
    reconciliation,
    indexer: cursors.map((c) => ({
      name: c.name,
      block: Number(c.block_number),
      lag: chain ? Math.max(0, chain.head - Number(c.block_number)) : null,
    })),
    payouts: payouts.map((p) => ({ state: p.state, count: Number(p.n), amount: BigInt(p.total) })),
    settlement: runs.map((r) => ({
      step: r.step,
      day: r.day,
      rows: Number(r.rows),
      total: BigInt(r.total),
      finishedAt: r.finished_at instanceof Date ? r.finished_at : new Date(r.finished_at),
    })),
    modules: settings.modules,
  };
}
