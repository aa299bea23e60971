// Earnings: the FCC bonus shows with the other income, in FCC.
import { INCOME_KINDS, type IncomeData } from '@free/protocol/api/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../api/keys';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render } from '../../test-utils';
import Earnings from './Earnings';

const zero = { USDT: '0', FREE: '0' };
const INCOME: IncomeData = {
  day: '2026-11-24',
  list: INCOME_KINDS.map((kind) => ({ kind, today: zero, yesterday: zero, total: zero })),
  fccBonus: { today: '4', yesterday: '0', total: '12.5' },
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set({ token: 'tok', user: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } });
  // Everything else on the page (FOMO pool, hashrate) answers empty.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }))),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

describe('earnings', () => {
  it('lists the FCC bonus next to the other income, today, yesterday and in total', () => {
    const qc = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    qc.setQueryData(keys.user.incomeInfo({}), INCOME);
    const { container } = render(
      <MemoryRouter>
        <QueryClientProvider client={qc}>
          <Earnings />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const row = container.querySelector('[data-testid="income-fcc_bonus"]');
    expect(row?.querySelector('h2')?.textContent).toBe('FCC bonus');
    expect(row?.textContent).toContain('4 FCC');
    expect(row?.textContent).toContain('12.5 FCC');
    expect(container.querySelector('[data-testid="income-income_static"]')).not.toBeNull();
  });
});
