import { PRODUCT_MODULES } from '@free/protocol/modules';
import { describe, expect, it } from 'vitest';
import type { AppNavigate } from './link';
import { findRoute, type Href, ROUTES, TABS } from './routes';

// The product's routes, as web/README.md and docs/business-rules.md name them.
const PRODUCT_ROUTES = [
  'pages/chainPool/myContribution',
  'pages/chainPool/orderList',
  'pages/index/aiTrade',
  'pages/index/announcement',
  'pages/index/announcementDetail',
  'pages/index/chain',
  'pages/index/database',
  'pages/index/freePay',
  'pages/index/game',
  'pages/index/machine',
  'pages/index/machineDetail',
  'pages/index/rwa',
  'pages/mine/earnings',
  'pages/mine/extract',
  'pages/mine/recharge',
  'pages/mine/team',
  'pages/mine/unLockDetails',
  'pages/shop/fccRecord',
  'pages/shop/order',
  'pages/mine/language',
  'pages/mine/contact',
  'pages/mine/finance',
  'pages/mine/burnData',
  'pages/mine/airdropData',
  'pages/chainPool/poolData',
  'pages/shop/redemption',
  'pages/index/docs',
  // the shop (docs/business-rules.md "Shop and FCC records")
  'pages/shop/products',
  'pages/shop/product',
  'pages/shop/shopOrders',
];

describe('route table', () => {
  it('has every route of the product once', () => {
    for (const r of PRODUCT_ROUTES) expect(findRoute(`/${r}`), r).toBeDefined();
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('has the page of every product module (a module names no page that does not exist)', () => {
    for (const m of PRODUCT_MODULES) expect(findRoute(m.route), `${m.key} → ${m.route}`).toBeDefined();
  });

  it('has five tabs in the documented order, with home at / and at pages/index/index', () => {
    expect(TABS.map((t) => t.path)).toEqual([
      '/',
      '/pages/shop/shop',
      '/pages/fire/fire',
      '/pages/chainPool/chainPool',
      '/pages/mine/mine',
    ]);
    expect(findRoute('/pages/index/index')?.tab).toBe(0);
  });

  it('puts the personal pages behind sign-in and keeps public ones open', () => {
    for (const p of [
      '/pages/mine/earnings',
      '/pages/mine/recharge',
      '/pages/mine/extract',
      '/pages/mine/team',
      '/pages/shop/order',
      '/pages/mine/finance',
    ])
      expect(findRoute(p)?.needsLogin, p).toBe(true);
    for (const p of ['/', '/pages/mine/language', '/pages/mine/contact', '/pages/index/announcement'])
      expect(findRoute(p)?.needsLogin, p).toBe(false);
  });
});

describe('typed links', () => {
  it('accept the table paths, with a query string, and refuse a page that does not exist', () => {
    const links: Href[] = [
      '/pages/mine/recharge',
      `/pages/index/machineDetail?id=${7}`,
      // @ts-expect-error misspelt: there is no such route
      '/pages/mine/rechrage',
      // @ts-expect-error not a page of the app
      '/pages/admin',
    ];
    // What the type check allows is what the router finds.
    expect(findRoute(links[0] as string)).toBeDefined();
    expect(findRoute((links[1] as string).split('?')[0] as string)).toBeDefined();
    expect(findRoute(links[2] as string)).toBeUndefined();
  });

  it('navigate takes a table path or a history step, and refuses a page that does not exist', () => {
    const went: (string | number)[] = [];
    const navigate = ((to: string | number) => void went.push(to)) as AppNavigate;
    navigate('/pages/shop/shopOrders');
    navigate(`/pages/index/docs?type=${'faq'}`, { replace: true });
    navigate(-1);
    // @ts-expect-error misspelt: there is no such route
    navigate('/pages/shop/shopOrder');
    // @ts-expect-error a bare string is not a route of the table
    navigate('pages/shop/shopOrders' as string);
    expect(findRoute(went[0] as string)).toBeDefined();
    expect(findRoute((went[1] as string).split('?')[0] as string)).toBeDefined();
    expect(findRoute(went[3] as string)).toBeUndefined();
  });
});
