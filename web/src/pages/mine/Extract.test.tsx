// The withdraw page: choosing USDT or FREE shows that coin's balance and limits, and the request
// names the chosen coin.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle } from '../../test-utils';
import Extract, { withdrawTerms } from './Extract';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const per = (USDT: string, FREE: string) => ({ USDT, FREE, FCC: '0' });
const ME = {
  id: 1,
  address: ADDRESS,
  inviter: null,
  ignited: true,
  ignitedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  level: { user: 'V0', node: 'ordinary', marketMaker: false, valid: false, vip: 0, marketMakerLevel: 0 },
  invite: { path: '/', query: '' },
  balances: {
    wallet: per('250', '900'),
    airdrop: per('0', '75.5'),
    pool: per('0', '0'),
    asset: per('0', '0'),
  },
};
const CONFIG = {
  modules: { withdraw: true },
  limits: {
    withdraw: { USDT: { min: '1', max: '10000' }, FREE: { min: '10', max: '5000' } },
    max_recharge: '1000',
    min_amount: '1',
    max_amount: '1000',
  },
};

const posts: unknown[] = [];
beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  posts.length = 0;
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      let data: unknown = null;
      if (url.pathname === '/api/common/config') data = CONFIG;
      else if (url.pathname === '/api/user') data = ME;
      else if (url.pathname === '/api/user/withdraw/list') data = { list: [], total: 0, page: 1, size: 20 };
      else if (method === 'POST' && url.pathname === '/api/user/withdraw/apply') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        data = {
          id: 1,
          coin: body.coin,
          amount: body.amount,
          to: ADDRESS,
          state: 'queued',
          pending: true,
          txHash: null,
          createdAt: '2026-11-24T00:00:00.000Z',
          confirmedAt: null,
          rejectReason: null,
        };
      }
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';

describe('withdraw page', () => {
  it('reads each coin from its own balance and limits', () => {
    const b = ME.balances as Parameters<typeof withdrawTerms>[1];
    expect(withdrawTerms('USDT', b, CONFIG.limits)).toEqual({ available: '250', min: '1', max: '10000' });
    expect(withdrawTerms('FREE', b, CONFIG.limits)).toEqual({ available: '75.5', min: '10', max: '5000' });
  });

  it('switches to FREE: shows the airdrop balance and FREE limits, and withdraws FREE', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={qc}>
          <Extract />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await settle();
    expect(text('withdraw-available')).toBe('250 USDT');
    expect(text('withdraw-min')).toBe('1 USDT');
    await act(async () =>
      document.querySelector<HTMLButtonElement>('[data-testid="withdraw-coin-FREE"]')?.click(),
    );
    await settle();
    expect(text('withdraw-available')).toBe('75.5 FREE');
    expect(text('withdraw-min')).toBe('10 FREE');
    expect(text('withdraw-max')).toBe('5,000 FREE');
    expect(document.body.textContent).toContain('Available airdrop balance');

    const input = document.querySelector<HTMLInputElement>('input');
    if (!input) throw new Error('no amount input');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    await act(async () => {
      setter?.call(input, '20');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () =>
      document.querySelector<HTMLButtonElement>('[data-testid="withdraw-submit"]')?.click(),
    );
    await settle();
    expect(posts).toEqual([{ amount: '20', coin: 'FREE' }]);
  });
});
