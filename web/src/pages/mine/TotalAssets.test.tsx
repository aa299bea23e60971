// The profile's total assets: every off-chain balance valued in USDT at the quotes, explained.
import type { UserProfile } from '@free/protocol/api/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { cleanup, render, untilAnswered } from '../../test-utils';
import { TotalAssets } from './Mine';

const per = (USDT: string, FREE: string, FCC: string) => ({ USDT, FREE, FCC });
const PROFILE = {
  balances: {
    wallet: per('100', '40', '0'),
    airdrop: per('0', '60', '0'),
    pool: per('12', '0', '0'),
    asset: per('50', '0', '20'),
  },
} as unknown as UserProfile;
const quote = (symbol: string, price: string) => ({
  symbol,
  name: symbol,
  price,
  change24h: '0',
  source: 'dex',
  updatedAt: '2026-11-24T00:00:00.000Z',
});

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(list: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list } }))),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <TotalAssets profile={PROFILE} />
    </QueryClientProvider>,
  );
  // '—' is also what shows before the quotes arrive: wait for the answer, not for a while
  await untilAnswered(qc);
  return document.querySelector('[data-testid="total-assets-value"]')?.textContent;
}

describe('total assets', () => {
  it('values FREE and FCC at their quotes and adds the USDT of every account', async () => {
    // 100 + 12 + 50 + 100 FREE × 0.5 + 20 FCC × 0.1 = 214
    expect(await show([quote('FREE', '0.5'), quote('FCC', '0.1')])).toBe('214 USDT');
    expect(document.body.textContent).toContain('FREE and FCC at their current USDT price');
  });

  it('shows no figure while a held token has no quote', async () => {
    expect(await show([quote('FREE', '0.5')])).toBe('—');
  });
});
