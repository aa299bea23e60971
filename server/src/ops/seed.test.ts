// The demo seed on a fresh anvil: every module gets real records through its services, and a
// second run changes nothing (seed_runs marker).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stakingAbi } from '@free/protocol/abi/index';
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testConfig } from '../../test/helpers.ts';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { fullSnapshot } from '../../test/support/testkit.ts';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { runSettlement } from '../jobs/settlement.ts';
import { fomoBalance, fomoFloor } from '../services/fomo.ts';
import { getSettings, isModuleOpen } from '../services/settings.ts';
import { chainOps } from './cli.ts';
import { DEMO_ALLOCATION_ACCOUNTS, DEMO_OPEN_MODULES, seedLocal } from './seed.ts';

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

    // the pool burns used the DEX price of the FREE/USDT pair
    const [q] = rowsOf<{ source: string; price: string }>(
      await db.db.execute(sql`SELECT source, price::text FROM quotes WHERE symbol = 'FREE'`),
    );
    expect(q?.source).toBe('dex');
    expect(BigInt(q?.price ?? 0)).toBeGreaterThan(0n);

    // the economy is live: every module open, the FOMO pool above its floor (earnings paid),
    // allocations for accounts 1–5, ignition and stakes made with the balance
    const settings = await getSettings(db.db);
    for (const key of DEMO_OPEN_MODULES) expect(isModuleOpen(settings, key), key).toBe(true);
    expect(await fomoBalance(db.db)).toBeGreaterThan(await fomoFloor(db.db));
    const allocations = rowsOf<{ address: string; kinds: string }>(
      await db.db.execute(sql`SELECT lower(u.address) AS address, string_agg(DISTINCT a.kind, ',' ORDER BY a.kind) AS kinds
        FROM token_allocations a JOIN users u ON u.id = a.user_id GROUP BY u.address`),
    );
    expect(new Map(allocations.map((a) => [a.address, a.kinds]))).toEqual(
      new Map(
        DEMO_ALLOCATION_ACCOUNTS.map((i) => [localAccount(i).address.toLowerCase(), 'airdrop,presale']),
      ),
    );
    expect(
      Number(
        rowsOf<{ n: string }>(
          await db.db.execute(sql`SELECT count(*)::text AS n FROM users WHERE ignited`),
        )[0]?.n,
      ),
    ).toBeGreaterThan(0);
    expect(await count('stake_orders')).toBeGreaterThan(0);
    // a settlement of today pays instead of holding at the FOMO floor
    const settled = await runSettlement(db, new Date().toISOString().slice(0, 10));
    expect(settled.held).toBeNull();

    const before = await fullSnapshot(db);
    const second = await seedLocal({ rpcUrl: chain.rpcUrl, deployment: chain.deployment, db, log: () => {} });
    expect(second).toEqual({ skipped: true, users: 0 });
    expect(await fullSnapshot(db)).toEqual(before);
  }, 300_000);

  it('ships every picture it refers to with the web app (banners, machines, shop, documents)', async () => {
    const catalogue = rowsOf<{ image: string | null }>(
      await db.db.execute(sql`
        SELECT image FROM banners UNION ALL SELECT image FROM machines UNION ALL SELECT image FROM shop_products`),
    ).map((r) => r.image);
    expect(catalogue.length).toBeGreaterThan(0);
    expect(catalogue).not.toContain(null); // no banner, machine or product without a picture
    const covers = rowsOf<{ cover: string }>(
      await db.db.execute(sql`SELECT cover FROM articles WHERE cover IS NOT NULL`),
    ).map((r) => r.cover);
    const pictures = [...catalogue, ...covers] as string[];
    for (const image of pictures) {
      // same-origin files under web/public, allowed by the CSP's img-src 'self'
      expect(image, image).toMatch(/^\/demo\/[\w-]+\.svg$/);
      expect(existsSync(fileURLToPath(new URL(`../../../web/public${image}`, import.meta.url))), image).toBe(
        true,
      );
    }
  });

  it('funds the reserve, adds a signer and removes the old one on chain with the owner key (ops chain commands)', async () => {
    const ops = chainOps(
      testConfig({ rpcUrl: chain.rpcUrl, deployment: chain.deployment as never, chainId: 31337 }),
    );
    if (!ops) throw new Error('no chain ops');
    const reserve = () =>
      chain.client.readContract({
        address: chain.deployment.staking,
        abi: stakingAbi,
        functionName: 'reserve',
      });
    const before = await reserve();
    expect((await ops.fundReserve(1234n * WEI_PER_UNIT)).txHashes).toHaveLength(2);
    expect(await reserve()).toBe(before + 1234n * WEI_PER_UNIT);
    const old = chain.deployment.signer as `0x${string}`;
    const next = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    expect(await ops.signerAccepted(old)).toEqual({ staking: true, payment: true });
    expect(await ops.signerAccepted(next)).toEqual({ staking: false, payment: false });
    expect((await ops.addSigner(next)).txHashes).toHaveLength(2);
    // both accepted: signatures of either key pass while the API switches
    expect(await ops.signerAccepted(old)).toEqual({ staking: true, payment: true });
    expect(await ops.signerAccepted(next)).toEqual({ staking: true, payment: true });
    // run again (an interrupted command): nothing left to send
    expect((await ops.addSigner(next)).txHashes).toEqual([]);
    expect((await ops.removeSigner(old)).txHashes).toHaveLength(2);
    expect(await ops.signerAccepted(old)).toEqual({ staking: false, payment: false });
    expect(await ops.chainTime()).toBeInstanceOf(Date);
    // back to the deployment's signer for the tests after this one
    await ops.addSigner(old);
    await ops.removeSigner(next);
  }, 120_000);
});
