// HTTP behaviour of the mining machine routes: the module switch and bad input answered with coded
// errors, changing nothing.
import { ErrorCode } from '@free/protocol';
import { describe } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { refusalTests, routeSuite } from '../../../test/support/route-suite.ts';

describe.each(BACKEND)('machine routes on $name', ({ url }) => {
  const s = routeSuite(url, { label: 'machines' });
  refusalTests(s, {
    module: 'machines',
    posts: [['/api/user/machine/buy', { id: 1 }]],
    publicReads: ['/api/common/machines'],
    refusals: [
      ['/api/user/machine/buy', { id: 'x' }, ErrorCode.BadRequest],
      ['/api/user/machine/buy', { id: 9999 }, ErrorCode.NotFound],
    ],
  });
});
