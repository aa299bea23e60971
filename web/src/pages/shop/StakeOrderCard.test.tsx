import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import type { StakeOrder } from '@free/protocol/api/index';
import { DAY_MS } from '@free/protocol/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keys } from '../../api/keys';
import { initI18n } from '../../i18n';
import { cleanup, render, until } from '../../test-utils';
import { renewArgs, StakeOrderCard, unstakeArgs } from './StakeOrderCard';

const PLEDGE = '2026-01-01T00:00:00.000Z';
const STAKING = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

function order(patch: Partial<StakeOrder>): StakeOrder {
  return {
    id: 'C00000001',
    number: 'C00000001',
    source: 'chain',
    cycle: 0,
    cycleDays: 7,
    ratePpm: 6000,
    amount: '100',
    fee: '2',
    principal: '98',
    reward: '4.1',
    currentProfit: '4.1',
    totalRevenue: '0',
    bonusFcc: '0',
    autoRenew: false,
    round: 1,
    status: 'matured',
    redeemable: false,
    progress: 100,
    pledgeTime: PLEDGE,
    dueTime: '2026-01-08T00:00:00.000Z',
    redeemedAt: null,
    redeemedAmount: null,
    interestHeld: '0',
    chainIndex: 3,
    ...patch,
  };
}

const record = (patch: Partial<{ redeemed: boolean; amount: bigint }> = {}) => ({
  index: 3,
  stakeTime: BigInt(Date.parse(PLEDGE) / 1000),
  amount: 98n * U,
  redeemed: false,
  stakeIndex: 0,
  ...patch,
});

/** The cycles' current terms as the contract answers them (cycle 0 now pays 0.7 %/day). */
const CYCLES = [
  { index: 0, days: 7, ratePpm: 7000, feeBps: 200 },
  { index: 1, days: 15, ratePpm: 9000, feeBps: 200 },
  { index: 2, days: 30, ratePpm: 12_000, feeBps: 200 },
];

/** The server's cycles (the `cycles` setting) that balance orders renew into. */
const BALANCE_CYCLES = [
  { index: 0, days: 7, rate_ppm: 6000, fee_bps: 200 },
  { index: 1, days: 15, rate_ppm: 9000, fee_bps: 200 },
  { index: 2, days: 30, rate_ppm: 11_000, fee_bps: 200 },
];

