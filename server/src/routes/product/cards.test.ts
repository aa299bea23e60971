// HTTP behaviour of the card routes: the module switch and bad applications answered with coded
// errors, changing nothing.
import { ErrorCode } from '@free/protocol';
import { describe } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { refusalTests, routeSuite } from '../../../test/support/route-suite.ts';

const APPLY = '/api/user/card/apply';

describe.each(BACKEND)('card routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'cards' });
  refusalTests(s, {
    module: 'cards',
    posts: [[APPLY, { kind: 'virtual', name: 'A B', phone: '+1 555 0100' }]],
    refusals: [
      [APPLY, { kind: 'virtual', name: 'A', phone: 'call me' }, ErrorCode.BadRequest],
      [APPLY, { kind: 'physical', name: 'A', phone: '+1 555 0100' }, ErrorCode.BadRequest],
      [APPLY, { kind: 'gold', name: 'A', phone: '+1 555 0100' }, ErrorCode.BadRequest],
      [APPLY, { kind: 'virtual', name: '   ', phone: '+1 555 0100' }, ErrorCode.BadRequest],
    ],
  });
});
