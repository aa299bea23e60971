// HTTP behaviour of the shop routes: the module switch and bad input answered with coded errors,
// changing nothing (the stock included).
import { ErrorCode } from '@free/protocol';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { describe } from 'vitest';
import { BACKEND } from '../../../test/helpers.ts';
import { refusalTests, routeSuite } from '../../../test/support/route-suite.ts';
import { upsertProduct } from '../../services/shop.ts';

describe.each(BACKEND)('shop routes on $name', ({ url }) => {
  const s = routeSuite(url, {
    label: 'shop',
    // product 1 at 10 USDT: 51 of them are more than the suite user's 500 USDT
    setup: async (t) => {
      await upsertProduct(t.db.db, {
        code: 'p1',
        name: { en: 'P1' },
        description: { en: 'd' },
        asset: 'USDT',
        price: 10n * U,
      });
    },
  });
  refusalTests(s, {
    module: 'shop',
    // a cancellation is served while the module is closed (commerce.test.ts): the switch stops new orders
    posts: [['/api/user/shop/order', { productId: 1, quantity: 1 }]],
    refusals: [
      ['/api/user/shop/order', { productId: 999, quantity: 1 }, ErrorCode.NotFound],
      ['/api/user/shop/order', { productId: 1, quantity: 0 }, ErrorCode.EnterShares],
      ['/api/user/shop/order', { productId: 1, quantity: 1.5 }, ErrorCode.BadRequest],
      ['/api/user/shop/order', { productId: 1, quantity: 51 }, ErrorCode.InsufficientBalance],
      ['/api/user/shop/cancel', { orderId: 999 }, ErrorCode.NotFound],
    ],
  });
});
