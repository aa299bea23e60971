// Profile/Ignite pages: labels and states a user reads, and the ignition request they trigger.
import { parseAddress, parseHex } from '@free/protocol/address';
import { WEI_PER_UNIT } from '@free/protocol/amount';
import type { RechargeOrder } from '@free/protocol/api/wallet';
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle, typeInto } from '../../test-utils';
import Fire, { FomoHoldNotice } from '../fire/Fire';
import AirdropData, { presaleFree } from './AirdropData';
import { withdrawStateView } from './Extract';
import { inviteLinkFor, membershipLabels } from './Mine';
import { RechargeDeduction, RechargeLine, rechargeStateKey } from './Recharge';

const ADDRESS = parseAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');

beforeAll(async () => {
  await initI18n('en');
});

const ORDER: RechargeOrder = {
  orderId: parseHex(`0x${'1'.repeat(64)}`),
  payment: ADDRESS,
  chainId: 31337,
  payer: ADDRESS,
  token: ADDRESS,
  to: ADDRESS,
  amount: '100',
  amountWei: (100n * WEI_PER_UNIT).toString(),
  burnBps: 200,
  executorRewardBps: 10,
  burn: '2',
  executorReward: '0.1',
  credit: '97.9',
  endTime: 0,
  signature: parseHex('0x00'),
  state: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: null,
  txHash: null,
};

describe('profile labels', () => {
  it('builds the invite link on the app address with the inviter after the hash', () => {
    expect(inviteLinkFor(ADDRESS, { origin: 'https://app.example', pathname: '/' })).toBe(
      `https://app.example/#/?inviter=${ADDRESS}`,
    );
  });

  it('shows the VIP and market-maker levels the rule gives, or an ordinary member', () => {
    const level = {
      user: 'V0',
      node: 'ordinary',
      marketMaker: false,
      valid: false,
      vip: 0,
      marketMakerLevel: 0,
    } as const;
    const t = i18n.t.bind(i18n) as (key: string, opts?: Record<string, unknown>) => string;
    expect(membershipLabels(level, t)).toEqual(['Ordinary member']);
    expect(membershipLabels({ ...level, user: 'V3', vip: 3 }, t)).toEqual(['VIP level 3']);
    expect(
      membershipLabels({ ...level, user: 'V3', vip: 3, marketMaker: true, marketMakerLevel: 2 }, t),
    ).toEqual(['VIP level 3', 'Market-maker level 2']);
  });

  it('shows queued, signed and broadcast withdrawals as waiting for on-chain confirmation', () => {
    for (const state of ['queued', 'signed', 'broadcast'] as const)
      expect(withdrawStateView({ state, pending: true }).key).toBe('state.pending');
    expect(withdrawStateView({ state: 'confirmed', pending: false }).key).toBe('state.confirmed');
    expect(withdrawStateView({ state: 'refunded', pending: false }).key).toBe('state.refunded');
    expect(withdrawStateView({ state: 'review', pending: false }).key).toBe('state.review');
  });

  it('shows an unpaid recharge order as awaiting payment, a paid one as paid', () => {
    expect(rechargeStateKey('pending')).toBe('recharge.awaitingPayment');
    expect(rechargeStateKey('paid')).toBe('state.paid');
  });

  it('shows what a recharge burns, returns and credits before the user pays', () => {
    render(
      <RechargeDeduction
        order={{
          ...ORDER,
        }}
      />,
    );
    const shown = document.querySelector('[data-testid="recharge-deduction"]')?.textContent ?? '';
    expect(shown).toContain('Burned as FREE (2%)');
    expect(shown).toContain('Returned to your address (0.1%)');
    expect(shown).toContain('Credited to your wallet');
    expect(shown).toContain('97.9');
  });

  it('shows the credited amount of a paid recharge next to what was paid', () => {
    render(
      <RechargeLine row={{ ...ORDER, state: 'paid', credit: '97.9', paidAt: '2026-01-01T00:01:00.000Z' }} />,
    );
    const line = document.querySelector('[data-testid="recharge-record"]')?.textContent ?? '';
    expect(line).toContain('100');
    expect(line).toContain('Credited to your wallet');
    expect(line).toContain('97.9');
  });
});

// ---- the Ignite tab against a fake API ----
type Handler = (url: URL, init: RequestInit) => unknown;
let routes: Record<string, Handler> = {};
const calls: { method: string; path: string; headers: Record<string, string> }[] = [];
const CONFIG = {
  ignition_free: '100',
  modules: { ignition: true, fomo: true },
  limits: {
    withdraw: { USDT: { min: '1', max: null }, FREE: { min: '1', max: null } },
    max_recharge: '1000',
    min_amount: '1',
    max_amount: '1000',
  },
};
const fireInfo = (over: Record<string, unknown> = {}) => ({
  ignited: false,
  ignitedAt: null,
  requiredFree: '100',
  walletFree: '250',
  open: true,
  burnedTotal: '0',
  records: [],
  ...over,
});

