// dev:advance on a throw-away anvil: the chain and the server's clock move forward together, a
// recharge order and an inviter signature made afterwards are signed against the chain's clock and
// go through, DEV_CLOCK=1 serves the dev route, and any chain but the local one is refused without
// a change.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@free/devchain/anvil';
import { paymentAbi, stakingAbi, testUsdtAbi } from '@free/protocol/abi/index';
import type { RechargeOrder } from '@free/protocol/api/wallet';
import { DAY_SECONDS } from '@free/protocol/constants';
import { type Address, createPublicClient, type Hex, http, type PublicClient, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, makeApp, openTestDb, signIn, testConfig } from '../../test/helpers.ts';
import { chainWallet, localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { chainTimeReader } from '../chain/chain-time.ts';
import type { DbHandle } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { startDevClock } from '../lib/dev-clock.ts';
import { paymentTermsReader } from '../lib/payment-terms.ts';
import { startServer } from '../main.ts';
import { createRechargeOrder } from '../services/recharge.ts';
import { toRechargeView } from '../views/wallet.ts';
import { advanceLocal, parseDuration } from './dev-advance.ts';
import { devAdvanceCli } from './dev-advance-cli.ts';

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

describe('parseDuration', () => {
  it('reads s, m, h, d and w and refuses anything else', () => {
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('12h')).toBe(12 * 3600);
    expect(parseDuration('7d')).toBe(7 * DAY_SECONDS);
    expect(parseDuration('2w')).toBe(14 * DAY_SECONDS);
    for (const bad of ['', '7', 'd', '-1d', '0d', '1.5d', '7 days', '400d']) {
      expect(() => parseDuration(bad), bad).toThrow(/not a duration/);
    }
  });
});

describe('advanceLocal', () => {
  it('moves the chain 7 days with the server clock, and a recharge made afterwards pays', async () => {
    const config = testConfig({
      rpcUrl: chain.rpcUrl,
      deployment: chain.deployment as never,
      chainId: 31337,
    });
    const chainTime = chainTimeReader(chain.client);
    const clock = await startDevClock(chainTime, { pollMs: 3_600_000 });
    try {
      const before = await chainTime();
      const r = await advanceLocal({
        db,
        config,
        client: chain.client,
        seconds: 7 * DAY_SECONDS,
        onMoved: () => clock.sync(),
      });
      const after = await chainTime();
      expect(after.getTime() - before.getTime()).toBeGreaterThanOrEqual(7 * DAY_SECONDS * 1000);
      expect(r.chainTime).toBe(after.toISOString());
      // the server's clock took the chain's lead; settlement looked at the days passed
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(after.getTime());
      expect(r.settledDays.length + r.heldDays.length).toBeGreaterThan(0);

      const payer = localAccount(3);
      const [user] = await db.db.insert(users).values({ address: payer.address.toLowerCase() }).returning();
      if (!user) throw new Error('no user');
      const terms = paymentTermsReader(chain.client, chain.deployment.payment);
      const wallet = chainWallet(chain.rpcUrl, payer);
      const amount = parseEther('50');
      await chain.client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: chain.deployment.usdt,
          abi: testUsdtAbi,
          functionName: 'approve',
          args: [chain.deployment.payment, amount * 2n],
        }),
      });
      const pay = (order: Pick<RechargeOrder, 'orderId' | 'endTime' | 'signature'>) => ({
        address: chain.deployment.payment,
        abi: paymentAbi,
        functionName: 'payment' as const,
        args: [order.orderId, chain.deployment.usdt, amount, BigInt(order.endTime), order.signature] as const,
        account: payer,
      });

      // an order of 50 USDT made at `at`, as the API answers it
      const orderAt = async (at: Date, clock?: typeof chainTime) =>
        toRechargeView(
          await createRechargeOrder(db, config, {
            userId: user.id,
            userAddress: payer.address,
            amount: '50',
            now: at,
            terms,
            ...(clock ? { chainTime: clock } : {}),
          }),
          config,
          at,
        );

      // signed against the wall clock (a server without the chain's time) the order is already expired
      const stale = await orderAt(new Date());
      await expect(chain.client.simulateContract(pay(stale))).rejects.toThrow();

      // signed against the chain's clock, it pays
      const order = await orderAt(new Date(), chainTime);
      expect(order.endTime).toBeGreaterThan(Math.floor(after.getTime() / 1000));
      const { request } = await chain.client.simulateContract(pay(order));
      const receipt = await chain.client.waitForTransactionReceipt({
        hash: await wallet.writeContract(request),
      });
      expect(receipt.status).toBe('success');
    } finally {
      clock.stop();
    }
  }, 120_000);
});

