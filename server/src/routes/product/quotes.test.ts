// HTTP behaviour of the quotes read: public, and not behind any module switch.
import { describe, expect, it } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { routeSuite } from '../../../test/support/route-suite.ts';

describe.each(BACKEND)('quote routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'quotes' });

  it('serves the quotes to a visitor while every module is closed', async () => {
    expect((await s.get(null, '/api/common/quotes')).code).toBe(200);
  });
});
