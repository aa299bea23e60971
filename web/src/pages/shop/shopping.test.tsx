// The shop as a user meets it: products with picture, price and stock; buying shares with the
// the documented prompts for an empty or impossible quantity; my orders with their states and cancel.
import { LOAD_TIMEOUT_MS } from '@free/protocol/constants';
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle, typeInto, until } from '../../test-utils';
import Product from './Product';
import Products from './Products';
import ShopOrders from './ShopOrders';

vi.mock('../../components/toast', () => ({ showToast: vi.fn() }));

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TEA = {
  id: 1,
  code: 'tea',
  name: 'Pu-erh tea gift box',
  description: 'One share = one box.',
  image: '/demo/shop-tea.svg',
  asset: 'FCC',
  price: '20',
  stock: 5,
  soldOut: false,
};
const CAP = {
  ...TEA,
  id: 2,
  code: 'cap',
  name: 'FCC cap',
  image: '/demo/shop-cap.svg',
  stock: 0,
  soldOut: true,
};
const order = (id: number, state: string) => ({
  id,
  productId: 1,
  name: 'Pu-erh tea gift box',
  quantity: 2,
  asset: 'FCC',
  unitPrice: '20',
  total: '40',
  state,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:00:00.000Z',
  shippedAt: null,
  completedAt: null,
  cancelledAt: null,
});

let orders = [order(3, 'paid'), order(2, 'shipped'), order(1, 'cancelled')];
const posts: { path: string; body: unknown; key: string | undefined }[] = [];
const CONFIG = {
  modules: { shop: true },
  limits: {
    withdraw: { USDT: { min: '1', max: null }, FREE: { min: '1', max: null } },
    max_recharge: '1000',
    min_amount: '1',
    max_amount: '1000',
  },
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  posts.length = 0;
  orders = [order(3, 'paid'), order(2, 'shipped'), order(1, 'cancelled')];
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const path = url.pathname;
      let data: unknown = null;
      if (init.method === 'POST') {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        const key = (init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
        posts.push({ path, body, key });
        if (path === '/api/user/shop/order') data = { ...order(4, 'paid'), quantity: body.quantity };
        if (path === '/api/user/shop/cancel') {
          orders = orders.map((o) => (o.id === body.orderId ? { ...o, state: 'cancelled' } : o));
          data = orders.find((o) => o.id === body.orderId);
        }
      } else if (path === '/api/common/config') data = CONFIG;
      else if (path === '/api/common/shop/products') data = { list: [TEA, CAP] };
      else if (path === '/api/common/shop/product/detail')
        data = [TEA, CAP].find((p) => String(p.id) === url.searchParams.get('id'));
      else if (path === '/api/user')
        data = { address: ADDRESS, balances: { wallet: { USDT: '0', FREE: '0', FCC: '50' } } };
      else if (path === '/api/user/shop/orders')
        data = { list: orders, total: orders.length, page: 1, size: 20 };
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
    }),
  );
});
afterEach(async () => {
  cleanup();
  session.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await setLanguage('en', false);
});

async function renderAt(path: string, element: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={qc}>
        <Routes>
          <Route path="/pages/shop/products" element={element} />
          <Route path="/pages/shop/product" element={element} />
          <Route
            path="/pages/shop/shopOrders"
            element={path.startsWith('/pages/shop/shopOrders') ? element : <div data-testid="orders-page" />}
          />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await settle();
}
const text = () => document.body.textContent ?? '';
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? null;
const input = () => {
  const field = document.querySelector<HTMLInputElement>('input');
  if (!field) throw new Error('no shares field');
  return field;
};
const buy = async () => {
  await act(async () => document.querySelector<HTMLButtonElement>('[data-testid="buy-button"]')?.click());
  await settle();
};

describe('shop products', () => {
  it('shows each product with its picture, price per share and stock, and links to its page', async () => {
    await renderAt('/pages/shop/products', <Products />);
    const cards = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="product-card"]')];
    expect(cards).toHaveLength(2);
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/demo/shop-tea.svg');
    expect(cards[0]?.textContent).toContain('Pu-erh tea gift box');
    expect(cards[0]?.textContent).toContain('20 FCC');
    expect(cards[0]?.textContent).toContain('Stock 5');
    expect(cards[0]?.getAttribute('href')).toBe('/pages/shop/product?id=1');
    expect(cards[1]?.textContent).toContain('Sold out');
    expect(text()).toContain('My orders');
  });
});

describe('shop products when the server fails', () => {
  it('says the products could not be loaded and loads them again on Retry', async () => {
    let fail = true;
    const ok = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        fail && new URL(input).pathname === '/api/common/shop/products'
          ? new Response(JSON.stringify({ code: 500, msg: 'Internal error', data: null }), { status: 500 })
          : ok(input, init),
      ),
    );
    await renderAt('/pages/shop/products', <Products />);
    expect(text()).toContain('Could not load this list.');
    expect(text()).not.toContain('No data yet');
    fail = false;
    const retry = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    await act(async () => retry?.click());
    await settle();
    expect(document.querySelectorAll('[data-testid="product-card"]')).toHaveLength(2);
  });
});