describe('inviter signature after dev:advance', () => {
  it('stake_ref_address signs its deadline against the chain: stakeWithInviter goes through 7 days on', async () => {
    const chainTime = chainTimeReader(chain.client);
    // a server on the wall clock (no dev clock): only the chain's time can make the deadline valid
    const t = await makeApp('memory://', {
      db,
      config: { rpcUrl: chain.rpcUrl, deployment: chain.deployment as never, chainId: 31337 },
      chain: { publicClient: chain.client, chainTime },
    });
    try {
      t.clock.now = new Date();
      const inviter = localAccount(6);
      const invitee = localAccount(7);
      // signIn takes a private-key account; the anvil HD accounts sign the same way
      await signIn(t, inviter as never);
      const me = await signIn(t, invitee as never, inviter.address);
      await advanceLocal({ db, config: t.config, client: chain.client, seconds: 7 * DAY_SECONDS });
      const chainNow = Math.floor((await chainTime()).getTime() / 1000);
      expect(chainNow * 1000).toBeGreaterThan(t.clock.now.getTime() + 6 * DAY_SECONDS * 1000);

      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/stake_ref_address',
        headers: authHeaders(t, me.token),
      });
      const body = res.json();
      expect(body.code).toBe(200);
      const ref = body.data as { parents: Address[]; message: Hex; signature: Hex; deadline: number };
      expect(ref.parents).toEqual([inviter.address]);
      expect(ref.deadline).toBeGreaterThan(chainNow);

      const wallet = chainWallet(chain.rpcUrl, invitee);
      const d = chain.deployment;
      const amount = parseEther('100');
      await chain.client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: d.usdt,
          abi: testUsdtAbi,
          functionName: 'approve',
          args: [d.staking, amount],
        }),
      });
      const read = (functionName: 'cycleFeeBps' | 'cycleRatePpm') =>
        chain.client.readContract({ address: d.staking, abi: stakingAbi, functionName, args: [0] });
      const [feeBps, ratePpm] = await Promise.all([read('cycleFeeBps'), read('cycleRatePpm')]);
      const { request } = await chain.client.simulateContract({
        address: d.staking,
        abi: stakingAbi,
        functionName: 'stakeWithInviter',
        args: [amount, 0n, 0, Number(feeBps), Number(ratePpm), ref.parents, ref.message, ref.signature],
        account: invitee,
      });
      const receipt = await chain.client.waitForTransactionReceipt({
        hash: await wallet.writeContract(request),
      });
      expect(receipt.status).toBe('success');
      const bound = await chain.client.readContract({
        address: d.staking,
        abi: stakingAbi,
        functionName: 'inviterOf',
        args: [invitee.address],
      });
      expect(bound).toBe(inviter.address);
    } finally {
      await t.app.close();
    }
  }, 120_000);
});

describe('DEV_CLOCK', () => {
  it("serves POST /api/dev/advance only when set (the browser tests' stack), on the local chain", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'free-devclock-'));
    const deploymentFile = join(dir, 'deployment.json');
    writeFileSync(deploymentFile, JSON.stringify(chain.deployment));
    const env = (devClock: string) => ({
      ...process.env,
      DATABASE_URL: 'memory://',
      RPC_URL: chain.rpcUrl,
      DEPLOYMENT_FILE: deploymentFile,
      PORT: '0',
      LOG_LEVEL: 'silent',
      DEV_CLOCK: devClock,
    });
    const advance = (url: string) =>
      fetch(`${url}/api/dev/advance`, {
        method: 'POST',
        headers: { platform: 'h5', 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 3600 }),
      });
    try {
      const off = await startServer({ env: env('0'), jobs: false, logger: false });
      try {
        expect((await advance(off.url)).status).toBe(404);
      } finally {
        await off.close();
      }
      const before = (await chainTimeReader(chain.client)()).getTime();
      const on = await startServer({ env: env('1'), jobs: false, logger: false });
      try {
        const body = (await (await advance(on.url)).json()) as { code: number; data: { chainTime: string } };
        expect(body.code).toBe(200);
        expect(new Date(body.data.chainTime).getTime()).toBeGreaterThanOrEqual(before + 3600_000);
      } finally {
        await on.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('dev:advance', () => {
  it('refuses a chain that is not the local one, and changes nothing', async () => {
    const other = await startAnvil({ port: 0, stateFile: null, reuse: false, chainId: 97 });
    try {
      const client = createPublicClient({ transport: http(other.rpcUrl) }) as PublicClient;
      const block = await client.getBlockNumber();
      await expect(
        devAdvanceCli(['--', '7d'], { RPC_URL: other.rpcUrl, API_URL: 'http://127.0.0.1:1' }, () => {}),
      ).rejects.toThrow(
        /only moves the local anvil chain \(chain id 31337\).* is chain 97\. Nothing was changed/,
      );
      expect(await client.getBlockNumber()).toBe(block);
    } finally {
      await other.stop();
    }
  }, 60_000);
});
