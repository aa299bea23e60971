// Reconciliation on anvil: what the ledger owes in USDT and FREE against the hot wallet and the
// treasury; a platform made short is reported, and `npm run ops -- reconcile` exits non-zero.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paymentAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setModules } from '../../test/helpers.ts';
import { builtEntry } from '../../test/support/built-server.ts';
import { chainWallet, localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKEND, openTestDb } from '../../test/support/test-db.ts';
import { queueUsdtWithdrawal } from '../../test/support/withdrawals.ts';
import { type DbHandle, openDb, rows } from '../db/client.ts';
import { payoutOnce } from '../jobs/payout.ts';
import { runOps } from '../ops/commands.ts';
import { subscribe } from './hlb.ts';
import { type Asset, systemAccount, transfer, userAccount } from './ledger.ts';
import { type ReconcileChain, reconcile } from './reconcile.ts';
import { openRound, placeBet } from './rounds.ts';
import { getSetting } from './settings.ts';
import { moveShopOrder, placeOrder, upsertProduct } from './shop.ts';

let chain: TestChain;
const hot = localAccount(11);
let userSeq = 40;

const holdings = (): ReconcileChain => ({
  client: chain.client,
  tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
  hotWallet: hot.address,
  payment: chain.deployment.payment,
});

const balanceOf = (token: Address, holder: Address) =>
  chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });

async function heldOnChain(token: Address): Promise<bigint> {
  const treasury = await chain.client.readContract({
    address: chain.deployment.payment,
    abi: paymentAbi,
    functionName: 'treasury',
  });
  return (await balanceOf(token, hot.address)) + (await balanceOf(token, treasury as Address));
}