beforeEach(() => {
  calls.length = 0;
  session.set({ token: 'tok', user: { address: ADDRESS } });
  routes = {
    'GET /api/common/config': () => CONFIG,
    'GET /api/common/fomo': () => null,
    'GET /api/user/fire': () => fireInfo(),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      calls.push({ method, path: url.pathname, headers: (init.headers ?? {}) as Record<string, string> });
      const handler = routes[`${method} ${url.pathname}`];
      const body = handler
        ? { code: 200, msg: 'ok', data: handler(url, init) }
        : { code: 404, msg: 'Not found', data: null };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

async function renderFire() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <Fire />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await settle();
}

const button = () => document.querySelector<HTMLButtonElement>('[data-testid="ignite-button"]');
const text = () => document.body.textContent ?? '';

describe('Ignite tab', () => {
  it('refuses to ignite with too little FREE and says why', async () => {
    routes['GET /api/user/fire'] = () => fireInfo({ walletFree: '99.9' });
    await renderFire();
    expect(text()).toContain(errorMessage(ErrorCode.InsufficientFree, 'en'));
    expect(button()?.disabled).toBe(true);
  });

  it('shows not yet open when the ignition module is closed', async () => {
    routes['GET /api/user/fire'] = () => fireInfo({ open: false });
    await renderFire();
    expect(text()).toContain('Not yet open');
    expect(button()?.disabled).toBe(true);
  });

  it('ignites once with an Idempotency-Key and then shows the account ignited', async () => {
    let ignited = false;
    routes['POST /api/user/fire/ignite'] = () => {
      ignited = true;
      return { ignited: true, ignitedAt: '2026-11-22T00:00:00.000Z', burned: '100' };
    };
    routes['GET /api/user/fire'] = () =>
      fireInfo(ignited ? { ignited: true, ignitedAt: '2026-11-22T00:00:00.000Z' } : {});
    await renderFire();
    expect(text()).toContain('Your account is not ignited yet');
    await act(async () => button()?.click());
    await settle();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/user/fire/ignite');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(text()).toContain('Your account is ignited');
    expect(button()).toBeNull();
  });

  it('works with the older /api/user/fire answer that has no burn records', async () => {
    routes['GET /api/user/fire'] = () => ({
      ignited: false,
      ignitedAt: null,
      requiredFree: '100',
      walletFree: '250',
    });
    await renderFire();
    expect(button()?.disabled).toBe(false);
    expect(text()).toContain('No data yet');
  });
});

describe('FOMO floor notice', () => {
  const pool = {
    balance: '120',
    floor: '500',
    unlockTime: null,
    countdownMs: 0,
    holdReason: 'fomo_below_floor' as const,
    lastHoldDay: null,
    participants: [],
  };
  it('says earnings are paused while the pool is below the floor', () => {
    render(<FomoHoldNotice fomo={{ ...pool, distributing: false }} />);
    expect(text()).toContain('Earnings paused while the FOMO pool is below 500 FREE');
  });
  it('says nothing while earnings are distributed', () => {
    render(<FomoHoldNotice fomo={{ ...pool, distributing: true, holdReason: null }} />);
    expect(document.querySelector('[data-testid="fomo-hold"]')).toBeNull();
  });
});

describe('Presale purchase', () => {
  const presale = {
    open: true,
    price: '0.05',
    quota: '1000000',
    sold: '1000',
    remaining: '999000',
    maxPerUser: '20000',
    mine: '0',
    minUsdt: '1',
    maxUsdt: '1000',
    unlockAfterDays: 0,
    unlockDays: 30,
  };
  const me = { balances: { wallet: { USDT: '100', FREE: '0', FCC: '0' } } };

  it('counts the FREE an amount buys at the price, rounded down', () => {
    expect(presaleFree(10n * WEI_PER_UNIT, { price: '0.05' })).toBe(200n * WEI_PER_UNIT);
    expect(presaleFree(1n, { price: '3' })).toBe(0n);
  });

  async function renderPresale(info: typeof presale = presale) {
    routes['GET /api/user/presale'] = () => info;
    routes['GET /api/user'] = () => me;
    routes['GET /api/user/airdrop'] = () => null;
    routes['GET /api/user/quota'] = () => null;
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={qc}>
          <AirdropData />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await settle();
    const tab = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (b) => b.textContent === 'Presale',
    );
    await act(async () => tab?.click());
    await settle();
  }
  const card = () => document.querySelector('[data-testid="presale-buy"]');
  const buyButton = () => card()?.querySelector<HTMLButtonElement>('button') ?? null;

  it('shows the terms, refuses more than the wallet holds, and buys once with an Idempotency-Key', async () => {
    routes['POST /api/user/presale/buy'] = () => ({
      allocationId: 1,
      free: '200',
      paidUsdt: '10',
      unlockTime: '2026-11-22T00:00:00.000Z',
      endTime: '2026-12-22T00:00:00.000Z',
    });
    await renderPresale();
    expect(card()?.textContent).toContain(
      'Unlocks linearly over 30 days, starting 0 days after the purchase',
    );
    const input = card()?.querySelector('input') as HTMLInputElement;
    typeInto(input, '150');
    await act(async () => buyButton()?.click());
    await settle();
    expect(card()?.textContent).toContain(errorMessage(ErrorCode.InsufficientBalance, 'en'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    typeInto(input, '10');
    await settle();
    expect(card()?.textContent).toContain('200');
    await act(async () => buyButton()?.click());
    await settle();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/user/presale/buy');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says not yet open while the presale is closed', async () => {
    await renderPresale({ ...presale, open: false });
    expect(card()?.textContent).toContain('Not yet open');
    expect(buyButton()).toBeNull();
  });
});
