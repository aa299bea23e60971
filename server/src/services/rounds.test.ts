// Prediction rounds: opening, betting, pro-rata settlement exact to the wei, refunds, and prices
// that are averages over time with a tie band.
import { ErrorCode } from '@free/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  setConfig,
  setModules,
  signIn,
} from '../../test/helpers.ts';
import { fund, makeProductApp, type ProductTestCtx, U } from '../../test/support/testkit.ts';
import { getBalance, systemAccount, userAccount } from './ledger.ts';
import { moveOf, roundsTick, settleRound, splitPot } from './rounds.ts';
import { getSetting } from './settings.ts';

// every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
for (const backend of BACKEND) {
  describe(backend.name, () => {
    let t: ProductTestCtx;
    const users: { token: string; userId: number }[] = [];

    const bet = (i: number, side: string, amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/round/bet',
        headers: authHeaders(t, users[i]?.token ?? ''),
        payload: { side, amount },
      });
    const usdt = (i: number) => getBalance(t.db.db, userAccount(users[i]?.userId ?? 0), 'USDT');
    const fees = () => getBalance(t.db.db, systemAccount('fees'), 'USDT');
    const tick = () => roundsTick(t.db, { now: t.clock.get(), oracle: t.price.oracle });
    /** total USDT of the users plus the fee account: settlement must never change it */
    const pot = async () =>
      (await Promise.all(users.map((_, i) => usdt(i)))).reduce((a, b) => a + b, 0n) + (await fees());

    beforeAll(async () => {
      t = await makeProductApp(backend.url);
      await setModules(t.db.db, { ai_trade: true });
      for (let i = 0; i < 4; i++) {
        const u = await signIn(t, account(`rounds-${i}`));
        users.push(u);
        await fund(t.db, u.userId, 100n * U, 'USDT');
      }
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.db.close();
    });

    /** Moves the clock to the start of the next minute. */
    const nextMinute = () => t.clock.advance(60_000 - (t.clock.get().getTime() % 60_000));
    /** Moves the clock to second `s` of the current minute. */
    const toSecond = (s: number) => t.clock.advance(s * 1000 - (t.clock.get().getTime() % 60_000));
    /** The job's tick when bets close (second 50): it opens the deciding window. */
    const windowTick = async () => {
      toSecond(50);
      await tick();
    };

    describe('splitPot', () => {
      it('pays stake plus a pro-rata share after the fee, dust to the fee, nothing created', () => {
        for (let seed = 1; seed < 200; seed++) {
          const winners = Array.from({ length: (seed % 7) + 1 }, (_, i) => ({
            id: i,
            amount: BigInt(((seed * 7919 + i * 104729) % 100_000) + 1) * 10n ** 13n + BigInt(i),
          }));
          const losers = BigInt((seed * 15485863) % 10_000_000) * 10n ** 11n + 3n;
          const { payouts, feeTaken } = splitPot(winners, losers, seed % 1000);
          const stakes = winners.reduce((s, w) => s + w.amount, 0n);
          const paid = [...payouts.values()].reduce((s, p) => s + p, 0n);
          expect(paid + feeTaken).toBe(stakes + losers);
          expect(feeTaken).toBeGreaterThanOrEqual((losers * BigInt(seed % 1000)) / 10_000n);
          for (const w of winners) expect(payouts.get(w.id)).toBeGreaterThanOrEqual(w.amount);
        }
      });
    });

    describe('moveOf', () => {
      it('is flat below tie_bps of the open price, a move from tie_bps on', () => {
        expect(moveOf(10_000n, 10_009n, 10)).toBe('flat');
        expect(moveOf(10_000n, 9_991n, 10)).toBe('flat');
        expect(moveOf(10_000n, 10_010n, 10)).toBe('up');
        expect(moveOf(10_000n, 9_990n, 10)).toBe('down');
        expect(moveOf(10_000n, 10_000n, 0)).toBe('flat');
        expect(moveOf(10_000n, 10_001n, 0)).toBe('up');
      });
    });

    describe('rounds', () => {
      it('opens one round per minute at the DEX price and shows it as current', async () => {
        nextMinute();
        t.clock.advance(5_000);
        t.price.value = U / 2n;
        const first = await tick();
        const again = await tick();
        expect(first.opened).toBe(again.opened);
        const r = (
          await t.app.inject({ method: 'GET', url: '/api/common/round/current', headers: BASE_HEADERS })
        ).json();
        expect(r.data).toMatchObject({
          issue: first.opened,
          openPrice: '0.5',
          state: 'open',
          totalUp: '0',
          totalDown: '0',
          tieBps: 10,
        });
        expect(r.data.msLeft).toBe(55_000);
      });

      it('settles pro rata: winners share the losers side after the fee, exact to the wei', async () => {
        const before = await pot();
        expect((await bet(0, 'up', '10')).json().code).toBe(200);
        expect((await bet(1, 'up', '30')).json().code).toBe(200);
        const b2 = (await bet(2, 'down', '7')).json();
        expect(b2).toMatchObject({
          code: 200,
          data: { side: 'down', amount: '7', price: '0.5', state: 'open' },
        });
        const feesBefore = await fees();
        // the price rises early and holds: the round's average is the new price
        t.price.value = (U * 5n) / 8n;
        // the last 10 s of a round take no bets
        toSecond(50);
        expect((await bet(3, 'up', '1')).json()).toMatchObject({
          code: ErrorCode.Conflict,
          msg: expect.stringContaining('round'),
        });
        await tick();
        t.clock.advance(10_000);
        // after the end and before the job ran: the round takes no more bets
        expect((await bet(3, 'up', '1')).json().code).toBe(ErrorCode.Conflict);
        const s = await tick();
        expect(s.settled).toBe(1);
        // fee 5 % of 7 = 0.35; 6.65 shared 10:30
        expect(await usdt(0)).toBe(100n * U - 10n * U + 10n * U + (665n * U) / 100n / 4n);
        expect(await usdt(1)).toBe(100n * U + (((665n * U) / 100n) * 3n) / 4n);
        expect(await usdt(2)).toBe(93n * U);
        expect((await fees()) - feesBefore).toBe(-(47n * U) + 35n * 10n ** 16n);
        expect(await pot()).toBe(before);
        const h = (
          await t.app.inject({ method: 'GET', url: '/api/common/round/history', headers: BASE_HEADERS })
        ).json();
        expect(h.data.list[0]).toMatchObject({
          state: 'settled',
          result: 'up',
          closePrice: '0.625',
          feeTaken: '0.35',
        });
        // a settled round is never settled again, whatever the price says now
        const paidOut = await usdt(0);
        const again = await t.db.transaction((tx) =>
          settleRound(tx, h.data.list[0].id, { now: t.clock.get(), closePrice: U, maxSettleDelayMs: 60_000 }),
        );
        expect(again).toBeNull();
        expect(await usdt(0)).toBe(paidOut);
        const mine = (
          await t.app.inject({
            method: 'GET',
            url: '/api/user/round/bets',
            headers: authHeaders(t, users[2]?.token ?? ''),
          })
        ).json();
        expect(mine.data.list[0]).toMatchObject({ state: 'lost', payout: '0' });
      });

      it('keeps rounding dust in the fee account', async () => {
        nextMinute();
        await tick();
        const before = await pot();
        const feesBefore = await fees();
        for (const i of [0, 1, 2]) expect((await bet(i, 'up', '1')).json().code).toBe(200);
        expect((await bet(3, 'down', '1.000000000000000002')).json().code).toBe(200);
        t.price.value = U;
        await windowTick();
        t.clock.advance(10_000);
        await tick();
        // fee 5 % = 0.05 U; 0.950000000000000002 shared by 3: each 0.316666666666666667, dust 1 wei
        const share = 316_666_666_666_666_667n;
        for (const i of [0, 1, 2]) {
          const b = (
            await t.app.inject({
              method: 'GET',
              url: '/api/user/round/bets',
              headers: authHeaders(t, users[i]?.token ?? ''),
            })
          ).json();
          expect(b.data.list[0].payout).toBe(`1.${String(share)}`);
        }
        expect((await fees()) - feesBefore).toBe(5n * 10n ** 16n + 1n);
        expect(await pot()).toBe(before);
      });

      it('refunds every bet when one side is empty', async () => {
        nextMinute();
        await tick();
        const b0 = await usdt(0);
        const b1 = await usdt(1);
        expect((await bet(0, 'up', '5')).json().code).toBe(200);
        expect((await bet(1, 'up', '2.5')).json().code).toBe(200);
        await windowTick();
        t.clock.advance(10_000);
        t.price.value = 2n * U;
        await tick();
        expect(await usdt(0)).toBe(b0);
        expect(await usdt(1)).toBe(b1);
        const h = (
          await t.app.inject({ method: 'GET', url: '/api/common/round/history', headers: BASE_HEADERS })
        ).json();
        expect(h.data.list[0]).toMatchObject({ state: 'refunded', result: 'one_side', feeTaken: '0' });
      });

      it('refunds when the price did not move, and when settled too late', async () => {
        for (const [label, lateMs] of [
          ['flat', 0],
          ['late', 120_000],
        ] as const) {
          nextMinute();
          await tick();
          const before = [await usdt(0), await usdt(1)];
          expect((await bet(0, 'up', '3')).json().code).toBe(200);
          expect((await bet(1, 'down', '4')).json().code).toBe(200);
          await windowTick();
          t.clock.advance(10_000 + lateMs);
          if (label === 'late') t.price.value += 1n;
          await tick();
          expect([await usdt(0), await usdt(1)]).toEqual(before);
          const h = (
            await t.app.inject({
              method: 'GET',
              url: '/api/common/round/history?size=50',
              headers: BASE_HEADERS,
            })
          ).json();
          expect(h.data.list.some((r: { result: string }) => r.result === label)).toBe(true);
        }
      });

      it('a 0.5 % spike in the last second is a tie: the average barely moves', async () => {
        // a flat minute first, so the next round opens at exactly this price
        t.price.value = U;
        nextMinute();
        await tick();
        nextMinute();
        await tick();
        const before = [await usdt(0), await usdt(1)];
        expect((await bet(0, 'up', '2')).json().code).toBe(200);
        expect((await bet(1, 'down', '2')).json().code).toBe(200);
        // on a spot read at the close "up" would take the pot; averaged over the 10 s window it is
        // 0.5 % / 10 = 5 bps
        await windowTick();
        toSecond(59);
        t.price.value = U + U / 200n;
        t.clock.advance(1_000);
        await tick();
        const h = (
          await t.app.inject({ method: 'GET', url: '/api/common/round/history', headers: BASE_HEADERS })
        ).json();
        expect(h.data.list[0]).toMatchObject({ result: 'flat', state: 'refunded', openPrice: '1' });
        expect(BigInt(h.data.list[0].closePrice.replace('.', '').padEnd(19, '0'))).toBeLessThan(
          U + U / 1000n,
        );
        expect([await usdt(0), await usdt(1)]).toEqual(before);
      });

      it('counts a move of the average smaller than tie_bps as a tie and refunds it', async () => {
        const history = async () =>
          (
            await t.app.inject({ method: 'GET', url: '/api/common/round/history', headers: BASE_HEADERS })
          ).json().data.list[0];
        for (const [label, factor, result] of [
          ['below the band', 2049n, 'flat'],
          ['above the band', 513n, 'up'],
        ] as const) {
          // one flat minute, so the round opens at exactly U
          t.price.value = U;
          nextMinute();
          await tick();
          nextMinute();
          await tick();
          const before = [await usdt(0), await usdt(1)];
          expect((await bet(0, 'up', '3')).json().code, label).toBe(200);
          expect((await bet(1, 'down', '3')).json().code, label).toBe(200);
          // held for the whole round: 1/2048 ≈ 4.9 bps (tie), 1/512 ≈ 19.5 bps (a move)
          t.price.value = U + U / (factor - 1n);
          await windowTick();
          t.clock.advance(10_000);
          await tick();
          expect(await history(), label).toMatchObject({ result, openPrice: '1' });
          if (result === 'flat') expect([await usdt(0), await usdt(1)], label).toEqual(before);
          else expect(await usdt(0), label).toBeGreaterThan(before[0] ?? 0n);
        }
      });

      it('decides by the window after bets close: a bet at the cutoff has no edge', async () => {
        // one flat minute, so the round opens at exactly U
        t.price.value = U;
        nextMinute();
        await tick();
        nextMinute();
        await tick();
        const before = [await usdt(0), await usdt(1)];
        toSecond(1);
        expect((await bet(0, 'down', '5')).json().code).toBe(200);
        // the price rises 1 % at 2 s and holds: at 49 s "up" looks won
        toSecond(2);
        t.price.value = U + U / 100n;
        toSecond(49);
        expect((await bet(1, 'up', '5')).json().code).toBe(200);
        // the window opens: no more bets, and the price falls 3 % below the open for the last 10 s
        await windowTick();
        expect((await bet(1, 'up', '5')).json().code).toBe(ErrorCode.Conflict);
        t.price.value = U - (U * 3n) / 100n;
        t.clock.advance(10_000);
        await tick();
        const h = (
          await t.app.inject({ method: 'GET', url: '/api/common/round/history', headers: BASE_HEADERS })
        ).json();
        // averaged over the whole round it would read +0.3 % ("up"); the window decides: down
        expect(h.data.list[0]).toMatchObject({ result: 'down', openPrice: '1' });
        // the late bettor took nothing from the other side: the early bettor won the late stake
        expect(await usdt(1)).toBe((before[1] ?? 0n) - 5n * U);
        expect(await usdt(0)).toBe((before[0] ?? 0n) + 5n * U - (5n * U * 5n) / 100n);
      });

      it('refunds a round whose window was never observed (the job was down when bets closed)', async () => {
        nextMinute();
        await tick();
        const before = [await usdt(0), await usdt(1)];
        expect((await bet(0, 'up', '1')).json().code).toBe(200);
        expect((await bet(1, 'down', '1')).json().code).toBe(200);
        t.price.value += U / 10n;
        t.clock.advance(60_000);
        await tick();
        const h = (
          await t.app.inject({ method: 'GET', url: '/api/common/round/history', headers: BASE_HEADERS })
        ).json();
        expect(h.data.list[0]).toMatchObject({ result: 'late', state: 'refunded' });
        expect([await usdt(0), await usdt(1)]).toEqual(before);
      });

      it('keeps the close of bets the round opened with when the operator changes the cutoff', async () => {
        nextMinute();
        await tick();
        const cfg = await getSetting(t.db.db, 'product.rounds');
        await setConfig(t.db.db, 'product.rounds', { ...cfg, bet_cutoff_ms: 30_000 });
        try {
          const r = (
            await t.app.inject({ method: 'GET', url: '/api/common/round/current', headers: BASE_HEADERS })
          ).json().data;
          expect(Date.parse(r.endsAt) - Date.parse(r.betsCloseAt)).toBe(10_000);
          toSecond(40);
          expect((await bet(0, 'up', '1')).json().code).toBe(200);
          nextMinute();
          await tick();
          const next = (
            await t.app.inject({ method: 'GET', url: '/api/common/round/current', headers: BASE_HEADERS })
          ).json().data;
          expect(Date.parse(next.endsAt) - Date.parse(next.betsCloseAt)).toBe(30_000);
        } finally {
          await setConfig(t.db.db, 'product.rounds', cfg);
        }
      });

      it('opens nothing and settles nothing while the price is unavailable', async () => {
        nextMinute();
        const broken = async () => {
          throw new Error('rpc down');
        };
        const r = await roundsTick(t.db, { now: t.clock.get(), oracle: broken });
        expect(r).toEqual({ settled: 0, opened: null });
        expect((await bet(0, 'up', '1')).json().code).toBe(ErrorCode.Conflict);
        // once too late, the waiting round is refunded even without a price
        t.clock.advance(120_000);
        expect((await roundsTick(t.db, { now: t.clock.get(), oracle: broken })).settled).toBe(1);
      });
    });
  });
}