/** A user credited `amount` in the ledger (as a paid recharge would). */
async function creditUser(h: DbHandle, asset: Asset, amount: bigint): Promise<number> {
  const address = localAccount(userSeq++).address.toLowerCase();
  return h.transaction(async (tx) => {
    const [u] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO users (address) VALUES (${address}) ON CONFLICT (address) DO UPDATE SET address = EXCLUDED.address RETURNING id`,
    );
    const userId = u?.id as number;
    await transfer(tx, {
      key: `reconcile-test:${userId}:${asset}:${amount}:${Math.random()}`,
      from: systemAccount('recharge'),
      to: userAccount(userId),
      asset,
      amount,
      kind: 'recharge',
    });
    return userId;
  });
}

const byToken = async (h: DbHandle) =>
  Object.fromEntries((await reconcile(h.db, holdings())).map((r) => [r.token, r]));

beforeAll(async () => {
  chain = await startTestChain();
}, 180_000);
afterAll(async () => {
  await chain?.stop();
});

describe.each(BACKEND)('reconcile on $name', ({ url }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDb(url);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('owed = user balances + unpaid withdrawals; held = hot wallet + treasury; short when owed exceeds held', async () => {
    const start = await byToken(h);
    for (const token of ['USDT', 'FREE'] as const) {
      expect(start[token]?.held).toBe(
        await heldOnChain(chain.deployment[token === 'USDT' ? 'usdt' : 'free']),
      );
    }
    const owedBefore = start.USDT?.owed ?? 0n;

    // credited 100 USDT, then 30 of it debited and queued, as applyWithdrawal does
    const { id: queued, userId } = await queueUsdtWithdrawal(
      h,
      localAccount(userSeq++).address,
      parseEther('30'),
      parseEther('100'),
    );
    const freeUser = await creditUser(h, 'FREE', parseEther('40'));
    let now = await byToken(h);
    // 70 left in the wallet + 30 on their way out
    expect(now.USDT?.owed).toBe(owedBefore + parseEther('100'));
    expect(now.FREE?.owed).toBe((start.FREE?.owed ?? 0n) + parseEther('40'));
    expect(now.USDT?.short).toBe(0n);

    // paid on chain but not yet final: gone from the hot wallet, no longer owed either
    await payoutOnce({
      db: h,
      client: chain.client,
      account: hot,
      chainId: 31337,
      tokens: { USDT: chain.deployment.usdt },
      finalityDepth: 1000,
    });
    const [w] = await rows<{ state: string }>(h.db, sql`SELECT state FROM withdrawals WHERE id = ${queued}`);
    expect(w?.state).toBe('broadcast');
    now = await byToken(h);
    expect(now.USDT?.owed).toBe(owedBefore + parseEther('70'));
    expect(now.USDT?.held).toBe(await heldOnChain(chain.deployment.usdt));
    expect(now.USDT?.short).toBe(0n);

    // the ledger owes 5 USDT more than the platform holds
    const gap = (now.USDT?.held ?? 0n) - (now.USDT?.owed ?? 0n) + parseEther('5');
    await creditUser(h, 'USDT', gap);
    now = await byToken(h);
    expect(now.USDT?.short).toBe(parseEther('5'));
    // FREE: neither the hot wallet nor the treasury holds any locally, so every owed FREE is short
    const freeHeld = await heldOnChain(chain.deployment.free);
    const freeOwed = now.FREE?.owed ?? 0n;
    expect(now.FREE?.short).toBe(freeOwed > freeHeld ? freeOwed - freeHeld : 0n);

    // tokens leave the hot wallet: the shortfall grows by as much
    const wallet = chainWallet(chain.rpcUrl, hot);
    const hash = await wallet.writeContract({
      address: chain.deployment.usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [localAccount(19).address, parseEther('12')],
    });
    await chain.client.waitForTransactionReceipt({ hash });
    now = await byToken(h);
    expect(now.USDT?.short).toBe(parseEther('17'));

    const result = await runOps(['reconcile'], { db: h, holdings: holdings(), actor: 'test' });
    expect(result).toMatchObject({
      ok: true,
      alarm: expect.stringContaining('17 USDT'),
      result: expect.arrayContaining([expect.objectContaining({ token: 'USDT', short: '17' })]),
    });

    // operator corrections take the excess out of the users' balances: not short any more
    await h.transaction(async (tx) => {
      for (const [from, asset, amount] of [
        [userId, 'USDT', parseEther('70')],
        [freeUser, 'FREE', parseEther('40')],
      ] as const) {
        await transfer(tx, {
          key: `reconcile-test:back:${from}:${asset}`,
          from: userAccount(from),
          to: systemAccount('adjust'),
          asset,
          amount,
          kind: 'adjust',
        });
      }
    });
    const fine = await runOps(['reconcile'], { db: h, holdings: holdings(), actor: 'test' });
    expect(fine.ok).toBe(true);
    expect(fine.ok && fine.alarm).toBeFalsy();
  }, 60_000);

  it('counts what users can still take back: HLB principal, open bets, refundable shop orders', async () => {
    await setModules(h.db, { huan_li_bao: true, ai_trade: true, shop: true });
    const userId = await creditUser(h, 'USDT', parseEther('100'));
    const before = (await byToken(h)).USDT?.owed ?? 0n;
    // the first second of a minute: the round opened below takes bets then
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
    await subscribe(h, { userId, product: 'flexible', amount: '40', now });
    expect((await byToken(h)).USDT?.owed).toBe(before);
    const cfg = await getSetting(h.db, 'product.rounds');
    await openRound(h.db, { now, openPrice: parseEther('1'), cfg: { ...cfg, bet_cutoff_ms: 1000 } });
    await placeBet(h, { userId, side: 'up', amount: '10', now });
    expect((await byToken(h)).USDT?.owed).toBe(before);
    const productId = await upsertProduct(h.db, {
      code: `reconcile-${userId}`,
      name: { en: 'Tea' },
      description: { en: 'Tea' },
      asset: 'USDT',
      price: parseEther('5'),
    });
    const order = await placeOrder(h, { userId, productId, quantity: 2, now, lang: 'en' });
    expect((await byToken(h)).USDT?.owed).toBe(before);
    // shipped: no longer cancellable, so no longer owed
    await h.transaction((tx) => moveShopOrder(tx, order.id, 'shipped', now));
    expect((await byToken(h)).USDT?.owed).toBe(before - parseEther('10'));
  });

  it('refuses without a chain connection', async () => {
    expect(await runOps(['reconcile'], { db: h, actor: 'test' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no chain connection'),
    });
  });
});

describe('npm run ops -- reconcile', () => {
  it('prints owed and held per token and exits non-zero when the platform is short', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reconcile-cli-'));
    try {
      const dbUrl = `file://${join(dir, 'pglite')}`;
      // a new folder, so it starts from the run's migrated template (test/support/pglite-template-setup.ts)
      const h = await openDb(dbUrl, { handleSignals: false });
      try {
        await creditUser(h, 'FREE', (await heldOnChain(chain.deployment.free)) + parseEther('3'));
      } finally {
        await h.close();
      }
      const deploymentFile = join(dir, 'deployment.json');
      writeFileSync(deploymentFile, JSON.stringify(chain.deployment));
      const child = spawn(process.execPath, [await builtEntry('ops'), 'reconcile'], {
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          DEPLOYMENT_FILE: deploymentFile,
          RPC_URL: chain.rpcUrl,
          // nothing can listen on port 0: the CLI's "is the server running?" check always says no
          PORT: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => {
        stdout += c;
      });
      child.stderr.on('data', (c) => {
        stderr += c;
      });
      const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
      expect(code, stderr).toBe(2);
      expect(stderr).toContain('3 FREE');
      const printed = JSON.parse(stdout) as { token: string; owed: string; held: string; short: string }[];
      expect(printed.map((r) => [r.token, r.short])).toEqual([
        ['USDT', '0'],
        ['FREE', '3'],
      ]);
      expect(printed.every((r) => /^\d+(\.\d+)?$/.test(r.owed) && /^\d+(\.\d+)?$/.test(r.held))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
