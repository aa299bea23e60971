// The mining pool balance: the daily settlement pays the chain pool's income into the
// contributors' pool balances (a share of the day's contributions, pro rata to what each
// contributed), once, within the income budget; the owner moves it to the wallet once per key.
import { ErrorCode } from '@free/protocol';
import { toDecimalString } from '@free/protocol/amount';
import { DAY_MS } from '@free/protocol/constants';
import { describe, expect, it } from 'vitest';
import { BACKENDS, setModules } from '../../test/helpers.ts';
import { routeSuite, type SuiteUser } from '../../test/support/route-suite.ts';
import { bal, fund, U } from '../../test/support/staking-orders-fixtures.ts';
import { runSettlement } from '../jobs/settlement.ts';
import { fundFomo } from './fomo.ts';
import { writeSetting } from './settings.ts';

// on both backends (test/support/test-db.ts BACKENDS): two collects racing (serialised by PGlite's
// one connection, row locks on PostgreSQL)
describe.each(BACKENDS)('mining pool balance on $name', ({ url }) => {
  const s = routeSuite(url, {
    label: 'pool-income',
    modules: { chain_pool: true },
    setup: (t) => fundFomo(t.db.db, 10_000n * U, 'pool-income'),
  });
  const dayOf = (offset = 0) =>
    new Date(s.t.clock.get().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const poolOf = (u: SuiteUser) => bal(s.t.db, u.userId, 'USDT', 'pool');
  const collect = (u: SuiteUser, key: string) => s.post(u.token, '/api/user/pool/collect', {}, key);
  const incomeOf = async (u: SuiteUser) => {
    const r = await s.get(u.token, '/api/user/income_info');
    return r.data.list.find((i: { kind: string }) => i.kind === 'pool_income').total.USDT;
  };
  let a: SuiteUser;
  let b: SuiteUser;
  let c: SuiteUser;

  it('pays 10 % of the day’s contributions to the contributors, pro rata to their total, once', async () => {
    a = await s.user(1000n * U, 100n * U);
    b = await s.user(1000n * U, 100n * U);
    c = await s.user(1000n * U, 100n * U);
    expect((await s.post(a.token, '/api/user/pool/contribute', { amount: '100' })).code).toBe(200);
    expect((await s.post(b.token, '/api/user/pool/contribute', { amount: '300' })).code).toBe(200);
    const day0 = dayOf();
    const first = await runSettlement(s.t.db, day0);
    expect(first.steps.find((x) => x.step === 'pool')).toMatchObject({
      done: 'now',
      rows: 2,
      total: 40n * U,
    });
    expect(await poolOf(a)).toBe(10n * U);
    expect(await poolOf(b)).toBe(30n * U);
    // the pool balance is not the wallet: the wallet kept what the contribution left
    expect(await bal(s.t.db, a.userId)).toBe(900n * U);
    // a second run of the day pays nothing more
    await runSettlement(s.t.db, day0);
    expect(await poolOf(a)).toBe(10n * U);

    // the next day: c contributes 600, a and b share in it by their (earlier) totals too
    s.t.clock.advance(DAY_MS);
    expect((await s.post(c.token, '/api/user/pool/contribute', { amount: '600' })).code).toBe(200);
    await runSettlement(s.t.db, dayOf());
    expect(await poolOf(a)).toBe(10n * U + 6n * U); // 60 × 100 / 1000
    expect(await poolOf(b)).toBe(30n * U + 18n * U);
    expect(await poolOf(c)).toBe(36n * U);
    // a day without contributions pays nothing
    s.t.clock.advance(DAY_MS);
    await runSettlement(s.t.db, dayOf());
    expect(await poolOf(c)).toBe(36n * U);

    // shown with the income, the profile and the pool data
    expect(await incomeOf(a)).toBe('16');
    expect((await s.get(a.token, '/api/user')).data.balances.pool.USDT).toBe('16');
    expect((await s.get(null, '/api/common/pool/stats')).data).toMatchObject({
      incomeBps: 1000,
      incomePaid: '100',
    });
  });

  it('pays no pool income past the daily income budget, and pays it once the budget allows', async () => {
    s.t.clock.advance(DAY_MS);
    expect((await s.post(c.token, '/api/user/pool/contribute', { amount: '100' })).code).toBe(200);
    await writeSetting(s.t.db.db, 'income_daily_budget_wei', String(5n * U));
    try {
      const before = await poolOf(c);
      const held = await runSettlement(s.t.db, dayOf());
      expect(held.held).toMatchObject({ reason: 'income_budget' });
      expect(BigInt(held.held?.held.income_pool ?? '0')).toBeGreaterThan(5n * U);
      expect(await poolOf(c)).toBe(before);
      await writeSetting(s.t.db.db, 'income_daily_budget_wei', String(10n * U));
      expect((await runSettlement(s.t.db, dayOf())).held).toBeNull();
      // c's share of the day's 10: 700 of the 1100 contributed (rounded down)
      expect(await poolOf(c)).toBe(before + (10n * U * 700n) / 1100n);
    } finally {
      await writeSetting(s.t.db.db, 'income_daily_budget_wei', null);
    }
  });

  it('moves the whole pool balance to the wallet once per key; an empty pool balance changes nothing', async () => {
    const wallet = await bal(s.t.db, a.userId);
    const pool = await poolOf(a);
    expect(pool).toBeGreaterThan(16n * U);
    const first = await collect(a, 'collect-a-1');
    expect(first).toMatchObject({
      code: 200,
      data: { moved: toDecimalString(pool), pool: '0', wallet: toDecimalString(wallet + pool) },
    });
    expect(await bal(s.t.db, a.userId)).toBe(wallet + pool);
    expect(await poolOf(a)).toBe(0n);
    // a retry with the same key answers the first result and moves nothing
    expect(await collect(a, 'collect-a-1')).toEqual(first);
    expect(await bal(s.t.db, a.userId)).toBe(wallet + pool);
    await s.expectRefusals(a.token, [
      ['/api/user/pool/collect', {}, ErrorCode.PoolBalanceEmpty],
      ['/api/user/pool/collect', { amount: '1' }, ErrorCode.BadRequest],
    ]);
    // FREE in the pool account stays there (the pool pays USDT)
    await fund(s.t.db, a.userId, 1n * U, 'FREE', 'pool');
    await s.expectRefusals(a.token, [['/api/user/pool/collect', {}, ErrorCode.PoolBalanceEmpty]]);
  });

  it('lets the owner take the pool balance while the chain pool is closed', async () => {
    await setModules(s.t.db.db, { chain_pool: false });
    const pool = await poolOf(b);
    const r = await collect(b, 'collect-b-1');
    expect(r).toMatchObject({ code: 200, data: { moved: toDecimalString(pool), pool: '0' } });
    expect(await poolOf(b)).toBe(0n);
  });

  it('moves it once when two collects race with different keys', async () => {
    const pool = await poolOf(c);
    const wallet = await bal(s.t.db, c.userId);
    const [x, y] = await Promise.all([collect(c, 'race-c-0001'), collect(c, 'race-c-0002')]);
    expect([x.code, y.code].sort((p, q) => p - q)).toEqual([200, ErrorCode.PoolBalanceEmpty]);
    expect(await bal(s.t.db, c.userId)).toBe(wallet + pool);
    expect(await poolOf(c)).toBe(0n);
  });
});