describe('shop pages on a stalled network', () => {
  // the first request of the list / the product never answers; the retry's does
  async function stallFirst(path: string, element: ReactNode, route: string, shown: () => boolean) {
    const ok = globalThis.fetch;
    let stalled = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        if (!stalled && new URL(input).pathname === path) {
          stalled = true;
          return new Promise<Response>(() => {});
        }
        return ok(input, init);
      }),
    );
    // fake time only while nothing but the page's timeout is awaited (the first request hangs)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <MemoryRouter initialEntries={[route]}>
          <QueryClientProvider client={qc}>
            <Routes>
              <Route path={route.split('?')[0]} element={element} />
            </Routes>
          </QueryClientProvider>
        </MemoryRouter>,
      );
      await act(async () => vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1));
      expect(text()).not.toContain('Retry');
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      await act(async () => vi.advanceTimersByTime(1));
      expect(text()).toContain('taking too long');
    } finally {
      vi.useRealTimers();
    }
    // the retry's request is a real one: wait until it shows, however long a busy machine takes
    const retry = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    await act(async () => retry?.click());
    await until(shown, `${path} after the retry`);
  }

  it('the product list gives up after 60 s with a retry that loads it', async () => {
    const cards = () => document.querySelectorAll('[data-testid="product-card"]');
    await stallFirst(
      '/api/common/shop/products',
      <Products />,
      '/pages/shop/products',
      () => cards().length > 0,
    );
    expect(document.querySelectorAll('[data-testid="product-card"]')).toHaveLength(2);
  });

  it('a product page gives up after 60 s with a retry that loads it', async () => {
    await stallFirst('/api/common/shop/product/detail', <Product />, '/pages/shop/product?id=1', () =>
      text().includes('One share = one box.'),
    );
    expect(text()).toContain('One share = one box.');
  });
});

describe('buying shares', () => {
  it('prompts for the number of shares when none is entered, and orders nothing', async () => {
    await renderAt('/pages/shop/product?id=1', <Product />);
    expect(text()).toContain('One share = one box.');
    await buy();
    expect(alertText()).toBe(errorMessage(ErrorCode.EnterShares, 'en'));
    expect(posts).toEqual([]);
  });

  it('keeps only digits, and refuses more than the stock or the balance with their prompts', async () => {
    await renderAt('/pages/shop/product?id=1', <Product />);
    typeInto(input(), '1.5');
    expect(input().value).toBe('15');
    expect(alertText()).toBe('Only 5 left in stock');
    typeInto(input(), '3');
    expect(alertText()).toBe(errorMessage(ErrorCode.InsufficientBalance, 'en'));
    await buy();
    expect(posts).toEqual([]);
  });

  it('orders the shares once with an Idempotency-Key and opens my orders', async () => {
    await renderAt('/pages/shop/product?id=1', <Product />);
    typeInto(input(), '2');
    expect(alertText()).toBeNull();
    expect(text()).toContain('Total40 FCC');
    await buy();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: '/api/user/shop/order', body: { productId: 1, quantity: 2 } });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.querySelector('[data-testid="orders-page"]')).not.toBeNull();
  });

  it('cannot buy a sold-out product', async () => {
    await renderAt('/pages/shop/product?id=2', <Product />);
    const button = document.querySelector<HTMLButtonElement>('[data-testid="buy-button"]');
    expect(button?.disabled).toBe(true);
    expect(button?.textContent).toBe('Sold out');
  });

  it('says the prompts in the reader language', async () => {
    await act(() => setLanguage('zh-Hans', false));
    await renderAt('/pages/shop/product?id=1', <Product />);
    await buy();
    expect(alertText()).toBe('请输入购买份数');
    typeInto(input(), '9');
    expect(alertText()).toBe('库存仅剩 5 份');
  });
});

describe('my shop orders', () => {
  it('shows each state and offers cancel only before shipping; a cancel (with its Idempotency-Key) refunds and updates the list', async () => {
    await renderAt('/pages/shop/shopOrders', <ShopOrders />);
    const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="shop-order"]')];
    expect(rows().map((r) => r.querySelector('.order-state')?.textContent)).toEqual([
      'Paid',
      'Shipped',
      'Cancelled',
    ]);
    const cancels = () => document.querySelectorAll<HTMLButtonElement>('[data-testid="shop-order-cancel"]');
    expect(cancels()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('40 FCC');
    await act(async () => cancels()[0]?.click());
    await settle();
    expect(posts).toEqual([{ path: '/api/user/shop/cancel', body: { orderId: 3 }, key: expect.any(String) }]);
    expect(rows().map((r) => r.querySelector('.order-state')?.textContent)).toEqual([
      'Cancelled',
      'Shipped',
      'Cancelled',
    ]);
    expect(cancels()).toHaveLength(0);
  });
});
