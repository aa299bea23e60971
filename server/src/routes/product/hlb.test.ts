// HTTP behaviour of the Huan Li Bao routes: the module switch and bad input answered with coded
// errors, changing nothing.
import { ErrorCode } from '@free/protocol';
import { describe } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { refusalTests, routeSuite } from '../../../test/support/route-suite.ts';

describe.each(BACKEND)('hlb routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'hlb' });
  refusalTests(s, {
    module: 'huan_li_bao',
    // a redemption is served while the module is closed (hlb.test.ts): the switch stops new business
    posts: [['/api/user/hlb/subscribe', { product: 'flexible', amount: '10' }]],
    refusals: [
      ['/api/user/hlb/subscribe', { product: 'nope', amount: '10' }, ErrorCode.NotFound],
      ['/api/user/hlb/subscribe', { product: 'fixed_90', amount: '10' }, ErrorCode.BelowMinimum],
      ['/api/user/hlb/subscribe', { product: 'Bad Code', amount: '10' }, ErrorCode.BadRequest],
      ['/api/user/hlb/redeem', { orderId: 0 }, ErrorCode.BadRequest],
      ['/api/user/hlb/redeem', { orderId: 999 }, ErrorCode.NotFound],
    ],
  });
});
