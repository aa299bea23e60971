// HTTP behaviour of the hashrate read: one unit (H/s) for machine and settlement grants.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { routeSuite } from '../../../test/support/route-suite.ts';
import { U } from '../../../test/support/testkit.ts';
import { upsertMachine } from '../../services/machines.ts';

describe.each(BACKEND)('hashrate routes on $name', ({ url }) => {
  let machineId = 0;
  const s = routeSuite(url, {
    label: 'hashrate',
    modules: { machines: true },
    setup: async (t) => {
      machineId = await upsertMachine(t.db.db, {
        code: 'h1',
        name: { en: 'Miner' },
        description: { en: 'Miner' },
        asset: 'USDT',
        price: 10n * U,
        hashrate: 1500n,
        days: 30,
      });
    },
  });

  it('answers the hashrate of a user with nothing yet as zeros', async () => {
    const me = await s.user();
    const h = await s.get(me.token, '/api/user/hashrate');
    expect(h.code).toBe(200);
    expect(h.data).toMatchObject({ own: '0', directBonus: '0', teamBonus: '0', total: '0' });
  });

  it('shows a bought machine hashrate in H/s, adding up with the computing power of settlement', async () => {
    const me = await s.user(100n * U);
    const before = await s.get(me.token, '/api/user/hashrate');
    expect((await s.post(me.token, '/api/user/machine/buy', { id: machineId })).code).toBe(200);
    const h = await s.get(me.token, '/api/user/hashrate');
    expect(h.data).toMatchObject({ own: '1500', total: '1500' });
    expect(BigInt(h.data.network) - BigInt(before.data.network)).toBe(1500n);
    // settlement turns a 20.5 USDT contribution into 20.5 H/s (its grant, as settlement writes it)
    const now = s.t.clock.get().toISOString();
    await s.t.db.db.execute(sql`INSERT INTO hashrate_grants (user_id, source, ref, amount, starts_at, ends_at)
      VALUES (${me.userId}, 'rwa_contribution', ${`B-test-${me.userId}`}, ${String((205n * U) / 10n)}, ${now}, '9999-12-31')`);
    const both = await s.get(me.token, '/api/user/hashrate');
    expect(both.data).toMatchObject({ own: '1520.5', total: '1520.5' });
    expect((await s.get(me.token, '/api/user/machines')).data.hashrate).toBe('1520.5');
  });
});
