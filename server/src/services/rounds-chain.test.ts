// Prediction rounds on a real FREE/USDT pair (anvil): a swap one second before the close does not
// decide a round, a move held through the deciding window (the last 10 s, after bets close) does.
import { uniswapV2Router02Abi } from '@free/protocol/abi/index';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setModules, testConfig } from '../../test/helpers.ts';
import { chainWallet, localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { BACKEND, createUsers, openTestDb } from '../../test/support/test-db.ts';
import { fund } from '../../test/support/testkit.ts';
import { dexAddresses } from '../chain/client.ts';
import type { DbHandle } from '../db/client.ts';
import { getBalance, userAccount } from './ledger.ts';
import { dexFreeOracle, type OracleSource, readPairPrice } from './quotes.ts';
import { currentRound, placeBet, roundHistory, roundsTick } from './rounds.ts';

const swapper = localAccount(7);

describe.each(BACKEND)('rounds on the chain, $name', ({ url }) => {
  let chain: TestChain;
  let h: DbHandle;
  let oracle: OracleSource;
  let users: number[];
  /** chain seconds of the next minute boundary the test starts its rounds at */
  let t0: number;

  beforeAll(async () => {
    chain = await startTestChain();
    h = await openTestDb(url);
    await setModules(h.db, { ai_trade: true });
    users = await createUsers(h, 2);
    for (const u of users) await fund(h, u, 100n * U, 'USDT');
    const d = dexAddresses(testConfig({ deployment: chain.deployment }));
    if (!d) throw new Error('no deployment');
    oracle = dexFreeOracle(chain.client, d);
    await wallet().writeContract({
      address: chain.deployment.usdt,
      abi: erc20Abi,
      functionName: 'approve',
      args: [chain.deployment.router, parseEther('10000')],
    });
    // the rounds run at chain times of the test's choosing, well after any block the chain (or the
    // wall clock, on a slow machine) may have made by the time the test sets them
    const latest = Math.max(Number((await chain.client.getBlock()).timestamp), Math.floor(Date.now() / 1000));
    t0 = Math.ceil((latest + 600) / 60) * 60;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  const wallet = () => chainWallet(chain.rpcUrl, swapper);
  const at = (seconds: number) => new Date((t0 + seconds) * 1000);
  const tick = (seconds: number) => roundsTick(h, { now: at(seconds), oracle });
  const spot = () => readPairPrice(chain.client, chain.deployment.pair, chain.deployment.free);
  const usdt = (i: number) => getBalance(h.db, userAccount(users[i] ?? 0), 'USDT');

  /** Buys FREE with `usdtIn` in a block at chain time t0 + `seconds`. */
  async function buyFree(seconds: number, usdtIn: bigint) {
    await chain.test.setNextBlockTimestamp({ timestamp: BigInt(t0 + seconds) });
    const hash = await wallet().writeContract({
      address: chain.deployment.router,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [usdtIn, 0n, [chain.deployment.usdt, chain.deployment.free], swapper.address, BigInt(t0 + 3600)],
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
  }

  /** Both users bet 10 USDT, the first up, the second down, in the round open at t0 + `seconds`. */
  async function betBoth(seconds: number) {
    for (const [i, side] of [
      [0, 'up'],
      [1, 'down'],
    ] as const) {
      await placeBet(h, { userId: users[i] ?? 0, side, amount: '10', now: at(seconds) });
    }
  }

  const lastSettled = async () => (await roundHistory(h.db, 1, 1)).list[0];

  it('a swap in the last second is a tie and refunded; a move held through the round wins', async () => {
    // a quiet round first, so the rounds below open at an average over a whole period
    expect((await tick(1)).opened).not.toBeNull();
    expect((await tick(61)).opened).not.toBeNull();
    const quiet = await currentRound(h.db, at(62));
    const before = [await usdt(0), await usdt(1)];
    await betBoth(62);

    // bets close at 110 s: the job opens the deciding window
    await tick(110);
    // 0.2 % of the pool's USDT one second before the close: the spot jumps about 0.4 %
    const spotBefore = await spot();
    await buyFree(119, 200n * U);
    const spotAfter = await spot();
    expect((spotAfter - spotBefore) * 10_000n).toBeGreaterThan(spotBefore * 30n);

    expect((await tick(120)).settled).toBe(1);
    const tie = await lastSettled();
    expect(tie).toMatchObject({ issue: quiet?.issue, result: 'flat', state: 'refunded' });
    // the average over the 10 s window moved by about a tenth of the jump: inside the 10 bps band
    const open = tie?.openPrice ?? 0n;
    const moved = (tie?.closePrice ?? 0n) - open;
    expect(moved).toBeGreaterThan(0n);
    expect(moved * 10_000n).toBeLessThan(open * 10n);
    expect([await usdt(0), await usdt(1)]).toEqual(before);

    // the same kind of buy early in the next round, held to its close: "up" wins
    const held = await currentRound(h.db, at(121));
    await betBoth(121);
    await buyFree(125, 1000n * U);
    await tick(170);
    expect((await tick(180)).settled).toBe(1);
    const up = await lastSettled();
    expect(up).toMatchObject({ issue: held?.issue, result: 'up', state: 'settled' });
    expect(await usdt(0)).toBeGreaterThan(before[0] ?? 0n);
    expect(await usdt(1)).toBe((before[1] ?? 0n) - 10n * U);
  });
});