function show(o: StakeOrder, records?: ReturnType<typeof record>[]) {
  // what the card reads is given; nothing is fetched again while the test looks
  const qc = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  qc.setQueryData(keys.config(), {
    chain_id: 31337,
    contracts: { staking: STAKING, usdt: STAKING },
    cycles: BALANCE_CYCLES,
  });
  qc.setQueryData(keys.staking.state(STAKING), { cycles: CYCLES });
  render(
    <QueryClientProvider client={qc}>
      <StakeOrderCard order={o} chainRecords={records} />
    </QueryClientProvider>,
  );
}
const buttons = () => [...document.querySelectorAll('button')].map((b) => b.textContent?.trim());

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('StakeOrderCard', () => {
  it('says when the order was placed, what was paid and the fee taken from it', () => {
    show(order({ amount: '250.5', fee: '5.01', principal: '245.49' }), [record()]);
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(text('order-date')).toBe('Jan 1, 2026');
    expect(text('order-amount')).toBe('250.5 USDT');
    expect(text('order-fee')).toBe('5.01 USDT');
    expect(document.body.textContent).toContain('Amount paid');
    expect(document.body.textContent).toContain('Order date');
  });

  it('offers Unstake and Renew on a matured on-chain order found in the contract, with the renewal terms', () => {
    show(order({}), [record()]);
    expect(buttons()).toEqual(['Unstake', 'Renew']);
    expect(document.body.textContent).toContain('Matured');
    expect(document.querySelector('[data-testid="renew-terms"]')?.textContent).toBe(
      'Renewal: principal + interest for 7 days at 0.7% a day, no fee',
    );
    expect(document.querySelector('[role="status"]')).toBeNull();
  });

  it("lets the user renew into another cycle, showing the new record's terms before signing", async () => {
    show(order({}), [record()]);
    const radios = [...document.querySelectorAll<HTMLInputElement>('[data-testid="renew-into"] input')];
    expect(radios.map((r) => r.parentElement?.textContent?.trim())).toEqual([
      '7-day cycle',
      '15-day cycle',
      '30-day cycle',
    ]);
    expect(radios[0]?.checked).toBe(true);
    await act(async () => radios[2]?.click());
    expect(document.querySelector('[data-testid="renew-terms"]')?.textContent).toBe(
      'Renewal: principal + interest for 30 days at 1.2% a day, no fee',
    );
  });

  it('offers nothing for an on-chain order whose contract record is already redeemed', () => {
    show(order({}), [record({ redeemed: true })]);
    expect(buttons()).toEqual([]);
  });

  it('says a matured on-chain stake with auto-renew waits for the wallet to confirm its renewal', () => {
    show(order({ autoRenew: true }), [record()]);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(
      'Auto-renew is on: confirm the renewal in your wallet',
    );
    expect(buttons()).toContain('Renew');
  });

  it('toggles auto-renew of an open on-chain stake through the API, and offers no toggle once closed', async () => {
    const sent: unknown[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      sent.push([_url, JSON.parse(String(init.body))]);
      return new Response(
        JSON.stringify({ code: 0, msg: 'ok', data: order({ autoRenew: true, status: 'active' }) }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    });
    vi.stubGlobal('fetch', fetch);
    try {
      show(order({ status: 'active', progress: 50, dueTime: new Date(Date.now() + DAY_MS).toISOString() }), [
        record(),
      ]);
      const toggle = document.querySelector<HTMLElement>('[role="switch"]');
      expect(toggle?.getAttribute('aria-checked')).toBe('false');
      act(() => toggle?.click());
      await until(() => sent.length === 1, 'the auto-renew request');
      expect(String((sent[0] as [string])[0])).toContain('/api/user/stake/auto_renew');
      expect((sent[0] as [string, unknown])[1]).toEqual({ orderId: 'C00000001', autoRenew: true });
    } finally {
      vi.unstubAllGlobals();
    }
    cleanup();
    show(order({ status: 'renewed', autoRenew: true }), [record({ redeemed: true })]);
    expect(document.querySelector('[role="switch"]')).toBeNull();
    expect(buttons()).toEqual([]);
  });

  it('offers Redeem or Renew on a matured balance order and nothing on an active one', () => {
    show(order({ id: 'B00000002', number: 'B00000002', source: 'balance', redeemable: true }));
    expect(buttons()).toEqual(['Redeem', 'Renew']);
    cleanup();
    show(
      order({
        source: 'balance',
        status: 'active',
        progress: 40,
        dueTime: new Date(Date.now() + 3 * DAY_MS).toISOString(),
      }),
    );
    expect(buttons()).toEqual([]);
    expect(document.querySelector('[role="timer"]')).not.toBeNull();
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
  });
});

describe('StakeOrderCard: renewal of a balance order', () => {
  it("renews into the cycle picked at the server's terms, shown before the user confirms", async () => {
    const sent: [string, unknown][] = [];
    const renewed = order({ id: 'B00000003', source: 'balance', status: 'active', cycle: 2, round: 2 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push([url, JSON.parse(String(init.body))]);
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data: renewed }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    try {
      show(
        order({
          id: 'B00000002',
          number: 'B00000002',
          source: 'balance',
          redeemable: true,
          chainIndex: null,
        }),
      );
      const terms = () => document.querySelector('[data-testid="renew-terms"]')?.textContent;
      expect(terms()).toBe(
        'Renewal: the principal for 7 days at 0.6% a day, no fee; the interest goes to your balance',
      );
      const radios = [...document.querySelectorAll<HTMLInputElement>('[data-testid="renew-into"] input')];
      await act(async () => radios[2]?.click());
      // the server's 30-day rate, not the contract's
      expect(terms()).toBe(
        'Renewal: the principal for 30 days at 1.1% a day, no fee; the interest goes to your balance',
      );
      const renew = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Renew');
      act(() => renew?.click());
      await until(() => sent.length === 1, 'the renewal request');
      expect(sent[0]?.[0]).toContain('/api/user/stake/renew');
      expect(sent[0]?.[1]).toEqual({ orderId: 'B00000002', stakeIndex: 2, minRatePpm: 11_000 });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('renewArgs', () => {
  it('renews the served record into the cycle picked at the rate shown, and not a closed record', () => {
    const c2 = { index: 2, ratePpm: 12_000 };
    expect(renewArgs(order({ chainIndex: 3, cycle: 2 }), [record()], c2)).toEqual([3n, 2, 12_000]);
    expect(renewArgs(order({ chainIndex: 3, cycle: 0 }), [record()], c2)).toEqual([3n, 2, 12_000]);
    expect(renewArgs(order({ chainIndex: 3 }), [record({ redeemed: true })], c2)).toBeNull();
    expect(renewArgs(order({ source: 'balance', chainIndex: null }), undefined, c2)).toBeNull();
    // no rate read yet: nothing to bound the renewal with, so no renewal offered
    expect(renewArgs(order({ chainIndex: 3 }), [record()], undefined)).toBeNull();
  });
});

describe('unstakeArgs', () => {
  it('unstakes the record the server names, even when another open record has the same amount, cycle and time', () => {
    const twins = [record({}), { ...record({}), index: 4 }];
    expect(unstakeArgs(order({ chainIndex: 4 }), twins)).toEqual([4n]);
    expect(unstakeArgs(order({ chainIndex: 3 }), twins)).toEqual([3n]);
    // the index is served: no contract records needed to unstake
    expect(unstakeArgs(order({ chainIndex: 4 }))).toEqual([4n]);
  });

  it('offers no unstake for a balance order or a record already redeemed in the contract', () => {
    expect(unstakeArgs(order({ source: 'balance', chainIndex: null }))).toBeNull();
    expect(unstakeArgs(order({ chainIndex: 3 }), [record({ redeemed: true })])).toBeNull();
  });
});
