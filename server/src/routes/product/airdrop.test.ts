// HTTP behaviour of the airdrop and presale allocations: linear unlocks, their details, the quota,
// and the unlocks as income kinds with their earnings.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { DAY_MS as DAY } from '@free/protocol/constants';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { routeSuite } from '../../../test/support/route-suite.ts';
import { bal } from '../../../test/support/staking-orders-fixtures.ts';
import { runSettlement } from '../../jobs/settlement.ts';
import { grantAllocation } from '../../services/airdrop.ts';
import { fundFomo } from '../../services/fomo.ts';

describe.each(BACKEND)('airdrop routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'airdrop' });

  it('shows an allocation unlocking linearly, its details and the quota', async () => {
    const me = await s.user();
    const start = new Date('2026-12-01T00:00:00Z');
    await grantAllocation(s.t.db.db, {
      userId: me.userId,
      kind: 'airdrop',
      total: 700n * U,
      unlockAt: start,
      endAt: new Date(start.getTime() + 7 * DAY),
      ref: `air-${me.userId}`,
    });
    await grantAllocation(s.t.db.db, {
      userId: me.userId,
      kind: 'presale',
      total: 300n * U,
      paidUsdt: 30n * U,
      unlockAt: start,
      endAt: new Date(start.getTime() + 3 * DAY),
      ref: `pre-${me.userId}`,
    });
    await fundFomo(s.t.db.db, 10_000n * U, `air-${me.userId}`);
    await runSettlement(s.t.db, '2026-12-01');
    s.t.clock.now = new Date('2026-12-02T08:00:00Z');
    const air = await s.get(me.token, '/api/user/airdrop');
    expect(air.data).toMatchObject({
      kind: 'airdrop',
      personal: '700',
      released: '100',
      unlockTime: start.toISOString(),
      ended: false,
    });
    expect(await bal(s.t.db, me.userId, 'FREE', 'airdrop')).toBe(100n * U);
    expect(await bal(s.t.db, me.userId, 'FREE', 'wallet')).toBe(100n * U);
    const unlocks = await s.get(me.token, '/api/user/airdrop/unlocks');
    expect(unlocks.data.total).toBe(2);
    const quota = await s.get(me.token, '/api/user/quota');
    expect(quota.data).toEqual({
      total: '1000',
      reserved: '800',
      deducted: '200',
      paymentAmount: '30',
      presale: '300',
      airdrop: '700',
    });
    // the unlocks are income kinds of /api/user/income_info
    const income = await s.get(me.token, '/api/user/income_info');
    const kind = (k: string) => income.data.list.find((i: { kind: string }) => i.kind === k);
    expect(kind('airdrop_unlock').total.FREE).toBe('100');
    expect(kind('presale_unlock').total.FREE).toBe('100');
    // no FREE price known for the day: the releases are worth nothing yet, the presale cost is a loss
    expect(kind('airdrop_earnings').total).toEqual({ USDT: '0', FREE: '0' });
    expect(kind('presale_earnings').total.USDT).toBe('-10');
    const presale = await s.get(me.token, '/api/user/airdrop?kind=presale');
    expect(presale.data.released).toBe('100');
    expect((await s.get(me.token, '/api/user/airdrop?kind=other')).code).toBe(400);
  });

  it('values each release at the FREE price of its day: airdrop and presale earnings, apart from the total', async () => {
    const me = await s.user();
    const start = new Date('2027-02-01T00:00:00Z');
    for (const kind of ['airdrop', 'presale'] as const)
      await grantAllocation(s.t.db.db, {
        userId: me.userId,
        kind,
        total: 200n * U,
        paidUsdt: kind === 'presale' ? 20n * U : 0n, // 0.1 USDT per FREE
        unlockAt: start,
        endAt: new Date(start.getTime() + 2 * DAY),
        ref: `earn-${kind}-${me.userId}`,
      });
    await fundFomo(s.t.db.db, 10_000n * U, `earn-${me.userId}`);
    // FREE at 0.5 USDT during the first day, 0.05 during the second (the last snapshot of a day counts)
    await s.t.db.db.execute(sql`INSERT INTO quote_snapshots (symbol, price, taken_at) VALUES
      ('FREE', ${String(U)}, '2027-02-01T01:00:00Z'), ('FREE', ${String(U / 2n)}, '2027-02-01T23:00:00Z'),
      ('FREE', ${String(U / 20n)}, '2027-02-02T12:00:00Z'), ('FREE', ${String(9n * U)}, '2027-02-03T01:00:00Z')`);
    await runSettlement(s.t.db, '2027-02-01');
    await runSettlement(s.t.db, '2027-02-02');
    const income = await s.get(me.token, '/api/user/income_info');
    const kind = (k: string) => income.data.list.find((i: { kind: string }) => i.kind === k);
    expect(kind('airdrop_unlock').total.FREE).toBe('200');
    // 100 FREE × 0.5 + 100 FREE × 0.05
    expect(kind('airdrop_earnings').total).toEqual({ USDT: '55', FREE: '0' });
    // the same value less the 0.1 USDT each released FREE cost
    expect(kind('presale_earnings').total).toEqual({ USDT: '35', FREE: '0' });
    // a value of FREE the unlocks already count: not added to the total again
    expect(kind('total').total).toEqual({ USDT: '0', FREE: '400' });
    expect(kind('income_personal').total).toEqual({ USDT: '0', FREE: '400' });
  });
});
