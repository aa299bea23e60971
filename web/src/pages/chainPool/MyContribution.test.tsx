// My Contribution reads its records from its call, GET /api/user/contribute/record.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle } from '../../test-utils';
import MyContribution from './MyContribution';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const paths: string[] = [];

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  paths.length = 0;
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input);
      paths.push(url.pathname);
      const data: Record<string, unknown> = {
        '/api/user/contribute/record': {
          list: [
            {
              id: 7,
              time: '2026-11-20T08:00:00.000Z',
              amount: '150',
              freeBurned: '6',
              level: 1,
              txHash: null,
            },
          ],
          total: 1,
          page: 1,
          size: 20,
        },
        '/api/user/pool/contributions': {
          total: '150',
          level: 1,
          nextLevelAt: '500',
          list: [],
          count: 1,
          page: 1,
          size: 1,
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

describe('My Contribution', () => {
  it('lists the records of /api/user/contribute/record', async () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MyContribution />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    for (
      const end = Date.now() + 10_000;
      !document.body.textContent?.includes('6 FREE') && Date.now() < end;
    )
      await settle();
    expect(paths).toContain('/api/user/contribute/record');
    expect(document.querySelector('.record')?.textContent).toContain('150 USDT');
    expect(document.querySelector('.record')?.textContent).toContain('6 FREE');
  });
});
