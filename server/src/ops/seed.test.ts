// The demo seed on a fresh anvil: every module gets real records through its services, and a
// second run changes nothing (seed_runs marker).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLocal } from '../../../scripts/src/seed.ts';
import { openTestDb } from '../../test/helpers.ts';
import { startTestChain, type TestChain } from '../chain/test-chain.ts';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { fullSnapshot } from '../routes/product/testkit.ts';

let chain: TestChain;
let db: DbHandle;

beforeAll(async () => {
  chain = await startTestChain();
  db = await openTestDb('memory://');
}, 180_000);
afterAll(async () => {
  await db?.close();
  await chain?.stop();
});

const count = async (table: string) =>
  Number(
    rowsOf<{ n: string }>(await db.db.execute(sql.raw(`SELECT count(*)::text AS n FROM "${table}"`)))[0]?.n,
  );

describe('seedLocal', () => {
  it('creates a demo history through the services, once', async () => {
    const first = await seedLocal({ rpcUrl: chain.rpcUrl, deployment: chain.deployment, db, log: () => {} });
    expect(first).toEqual({ skipped: false, users: 9 });
    expect(await count('users')).toBe(9);
    expect(
      Number(
        rowsOf<{ n: string }>(
          await db.db.execute(sql`SELECT count(*)::text AS n FROM users WHERE inviter_id IS NOT NULL`),
        )[0]?.n,
      ),
    ).toBe(8);
    expect(
      Number(
        rowsOf<{ n: string }>(
          await db.db.execute(sql`SELECT count(*)::text AS n FROM recharge_orders WHERE state = 'paid'`),
        )[0]?.n,
      ),
    ).toBe(9);
    for (const table of [
      'contributions',
      'pool_orders',
      'hlb_orders',
      'machine_orders',
      'shop_orders',
      'card_applications',
      'round_bets',
      'articles',
      'banners',
      'quote_snapshots',
      'withdrawals',
    ]) {
      expect(await count(table), table).toBeGreaterThan(0);
    }
    const rounds = rowsOf<{ state: string }>(
      await db.db.execute(sql`SELECT DISTINCT state FROM prediction_rounds ORDER BY state`),
    );
    expect(rounds.map((r) => r.state)).toEqual(['refunded', 'settled']);
    // stakes were made on chain through the contract
    const stakes = await chain.client.readContract({
      address: chain.deployment.staking,
      abi: (await import('@free/protocol/abi/index')).stakingAbi,
      functionName: 'stakeCount',
      args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
    });
    expect(stakes).toBe(1n);

    const before = await fullSnapshot(db);
    const second = await seedLocal({ rpcUrl: chain.rpcUrl, deployment: chain.deployment, db, log: () => {} });
    expect(second).toEqual({ skipped: true, users: 0 });
    expect(await fullSnapshot(db)).toEqual(before);
  }, 300_000);
});
