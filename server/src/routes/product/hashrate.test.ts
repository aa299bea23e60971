// HTTP behaviour of the hashrate read.
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../test/helpers.ts';
import { routeSuite } from '../../../test/support/route-suite.ts';

describe.each(BACKENDS)('hashrate routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'hashrate' });

  it('answers the hashrate of a user with nothing yet as zeros', async () => {
    const me = await s.user();
    const h = await s.get(me.token, '/api/user/hashrate');
    expect(h.code).toBe(200);
    expect(h.data).toMatchObject({ own: '0', directBonus: '0', teamBonus: '0', total: '0' });
  });
});
