// Earnings: the FCC bonus shows with the other income, in FCC; a stalled first load gives up
// after 60 s with a retry that asks again.
import { INCOME_KINDS, type IncomeData } from '@free/protocol/api/user';
import { LOAD_TIMEOUT_MS } from '@free/protocol/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../api/keys';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, until } from '../../test-utils';
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
  vi.useRealTimers();
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

const renderEarnings = (qc: QueryClient) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <Earnings />
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('earnings', () => {
  it('lists the FCC bonus next to the other income, today, yesterday and in total', () => {
    const qc = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    qc.setQueryData(keys.user.incomeInfo({}), INCOME);
    const { container } = renderEarnings(qc);
    const row = container.querySelector('[data-testid="income-fcc_bonus"]');
    expect(row?.querySelector('h2')?.textContent).toBe('FCC bonus');
    expect(row?.textContent).toContain('4 FCC');
    expect(row?.textContent).toContain('12.5 FCC');
    expect(container.querySelector('[data-testid="income-income_static"]')).not.toBeNull();
  });

  it('shows every hashrate with its unit, scaled', () => {
    const qc = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    qc.setQueryData(keys.user.incomeInfo({}), INCOME);
    qc.setQueryData(keys.user.hashrate(), {
      network: '1000000',
      own: '1520.5',
      teamBonus: '0',
      directBonus: '12',
      total: '1532.5',
    });
    const { container } = renderEarnings(qc);
    const card = container.querySelector('[data-testid="hashrate"]')?.textContent ?? '';
    expect(card).toContain('1 MH/s');
    expect(card).toContain('1.52 kH/s');
    expect(card).toContain('0 H/s');
    expect(card).toContain('12 H/s');
    expect(card).not.toContain('1,000,000');
  });

  it('shows every income kind with its name, including a loss as a negative figure', () => {
    const qc = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    const list = INCOME.list.map((i) =>
      i.kind === 'presale_earnings' ? { ...i, total: { USDT: '-10', FREE: '0' } } : i,
    );
    qc.setQueryData(keys.user.incomeInfo({}), { ...INCOME, list });
    const { container } = renderEarnings(qc);
    const title = (kind: string) => container.querySelector(`[data-testid="income-${kind}"] h2`)?.textContent;
    expect(title('income_personal')).toBe('Personal income');
    expect(title('airdrop_earnings')).toBe('Airdrop earnings');
    expect(title('presale_earnings')).toBe('Presale earnings');
    expect(title('slippage_profit')).toBe('Slippage profit');
    expect(title('pool_income')).toBe('Mining pool income');
    expect(container.querySelector('[data-testid="income-presale_earnings"]')?.textContent).toContain(
      '-10 USDT',
    );
  });
});

describe('earnings on a stalled network', () => {
  it('gives up after 60 s with a retry that asks for the income again and shows it', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const path = new URL(input).pathname;
        asked.push(path);
        if (path !== '/api/user/income_info')
          return new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }));
        // the first request never answers
        if (asked.filter((p) => p === path).length === 1) return new Promise<Response>(() => {});
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: INCOME }));
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // fake time only while nothing but the page's timeout is awaited (the first request hangs)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = renderEarnings(qc);
    const bonus = () => container.querySelector('[data-testid="income-fcc_bonus"]');
    try {
      await act(async () => vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1));
      expect(container.textContent).not.toContain('Retry');
      await act(async () => vi.advanceTimersByTime(1));
      expect(container.textContent).toContain('taking too long');
    } finally {
      vi.useRealTimers();
    }
    // the retry's request is a real one: wait until it shows, however long a busy machine takes
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    await act(async () => retry?.click());
    await until(() => bonus() !== null, 'the income after the retry');
    expect(bonus()?.textContent).toContain('12.5 FCC');
    expect(asked.filter((p) => p === '/api/user/income_info')).toHaveLength(2);
  });
});
