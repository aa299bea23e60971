// HTTP behaviour of the chain pool routes: the module switch, sign-in, bad input answered with coded
// errors, and the Idempotency-Key of a contribution — none of the refusals changing anything.
import { ErrorCode } from '@free/protocol';
import { describe, expect, it } from 'vitest';
import { authHeaders, BACKEND } from '../../../test/helpers.ts';
import { refusalTests, routeSuite } from '../../../test/support/route-suite.ts';

describe.each(BACKEND)('pool routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'pool' });
  const { me } = refusalTests(s, {
    module: 'chain_pool',
    posts: [['/api/user/pool/contribute', { amount: '10' }]],
    publicReads: ['/api/common/pool/stats'],
    refusals: [
      ['/api/user/pool/contribute', { amount: '' }, ErrorCode.EnterInvestAmount],
      ['/api/user/pool/contribute', { amount: 'abc' }, ErrorCode.InvalidAmount],
      ['/api/user/pool/contribute', { amount: '0.5' }, ErrorCode.AmountTooSmall],
      ['/api/user/pool/contribute', { amount: '1000.01' }, ErrorCode.AmountTooLarge],
      ['/api/user/pool/contribute', { amount: '1.0000000000000000001' }, ErrorCode.AmountTooPrecise],
      ['/api/user/pool/contribute', {}, ErrorCode.BadRequest],
      ['/api/user/pool/contribute', { amount: '600' }, ErrorCode.InsufficientBalance],
    ],
  });

  it('asks for sign-in on the user routes', async () => {
    expect((await s.get(null, '/api/user/pool/orders')).code).toBe(ErrorCode.Unauthorized);
    const bad = await s.t.app.inject({
      method: 'GET',
      url: '/api/user/pool/orders',
      headers: { ...authHeaders(s.t, me().token), sign: '00'.repeat(32) },
    });
    expect(bad.json().code).toBe(ErrorCode.BadSignature);
  });

  it('refuses a reused idempotency key with other content and keeps the first result', async () => {
    const key = 'pool-key-0001';
    const first = await s.post(me().token, '/api/user/pool/contribute', { amount: '10' }, key);
    expect(first.code).toBe(200);
    const again = await s.post(me().token, '/api/user/pool/contribute', { amount: '10' }, key);
    expect(again).toEqual(first);
    const before = await s.snapshot();
    const other = await s.post(me().token, '/api/user/pool/contribute', { amount: '11' }, key);
    expect(other.code).toBe(ErrorCode.IdempotencyConflict);
    expect(await s.snapshot()).toEqual(before);
  });
});
