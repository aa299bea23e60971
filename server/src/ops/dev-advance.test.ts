// dev:advance on a throw-away anvil: the chain and the server's clock move forward together, a
// recharge order made afterwards is signed against the chain's clock and pays, and any chain but
// the local one is refused without a change.

import { freePort, startAnvil } from '@free/devchain/anvil';
import { paymentAbi, testUsdtAbi } from '@free/protocol/abi/index';
import { DAY_SECONDS } from '@free/protocol/constants';
import { createPublicClient, createWalletClient, type Hex, http, type PublicClient, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testConfig } from '../../test/helpers.ts';
import { localAccount, localChain, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { chainTimeReader } from '../chain/chain-time.ts';
import type { DbHandle } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { startDevClock } from '../lib/dev-clock.ts';
import { paymentTermsReader } from '../lib/payment-terms.ts';
import { startServer } from '../main.ts';
import { createRechargeOrder } from '../services/recharge.ts';
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
      const wallet = createWalletClient({
        account: payer,
        chain: localChain(chain.rpcUrl),
        transport: http(chain.rpcUrl),
      });
      const amount = parseEther('50');
      await chain.client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: chain.deployment.usdt,
          abi: testUsdtAbi,
          functionName: 'approve',
          args: [chain.deployment.payment, amount * 2n],
        }),
      });
      const pay = (order: { orderId: string; endTime: number; signature: string }) => ({
        address: chain.deployment.payment,
        abi: paymentAbi,
        functionName: 'payment' as const,
        args: [
          order.orderId as Hex,
          chain.deployment.usdt,
          amount,
          BigInt(order.endTime),
          order.signature as Hex,
        ] as const,
        account: payer,
      });

      // signed against the wall clock (a server without the chain's time) the order is already expired
      const stale = await createRechargeOrder(db, config, {
        userId: user.id,
        userAddress: payer.address,
        amount: '50',
        now: new Date(),
        terms,
      });
      await expect(chain.client.simulateContract(pay(stale))).rejects.toThrow();

      // signed against the chain's clock, it pays
      const order = await createRechargeOrder(db, config, {
        userId: user.id,
        userAddress: payer.address,
        amount: '50',
        now: new Date(),
        terms,
        chainTime,
      });
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

describe('dev:advance', () => {
  it('refuses a chain that is not the local one, and changes nothing', async () => {
    const port = await freePort();
    const other = await startAnvil({ port, stateFile: null, reuse: false, chainId: 97 });
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

describe('startServer with the dev clock', () => {
  it('is refused on any chain but the local one', async () => {
    await expect(
      startServer({
        env: { ...process.env, DATABASE_URL: 'memory://' },
        config: { chainId: 97, databaseUrl: 'memory://', port: 0 },
        devClock: true,
        jobs: false,
        logger: false,
      }),
    ).rejects.toThrow(/dev clock is local-only \(chain id 31337\); CHAIN_ID is 97/);
  }, 60_000);
});
