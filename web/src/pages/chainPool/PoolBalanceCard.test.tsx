// The mining pool balance on the pool data page: what the pool paid, the rule that pays it, and one
// tap that moves it to the wallet with an Idempotency-Key.
import { parseAddress } from '@free/protocol/address';
import type { UserProfile } from '@free/protocol/api/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../components/toast';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle } from '../../test-utils';
import PoolData from './PoolData';

vi.mock('../../components/toast', () => ({ showToast: vi.fn() }));

const ADDRESS = parseAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const zero = { USDT: '0', FREE: '0', FCC: '0' };
const profile = (poolUsdt: string): UserProfile => ({
  id: 1,
  address: ADDRESS,
  inviter: null,
  ignited: false,
  ignitedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  level: { user: 'V0', node: 'ordinary', marketMaker: false, valid: false, vip: 0, marketMakerLevel: 0 },
  invite: { path: '/', query: `?inviter=${ADDRESS}` },
  balances: {
    wallet: { ...zero, USDT: '100' },
    airdrop: zero,
    pool: { ...zero, USDT: poolUsdt },
    asset: zero,
  },
});
const STATS = {
  totalAmount: '1000',
  incomeBps: 1000,
  incomePaid: '100',
  totalFreeBurned: '40',
  contributors: 3,
  burnBps: 200,
  classes: [{ level: 1, min: '100', contributors: 3, amount: '1000', shareBps: 10_000 }],
};

let pool = '12.5';
const calls: { method: string; path: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  pool = '12.5';
  calls.length = 0;
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      calls.push({ method, path: url.pathname, headers: (init.headers ?? {}) as Record<string, string> });
      const routes: Record<string, () => unknown> = {
        'GET /api/user': () => profile(pool),
        'GET /api/common/pool/stats': () => STATS,
        'POST /api/user/pool/collect': () => {
          const moved = pool;
          pool = '0';
          return { moved, pool: '0', wallet: '112.5' };
        },
      };
      const handler = routes[`${method} ${url.pathname}`];
      const body = handler ? { code: 200, msg: 'ok', data: handler() } : { code: 200, msg: 'ok', data: null };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

/** Settles until `ready` holds: the profile and stats answer in any order on a busy machine. */
async function until(ready: () => boolean) {
  for (const end = Date.now() + 10_000; !ready() && Date.now() < end; ) await settle();
}
const balanceText = () => card()?.querySelector('[data-testid="pool-balance-usdt"]')?.textContent;
const card = () => document.querySelector<HTMLElement>('[data-testid="pool-balance"]');
const collectButton = () => card()?.querySelector<HTMLButtonElement>('button') ?? null;

async function renderPoolData() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <PoolData />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await until(() => balanceText() === `${pool} USDT` && card()?.textContent?.includes('Every day') === true);
}

describe('mining pool balance', () => {
  it('shows the balance, what the pool paid and its rule, and moves the balance to the wallet once', async () => {
    await renderPoolData();
    expect(balanceText()).toBe('12.5 USDT');
    expect(card()?.textContent).toContain('Every day the pool pays 10% of that day');
    expect(card()?.textContent).toContain('100 USDT');
    await act(async () => collectButton()?.click());
    await until(() => balanceText() === '0 USDT');
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/user/pool/collect');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(showToast).toHaveBeenCalledWith('12.5 USDT moved to your wallet', 'success');
    // the profile is read again: the balance is now empty and there is nothing left to move
    expect(balanceText()).toBe('0 USDT');
    expect(collectButton()?.disabled).toBe(true);
  });
});
