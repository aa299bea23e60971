// Buying a mining machine the wallet cannot pay for: the documented balance texts, and no request.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../components/toast';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle } from '../../test-utils';
import MachineDetail from './MachineDetail';

vi.mock('../../components/toast', () => ({ showToast: vi.fn() }));

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const zero = { USDT: '0', FREE: '0', FCC: '0' };
let asset: 'USDT' | 'FREE' = 'USDT';
const posts: string[] = [];

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  posts.length = 0;
  vi.mocked(showToast).mockClear();
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      if ((init.method ?? 'GET') !== 'GET') posts.push(url.pathname);
      const data: Record<string, unknown> = {
        '/api/common/machine/detail': {
          id: 1,
          code: 'M1',
          name: 'Miner One',
          description: '',
          image: null,
          asset,
          price: '500',
          hashrate: '1000',
          days: 30,
          stock: null,
          soldOut: false,
        },
        '/api/common/config': { modules: { machines: true } },
        '/api/user': {
          id: 1,
          address: ADDRESS,
          inviter: null,
          ignited: false,
          ignitedAt: null,
          createdAt: '2026-11-01T00:00:00.000Z',
          level: {
            user: 'V0',
            node: 'ordinary',
            marketMaker: false,
            valid: false,
            vip: 0,
            marketMakerLevel: 0,
          },
          invite: { path: '/', query: '' },
          balances: { wallet: { ...zero, USDT: '100', FREE: '100' }, airdrop: zero, pool: zero, asset: zero },
        },
      };
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: data[url.pathname] ?? null }), {
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

async function tapBuy() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/pages/index/machineDetail?id=1']}>
      <QueryClientProvider client={qc}>
        <MachineDetail />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const button = () =>
    [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Buy with balance') ??
    null;
  for (
    const end = Date.now() + 10_000;
    !document.body.textContent?.includes(`100 ${asset}`) && Date.now() < end;
  )
    await settle();
  await act(async () => button()?.click());
  await settle();
}

describe('buying a machine without enough balance', () => {
  it('says Insufficient Wallet Balance for a USDT machine and sends nothing', async () => {
    asset = 'USDT';
    await tapBuy();
    expect(showToast).toHaveBeenCalledWith('Insufficient Wallet Balance');
    expect(posts).toEqual([]);
  });

  it('says Free balance insufficient for a FREE machine', async () => {
    asset = 'FREE';
    await tapBuy();
    expect(showToast).toHaveBeenCalledWith('Free balance insufficient');
    expect(posts).toEqual([]);
  });
});
