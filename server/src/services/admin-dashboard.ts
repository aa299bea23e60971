// The operator dashboard: the platform's money and machinery at a glance. Database figures always;
// chain figures through the given client (null, or unreachable: the answer says why, the rest stays).

import { paymentAbi, stakingAbi } from '@free/protocol/abi/index';
import { parseAddress } from '@free/protocol/address';
import type { DashboardData } from '@free/protocol/api/admin';
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import { type ChainGuard, ChainMismatch } from '../chain/chain-guard.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { amt, checksum, iso } from '../lib/format.ts';
import { fomoBalance, fomoFloor } from './fomo.ts';
import { incomeBudgetFigures } from './income-budget.ts';
import { reconcile, reconcileChainFor, reconciliationView } from './reconcile.ts';
import { getSettings } from './settings.ts';

type ChainFigures = NonNullable<DashboardData['chain']>;

async function chainFigures(client: PublicClient, config: Config): Promise<ChainFigures> {
  const d = config.deployment;
  if (!d) throw new Error('no deployment file');
  const staking = (functionName: 'reserve' | 'committed' | 'openPrincipal' | 'availableReserve') =>
    client.readContract({ address: d.staking, abi: stakingAbi, functionName }) as Promise<bigint>;
  const token = (address: Address, holder: Address) =>
    client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
  const treasury = checksum(
    parseAddress(
      await client.readContract({ address: d.payment, abi: paymentAbi, functionName: 'treasury' }),
      'Payment.treasury',
    ),
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
    staking: {
      address: checksum(d.staking),
      reserve: amt(reserve),
      committed: amt(committed),
      openPrincipal: amt(openPrincipal),
      availableReserve: amt(availableReserve),
    },
    hotWallet: { address: checksum(hot), USDT: amt(hotUsdt), FREE: amt(hotFree), gas: amt(gas) },
    treasury: { address: treasury, USDT: amt(tUsdt), FREE: amt(tFree) },
  };
}

export async function dashboard(
  db: Executor,
  config: Config,
  client: PublicClient | null,
  guard?: Pick<ChainGuard, 'mismatch'>,
  now: Date = new Date(),
): Promise<DashboardData> {
  let chain: ChainFigures | null = null;
  let chainError: string | null = null;
  let reconciliation: DashboardData['reconciliation'] = null;
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
      if (holdings) reconciliation = (await reconcile(db, holdings)).map(reconciliationView);
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
    fomo: { balance: amt(balance), floor: amt(floor), aboveFloor: balance >= floor },
    incomeBudget: {
      day: income.day,
      budget: income.budget === null ? null : amt(income.budget),
      paid: amt(income.paid),
      lastHeld: amt(income.lastHeld),
      heldInterest: { count: income.held.interest.count, amount: amt(income.held.interest.amount) },
    },
    liabilities: { USDT: amt(owedOf('USDT')), FREE: amt(owedOf('FREE')) },
    reconciliation,
    indexer: cursors.map((c) => ({
      name: c.name,
      block: Number(c.block_number),
      lag: chain ? Math.max(0, chain.head - Number(c.block_number)) : null,
    })),
    payouts: payouts.map((p) => ({ state: p.state, count: Number(p.n), amount: amt(BigInt(p.total)) })),
    settlement: runs.map((r) => ({
      step: r.step,
      day: r.day,
      rows: Number(r.rows),
      total: amt(BigInt(r.total)),
      finishedAt: iso(r.finished_at),
    })),
    modules: settings.modules,
  };
}
