// HTTP behaviour of the prediction round routes (AI trade): the module switch and bad input answered
// with coded errors, changing nothing.
import { ErrorCode } from '@free/protocol';
import { describe } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { refusalTests, routeSuite } from '../../../test/support/route-suite.ts';

describe.each(BACKEND)('round routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'rounds' });
  refusalTests(s, {
    module: 'ai_trade',
    posts: [['/api/user/round/bet', { side: 'up', amount: '10' }]],
    publicReads: ['/api/common/round/current'],
    refusals: [
      ['/api/user/round/bet', { side: 'sideways', amount: '1' }, ErrorCode.BadRequest],
      ['/api/user/round/bet', { side: 'up', amount: '-1' }, ErrorCode.InvalidAmount],
      ['/api/user/round/bet', { side: 'up', amount: '5' }, ErrorCode.Conflict], // no round open
    ],
  });
});
