// The operator console against a fake API: who may enter, what the dashboard shows, what the money,
// product, content and users sections send and show (and show back when the server refuses), and
// the console's texts in every language.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COMMAND_REFUSALS,
  CONSOLE_SECTIONS,
  MONEY_LIMIT_KEYS,
  OPERATOR_SHOP_MOVES,
  UNMATCHED_REASONS,
} from '@free/protocol/api/admin';
import { ErrorCode } from '@free/protocol/envelope';
import { errorMessage } from '@free/protocol/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/routes';
import { i18n, initI18n, setLanguage } from '../../i18n';
import mainEn from '../../i18n/locales/en.json';
import { session } from '../../session/store';
import { cleanup, render, settle, typeInto } from '../../test-utils';
import AdminConsole, { sectionOf } from './AdminConsole';
import { CONSOLE_TEXTS_EN } from './texts';

const OPERATOR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

type Reply = { code: number; msg?: string; data?: unknown };
type Handler = (url: URL, body: unknown) => Reply;
let routes: Record<string, Handler> = {};
const calls: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}[] = [];
const okReply = (data: unknown): Reply => ({ code: 200, msg: 'ok', data });

const DASHBOARD = {
  chain: {
    head: 120,
    staking: {
      address: '0x0000000000000000000000000000000000000001',
      reserve: '200000',
      committed: '1500',
      openPrincipal: '30000',
      availableReserve: '198500',
    },
    hotWallet: {
      address: '0x0000000000000000000000000000000000000002',
      USDT: '100000',
      FREE: '0',
      gas: '9.5',
    },
    treasury: { address: '0x0000000000000000000000000000000000000003', USDT: '12', FREE: '34' },
  },
  chainError: null,
  chainMismatch: null,
  fomo: { balance: '120', floor: '500', aboveFloor: false },
  incomeBudget: {
    day: '2026-01-02',
    budget: '1000',
    paid: '990',
    lastHeld: '25',
    heldInterest: { count: 2, amount: '37.5' },
  },
  liabilities: { USDT: '250', FREE: '40' },
  reconciliation: [
    { token: 'USDT', owed: '250', held: '100000', short: '0', paidAfterRefund: 0 },
    { token: 'FREE', owed: '40', held: '0', short: '40', paidAfterRefund: 0 },
  ],
  indexer: [{ name: 'payment', block: 117, lag: 3 }],
  payouts: [{ state: 'queued', count: 2, amount: '75' }],
  settlement: [],
  modules: { shop: true, fomo: false },
};

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  calls.length = 0;
  session.set({ token: 'tok', user: { address: OPERATOR } });
  routes = {
    'GET /api/admin/me': () => okReply({ address: OPERATOR, role: 'admin' }),
    'GET /api/admin/dashboard': () => okReply(DASHBOARD),
    'GET /api/admin/withdrawals': () => okReply({ list: [] }),
    'GET /api/admin/config': () => okReply({ values: { min_withdraw: '1', modules: { shop: true } } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const handler = routes[`${method} ${url.pathname}`];
      const reply = handler ? handler(url, body) : { code: 404, msg: 'Not found', data: null };
      return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

async function open(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={qc}>
        <AdminConsole />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await settle();
}

const text = () => document.body.textContent ?? '';
const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel);
const click = async (el: Element | null) => {
  expect(el).not.toBeNull();
  await act(async () => {
    (el as HTMLElement).click();
  });
  await settle();
};

describe('console routes', () => {
  it('has a lazy route for the console and each of its sections', () => {
    expect(findRoute('/admin')?.needsLogin).toBe(true);
    for (const s of Object.keys(CONSOLE_SECTIONS)) {
      expect(findRoute(`/admin/${s}`), s).toBeDefined();
      expect(sectionOf(`/admin/${s}`)).toBe(s);
    }
    expect(sectionOf('/admin')).toBeNull();
  });
});

describe('console texts', () => {
  it('has an English text for every key the console uses (sections, roles, limits and moves included)', () => {
    const used = new Set<string>();
    for (const f of readdirSync(import.meta.dirname).filter(
      (n) => n.endsWith('.tsx') && !n.includes('.test.'),
    )) {
      const src = readFileSync(join(import.meta.dirname, f), 'utf8');
      for (const m of src.matchAll(/'(admin\.[A-Za-z0-9_.]+)'/g)) used.add(m[1] as string);
    }
    for (const s of Object.keys(CONSOLE_SECTIONS)) used.add(`admin.section.${s}`);
    for (const r of ['admin', 'finance', 'content']) used.add(`admin.role.${r}`);
    for (const k of ['machines', 'products']) used.add(`admin.product.${k}`).add(`admin.product.add.${k}`);
    for (const k of MONEY_LIMIT_KEYS) used.add(`admin.limit.${k}`);
    for (const r of UNMATCHED_REASONS) used.add(`admin.money.unmatchedReason.${r}`);
    for (const m of OPERATOR_SHOP_MOVES) used.add(`admin.shop.move.${m}`);
    for (const r of COMMAND_REFUSALS) used.add(`admin.refusal.${r}`);
    // a counted text is used by its base key and has a form per plural category (`_one`, `_other`)
    expect([...used].filter((k) => !(k in CONSOLE_TEXTS_EN) && !(`${k}_other` in CONSOLE_TEXTS_EN))).toEqual(
      [],
    );
    expect(
      Object.keys(CONSOLE_TEXTS_EN).filter(
        (k) => !used.has(k) && !used.has(k.replace(/_(zero|one|two|few|many|other)$/, '')),
      ),
      'texts nothing uses',
    ).toEqual([]);
  });

  it("keeps the console's texts out of the main catalogue (a user's first paint)", () => {
    expect(Object.keys(mainEn).filter((k) => k.startsWith('admin.'))).toEqual([]);
  });

  it('loads the console texts of the reader language with the console, English until then', async () => {
    await setLanguage('ja', false);
    try {
      expect(i18n.getResource('ja', 'translation', 'admin.section.money')).toBeUndefined();
      await open('/admin/audit');
      routes['GET /api/admin/audit'] = () => okReply({ list: [], total: 0, page: 1, size: 50 });
      await settle();
      const nav = [...document.querySelectorAll('[data-section]')].map((a) => a.textContent);
      expect(nav).toHaveLength(6);
      expect(nav).not.toContain('Money');
      expect(nav[1]).toBe(i18n.getResource('ja', 'translation', 'admin.section.money'));
      expect(text()).not.toContain('Operators only');
    } finally {
      await setLanguage('en', false);
    }
  });
});

describe('who may enter', () => {
  it('refuses a wallet that is not an operator, in words', async () => {
    session.set({ token: 'tok', user: { address: USER } });
    routes['GET /api/admin/me'] = () => ({ code: ErrorCode.NotOperator, msg: 'Not an operator', data: null });
    await open('/admin');
    expect($('[data-testid="admin-refused"]')).not.toBeNull();
    expect(text()).toContain('This wallet is not an operator');
    expect($('[data-testid="admin-console"]')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });

  it('shows a content operator only the content section', async () => {
    routes['GET /api/admin/me'] = () => okReply({ address: OPERATOR, role: 'content' });
    routes['GET /api/admin/articles'] = () => okReply({ list: [] });
    routes['GET /api/admin/banners'] = () => okReply({ list: [] });
    routes['GET /api/admin/contacts'] = () => okReply({ twitter: '', telegram: '' });
    await open('/admin');
    const sections = [...document.querySelectorAll('[data-section]')].map((a) =>
      a.getAttribute('data-section'),
    );
    expect(sections).toEqual(['content']);
    expect($('[data-testid="articles"]')).not.toBeNull();
    expect(calls.some((c) => c.path === '/api/admin/dashboard')).toBe(false);
  });

  it('says so when a role opens a section it may not use', async () => {
    routes['GET /api/admin/me'] = () => okReply({ address: OPERATOR, role: 'content' });
    await open('/admin/money');
    expect($('[data-testid="admin-section-refused"]')?.textContent).toContain('Content');
  });
});

describe('dashboard', () => {
  it('shows the pool below its floor, the reserve, and a short reconciliation', async () => {
    await open('/admin/dashboard');
    expect($('[data-testid="fomo-state"]')?.textContent).toBe('Below the floor: earnings are paused');
    expect($('[data-testid="dash-staking"]')?.textContent).toContain('200,000');
    expect($('[data-testid="dash-ledger"] tr.is-danger')?.textContent).toContain('FREE');
    // the income that waits for the daily budget
    const income = $('[data-testid="dash-income"]')?.textContent;
    expect(income).toContain('Redemption interest waiting (2 orders)');
    expect(income).toContain('37.5');
    expect(income).toContain('990');
  });

  it('still answers when the chain cannot be read', async () => {
    routes['GET /api/admin/dashboard'] = () =>
      okReply({ ...DASHBOARD, chain: null, reconciliation: null, chainError: 'connection refused' });
    await open('/admin/dashboard');
    expect($('[data-testid="dash-staking"]')?.textContent).toContain('connection refused');
    expect($('[data-testid="fomo-state"]')).not.toBeNull();
  });

  it('says the jobs stopped when the RPC answers another chain than the deployment', async () => {
    routes['GET /api/admin/dashboard'] = () =>
      okReply({
        ...DASHBOARD,
        chain: null,
        reconciliation: null,
        chainError: 'the RPC answers chain id 97, the deployment is for chain 56: jobs stopped',
        chainMismatch: { expected: 56, rpc: 97 },
      });
    await open('/admin/dashboard');
    expect($('[data-testid="chain-mismatch"]')?.textContent).toBe(
      'Background jobs stopped: the RPC answers chain 97, but this deployment is for chain 56. Fix RPC_URL and restart the API.',
    );
  });
});

describe('money', () => {
  it('funds the FOMO pool once per submission, with the same reference as body ref and Idempotency-Key', async () => {
    routes['POST /api/admin/fomo/fund'] = () => okReply({ command: 'fomo:fund', result: {} });
    await open('/admin/money');
    const form = $('[data-testid="fund-fomo"]');
    typeInto(form?.querySelector('input') as HTMLInputElement, '600');
    await settle();
    await click($('[data-testid="fund-fomo-submit"]'));
    const fund = calls.filter((c) => c.path === '/api/admin/fomo/fund');
    expect(fund).toHaveLength(1);
    const body = fund[0]?.body as { amount: string; ref: string };
    expect(body.amount).toBe('600');
    expect(fund[0]?.headers['Idempotency-Key']).toBe(body.ref);
    expect(form?.textContent).toContain('Saved');
    // the amount form clears the field once the funding is done
    expect(form?.querySelector<HTMLInputElement>('input')?.value).toBe('');
  });

  it('lists the payments that credited no order, with the reason in words', async () => {
    routes['GET /api/admin/payments/unmatched'] = () =>
      okReply({
        list: [
          {
            txHash: `0x${'ab'.repeat(32)}`,
            logIndex: 1,
            blockNumber: 41,
            orderId: `0x${'01'.repeat(32)}`,
            payer: USER,
            token: USER,
            to: USER,
            amount: '12.5',
            burned: '0',
            executorReward: '0',
            reason: 'wrong_payer',
            paidAt: '2026-11-24T10:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        size: 20,
      });
    await open('/admin/money');
    const panel = $('[data-testid="unmatched-payments"]');
    expect(panel?.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(panel?.textContent).toContain('Paid by another address than the order’s');
    expect(panel?.textContent).not.toContain('wrong_payer');
    expect(panel?.textContent).toContain('12.5');
  });

  it('grants one allocation only with an address, an amount and a release period', async () => {
    routes['POST /api/admin/allocations/grant'] = () => okReply({ command: 'allocation:grant', result: {} });
    await open('/admin/money');
    const form = $('[data-testid="grant-one"]');
    typeInto(form?.querySelector('input[name="address"]') as HTMLInputElement, USER);
    typeInto(form?.querySelector('.amount-input input') as HTMLInputElement, '1000');
    await settle();
    await click($('[data-testid="grant-submit"]'));
    expect(calls.some((c) => c.path === '/api/admin/allocations/grant')).toBe(false);
    expect(form?.querySelector('[role="alert"]')?.textContent).toBe('Enter the release period in days.');
    typeInto(form?.querySelector('input[name="releaseDays"]') as HTMLInputElement, '30');
    await settle();
    await click($('[data-testid="grant-submit"]'));
    expect(calls.find((c) => c.path === '/api/admin/allocations/grant')?.body).toEqual({
      address: USER,
      kind: 'airdrop',
      amount: '1000',
      releaseDays: 30,
    });
    expect(form?.textContent).toContain('Saved');
  });

  it('shows every money limit as an amount, and sets or removes one, for finance too', async () => {
    routes['GET /api/admin/me'] = () => okReply({ address: OPERATOR, role: 'finance' });
    routes['GET /api/admin/limits'] = () =>
      okReply({
        list: [
          { key: 'withdraw_min_wei', token: 'USDT', nullable: false, value: '1.5' },
          { key: 'free_withdraw_user_daily_wei', token: 'FREE', nullable: true, value: '20000' },
          { key: 'income_daily_budget_wei', token: 'USDT', nullable: true, value: null },
        ],
      });
    routes['POST /api/admin/limits'] = () => okReply({ command: 'limit:set', result: {} });
    await open('/admin/money');
    const row = (key: string) => $(`[data-limit="${key}"]`);
    const value = (key: string) => row(key)?.querySelector('[data-testid="limit-value"]')?.textContent;
    expect(row('withdraw_min_wei')?.querySelector('th')?.textContent).toBe('USDT: minimum per withdrawal');
    expect(value('withdraw_min_wei')).toBe('1.5 USDT');
    expect(value('free_withdraw_user_daily_wei')).toBe('20,000 FREE');
    expect(value('income_daily_budget_wei')).toBe('No limit');
    // a minimum cannot be switched off; a limit already off has nothing to remove
    expect(row('withdraw_min_wei')?.querySelector('[data-testid="limit-clear"]')).toBeNull();
    expect(row('income_daily_budget_wei')?.querySelector('[data-testid="limit-clear"]')).toBeNull();
    // typed with the user-side amount rules: zero refused before sending, grouping marks dropped
    const input = row('free_withdraw_user_daily_wei')?.querySelector('input') as HTMLInputElement;
    const save = () =>
      row('free_withdraw_user_daily_wei')?.querySelector('[data-testid="limit-save"]') ?? null;
    typeInto(input, '0');
    await settle();
    await click(save());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/limits')).toBe(false);
    typeInto(input, '12,500.5');
    await settle();
    expect(input.value).toBe('12500.5');
    await click(save());
    await click(row('free_withdraw_user_daily_wei')?.querySelector('[data-testid="limit-clear"]') ?? null);
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/limits').map((c) => c.body),
    ).toEqual([
      { key: 'free_withdraw_user_daily_wei', amount: '12500.5' },
      { key: 'free_withdraw_user_daily_wei', amount: null },
    ]);
    // the limits are the money section's own: the admin settings are not read for them
    expect(calls.some((c) => c.path === '/api/admin/config')).toBe(false);
  });

  it('refuses a zero amount before sending it', async () => {
    await open('/admin/money');
    const form = $('[data-testid="fund-fomo"]');
    typeInto(form?.querySelector('input') as HTMLInputElement, '0');
    await settle();
    expect(form?.querySelector('[role="alert"]')).not.toBeNull();
    await click($('[data-testid="fund-fomo-submit"]'));
    expect(calls.some((c) => c.path === '/api/admin/fomo/fund')).toBe(false);
  });

  it('shows the dry run totals and line errors, and grants only after a dry run', async () => {
    routes['POST /api/admin/allocations/import'] = (_u, body) =>
      okReply({
        dryRun: (body as { dryRun: boolean }).dryRun,
        lines: [
          {
            line: 1,
            address: USER,
            amount: '100',
            unlockAt: '2026-11-24T00:00:00.000Z',
            endAt: '2026-12-24T00:00:00.000Z',
            error: null,
            refusal: null,
            granted: (body as { dryRun: boolean }).dryRun ? null : true,
          },
          {
            line: 2,
            address: '0xnope',
            amount: '0',
            unlockAt: '2026-11-24T00:00:00.000Z',
            endAt: '2026-12-24T00:00:00.000Z',
            error: 'not a 0x address',
            refusal: { reason: 'address', field: 'address' },
            granted: null,
          },
        ],
        valid: 1,
        invalid: 1,
        total: '100',
      });
    await open('/admin/money');
    const panel = $('[data-testid="import-csv"]');
    const run = panel?.querySelector<HTMLButtonElement>('[data-testid="import-run"]');
    expect(run?.disabled).toBe(true);
    const area = panel?.querySelector('textarea') as HTMLTextAreaElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    act(() => {
      setter?.call(area, `${USER},100\n0xnope,5`);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    typeInto(panel?.querySelector('input[name="releaseDays"]') as HTMLInputElement, '30');
    await settle();
    await click(panel?.querySelector('button') ?? null);
    const result = $('[data-testid="import-result"]');
    expect(result?.textContent).toContain('Dry run: 1 valid, 1 refused lines; total');
    // the line's refusal code in the reader's words
    expect(result?.querySelector('tr.is-danger')?.textContent).toContain('address: give a 0x address.');
    expect(run?.disabled).toBe(false);
    await click(run ?? null);
    const sent = calls.filter((c) => c.path === '/api/admin/allocations/import').map((c) => c.body);
    // lines without their own end time are released over the days given
    expect(sent).toEqual([
      { kind: 'airdrop', csv: `${USER},100\n0xnope,5`, dryRun: true, releaseDays: 30 },
      { kind: 'airdrop', csv: `${USER},100\n0xnope,5`, dryRun: false, releaseDays: 30 },
    ]);
    expect($('[data-testid="import-result"]')?.textContent).toContain('Granted: 1 valid');
  });

  it('approves only a withdrawal in review, rejects a queued one with the reason, shows the refusal and what to check for an unresolved one', async () => {
    routes['GET /api/admin/withdrawals'] = () =>
      okReply({
        list: [
          {
            id: 7,
            userId: 3,
            amount: '25',
            asset: 'USDT',
            to: USER,
            state: 'queued',
            txHash: null,
            failReason: null,
            rejectReason: null,
            createdAt: '2026-11-24T10:00:00.000Z',
          },
          {
            id: 8,
            userId: 3,
            amount: '3000',
            asset: 'USDT',
            to: USER,
            state: 'review',
            txHash: null,
            failReason: null,
            rejectReason: null,
            createdAt: '2026-11-24T11:00:00.000Z',
          },
          {
            id: 9,
            userId: 3,
            amount: '40',
            asset: 'USDT',
            to: USER,
            state: 'unresolved',
            txHash: `0x${'ab'.repeat(32)}`,
            failReason: 'nonce 4 was used on chain, but no receipt was found',
            rejectReason: null,
            createdAt: '2026-11-24T12:00:00.000Z',
          },
        ],
      });
    routes['POST /api/admin/withdrawals/reject'] = () => ({
      code: 1001,
      msg: 'withdrawal 7 is signed',
      data: null,
    });
    await open('/admin/money');
    const buttons = (id: number) =>
      [...($(`[data-withdrawal="${id}"]`)?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
    // a queued withdrawal is paid without approval; one in review waits for it
    expect($('[data-withdrawal="8"] [data-testid="withdrawal-state"]')?.textContent).toBe('Under review');
    expect(buttons(7)).toEqual(['Reject']);
    expect(buttons(8)).toEqual(['Approve', 'Reject']);
    // an unresolved one is never approved (it may have been paid): the console says what to check
    const unresolved = $('[data-withdrawal="9"]');
    expect(unresolved?.querySelector('[data-testid="withdrawal-state"]')?.textContent).toBe(
      'Unresolved: no receipt — nonce 4 was used on chain, but no receipt was found',
    );
    expect(unresolved?.textContent).toContain('Look up its transactions on a block explorer');
    expect(buttons(9)).toEqual(['Reject']);
    const row = $('[data-withdrawal="7"]');
    const reject = [...(row?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Reject');
    expect(reject?.disabled).toBe(true);
    typeInto(row?.querySelector('input') as HTMLInputElement, 'address on a sanctions list');
    await click(reject ?? null);
    expect(calls.find((c) => c.path === '/api/admin/withdrawals/reject')?.body).toEqual({
      id: 7,
      reason: 'address on a sanctions list',
    });
    expect(row?.querySelector('[role="alert"]')?.textContent).toContain('withdrawal 7 is signed');
  });

  it('shows why a withdrawal is held: waiting for funds with the amount missing, at the fee ceiling, paid after its refund', async () => {
    const w = (id: number, state: string, hold: unknown) => ({
      id,
      userId: 3,
      amount: '25',
      asset: 'USDT',
      to: USER,
      state,
      txHash: null,
      failReason: null,
      rejectReason: null,
      hold,
      createdAt: '2026-11-24T10:00:00.000Z',
    });
    const tx = `0x${'cd'.repeat(32)}`;
    routes['GET /api/admin/withdrawals'] = () =>
      okReply({
        list: [
          w(11, 'queued', {
            kind: 'funds',
            missing: [
              { asset: 'USDT', amount: '12.5' },
              { asset: 'BNB', amount: '0.002' },
            ],
          }),
          w(12, 'broadcast', { kind: 'fee_ceiling', maxFeeGwei: '50', versions: 11 }),
          w(13, 'refunded', { kind: 'paid_after_refund', txHash: tx }),
          w(14, 'queued', null),
        ],
      });
    const hold = (id: number) => $(`[data-withdrawal="${id}"] [data-testid="withdrawal-hold"]`)?.textContent;
    await open('/admin/money');
    expect(hold(11)).toBe('Waiting for funds — missing in the hot wallet: 12.5 USDT, 0.002 BNB');
    expect(hold(12)).toBe(
      'Fee ceiling reached: waits at 50 gwei per gas after 11 signed versions; nothing is paid above it.',
    );
    expect(hold(13)).toBe(`Paid on chain after its refund — the user was paid twice. Transaction: ${tx}`);
    expect(hold(14)).toBeUndefined();
    await setLanguage('ar', false);
    try {
      await open('/admin/money');
      expect(hold(11)).toBe('بانتظار الأموال — الناقص في المحفظة الساخنة: 12.5 USDT, 0.002 BNB');
    } finally {
      await setLanguage('en', false);
    }
  });
});

describe("a command's refusal in the reader's language", () => {
  const queued = {
    id: 7,
    userId: 3,
    amount: '25',
    asset: 'USDT',
    to: USER,
    state: 'review',
    txHash: null,
    failReason: null,
    rejectReason: null,
    createdAt: '2026-11-24T10:00:00.000Z',
  };
  const refused = (data: unknown) => () => ({
    code: ErrorCode.OperatorCommandRefused,
    msg: 'Operator command refused: withdrawal:approve: withdrawal 7 is signed; only one in review can be approved',
    data,
  });
  const alert = () => $('[data-withdrawal="7"] [role="alert"]')?.textContent;
  const approve = async () => {
    const row = $('[data-withdrawal="7"]');
    // in review: Approve is the row's first button
    await click(row?.querySelector('button') ?? null);
  };
  beforeEach(() => {
    routes['GET /api/admin/withdrawals'] = () => okReply({ list: [queued] });
  });

  it('words a state refusal from its code, with the state named as the user side names it', async () => {
    routes['POST /api/admin/withdrawals/approve'] = refused({
      reason: 'wrongState',
      subject: '7',
      state: 'signed',
    });
    await open('/admin/money');
    await approve();
    expect(alert()).toBe(
      'Withdrawal 7 is now “Signed”: it can no longer be moved this way. Refresh the list. (1210)',
    );
  });

  it('shows it in Japanese to a Japanese reader, never the English server message', async () => {
    await setLanguage('ja', false);
    try {
      routes['POST /api/admin/withdrawals/approve'] = refused({
        reason: 'wrongState',
        subject: '7',
        state: 'signed',
      });
      await open('/admin/money');
      await approve();
      expect(alert()).toBe(
        '出金 7 は現在「署名済み」のため、この操作はできません。一覧を更新してください。 (1210)',
      );
      // a business rule's refusal reads the error catalogue in the same language
      routes['POST /api/admin/withdrawals/approve'] = refused({
        reason: 'refused',
        errorCode: ErrorCode.InsufficientBalance,
      });
      await approve();
      expect(alert()).toBe(`拒否されました：${errorMessage(ErrorCode.InsufficientBalance, 'ja')} (1210)`);
      expect(alert()).not.toContain('Operator command refused');
    } finally {
      await setLanguage('en', false);
    }
  });

  it('falls back to the server message when the answer carries no refusal code', async () => {
    routes['POST /api/admin/withdrawals/approve'] = refused(null);
    await open('/admin/money');
    await approve();
    expect(alert()).toContain('withdrawal 7 is signed');
  });
});

describe('content and audit', () => {
  it('lists which languages a slug lacks, previews a language and the fallback a missing one gets', async () => {
    routes['GET /api/admin/articles'] = () =>
      okReply({
        list: [
          {
            slug: 'launch',
            type: 'roadmap_short',
            languages: ['en', 'ja'],
            missing: ['ko', 'ar'],
            publishedAt: '2026-11-24T10:00:00.000Z',
          },
        ],
      });
    // like the server: a language without a text is served the English one
    routes['GET /api/admin/articles/preview'] = (url) => {
      const lang = url.searchParams.get('lang') as string;
      const served = ['en', 'ja'].includes(lang) ? lang : 'en';
      return okReply({
        id: 1,
        slug: 'launch',
        title: `Launch (${served})`,
        content: 'Hello',
        type: 'roadmap_short',
        language: served,
        cover: null,
        summary: '',
        publishedAt: '2026-11-24T10:00:00.000Z',
      });
    };
    routes['GET /api/admin/banners'] = () => okReply({ list: [] });
    routes['GET /api/admin/contacts'] = () => okReply({ twitter: '', telegram: '' });
    await open('/admin/content');
    const row = $('[data-slug="launch"]');
    // the type reads as on the user's documents page
    expect(row?.textContent).toContain('Short-term roadmap');
    expect(
      [...(row?.querySelectorAll('[data-testid="missing"] button') ?? [])].map((b) => b.textContent),
    ).toEqual(['ko', 'ar']);
    await click(row?.querySelector('[data-preview="ja"]') ?? null);
    expect($('[data-testid="article-preview"]')?.textContent).toContain('Launch (ja)');
    expect($('[data-testid="preview-fallback"]')).toBeNull();
    await click(row?.querySelector('[data-preview="ko"]') ?? null);
    expect($('[data-testid="article-preview"]')?.textContent).toContain('Launch (en)');
    expect($('[data-testid="preview-fallback"]')?.textContent).toBe(
      'No ko text: readers of ko get the en text below.',
    );
    expect($('[data-testid="article-preview"] h3')?.getAttribute('lang')).toBe('en');
  });

  it('loads the stored text of a language into the publish form, and says when there is none', async () => {
    routes['GET /api/admin/articles'] = () =>
      okReply({
        list: [
          {
            slug: 'launch',
            type: 'announcement',
            languages: ['en', 'ja'],
            missing: [],
            publishedAt: '2026-11-24T10:00:00.000Z',
          },
        ],
      });
    routes['GET /api/admin/articles/detail'] = (url) =>
      url.searchParams.get('lang') === 'ja'
        ? okReply({
            id: 2,
            slug: 'launch',
            type: 'announcement',
            language: 'ja',
            title: 'ローンチ',
            summary: '要約',
            content: '公開しました。',
            cover: null,
            publishedAt: '2026-11-24T10:00:00.000Z',
          })
        : okReply(null);
    routes['POST /api/admin/articles'] = () => okReply({ command: 'article:publish', result: {} });
    routes['GET /api/admin/banners'] = () => okReply({ list: [] });
    routes['GET /api/admin/contacts'] = () => okReply({ twitter: '', telegram: '' });
    await open('/admin/content');
    await click($('[data-slug="launch"] [data-edit="ja"]'));
    const form = $('[data-testid="publish"]');
    const field = (name: string) =>
      form?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)?.value;
    expect([field('slug'), field('lang'), field('title'), field('summary'), field('content')]).toEqual([
      'launch',
      'ja',
      'ローンチ',
      '要約',
      '公開しました。',
    ]);
    typeInto(form?.querySelector('input[name="title"]') as HTMLInputElement, 'ローンチ！');
    await click(form?.querySelector('button[type="submit"]') ?? null);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/articles')?.body).toMatchObject({
      slug: 'launch',
      lang: 'ja',
      type: 'announcement',
      title: 'ローンチ！',
      content: '公開しました。',
    });
    const lang = form?.querySelector('select[name="lang"]') as HTMLSelectElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
    act(() => {
      setter?.call(lang, 'ko');
      lang.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click($('[data-testid="load-stored"]'));
    expect($('[data-testid="load-none"]')?.textContent).toBe(
      'No ko text stored yet: this publishes the first one.',
    );
    // the text typed stays: it becomes the first ko text
    expect(field('title')).toBe('ローンチ！');
  });

  it('filters the audit log by actor and command', async () => {
    routes['GET /api/admin/audit'] = () =>
      okReply({
        list: [
          {
            id: 1,
            time: '2026-11-24T10:00:00.000Z',
            actor: OPERATOR,
            command: 'fomo:fund',
            args: { amount: '600' },
            ok: true,
            result: {},
            error: null,
          },
        ],
        total: 1,
        page: 1,
        size: 50,
      });
    await open('/admin/audit');
    expect($('[data-command="fomo:fund"]')).not.toBeNull();
    typeInto($('input[name="actor"]') as HTMLInputElement, OPERATOR);
    typeInto($('input[name="command"]') as HTMLInputElement, 'fomo:fund');
    await click($('[data-testid="audit"] button[type="submit"]'));
    const last = calls.filter((c) => c.path === '/api/admin/audit').at(-1);
    expect(last?.query.get('actor')).toBe(OPERATOR);
    expect(last?.query.get('command')).toBe('fomo:fund');
    expect(last?.query.get('page')).toBe('1');
  });
});

describe('product', () => {
  const MACHINE = {
    id: 1,
    code: 'm1',
    name: { en: 'Miner', ja: 'マイナー' },
    description: { en: 'Fast' },
    image: null,
    asset: 'USDT',
    price: '99.5',
    hashrate: '1000',
    days: 30,
    stock: 3,
    sort: 0,
    active: true,
  };
  const order = (id: number, state: string) => ({
    id,
    productId: 1,
    name: 'Tea',
    quantity: 2,
    asset: 'FCC',
    unitPrice: '1.5',
    total: '3',
    state,
    createdAt: '2026-11-24T10:00:00.000Z',
    paidAt: '2026-11-24T10:00:00.000Z',
    shippedAt: null,
    completedAt: null,
    cancelledAt: null,
    userId: 3,
    address: USER,
  });

  beforeEach(() => {
    routes['GET /api/admin/machines'] = () => okReply({ list: [MACHINE] });
    routes['GET /api/admin/products'] = () => okReply({ list: [] });
    routes['GET /api/admin/cards'] = () => okReply({ list: [] });
    routes['GET /api/admin/quotes'] = () => okReply({ list: [] });
    routes['GET /api/admin/shop/orders'] = (url) =>
      okReply({
        list:
          url.searchParams.get('state') === 'paid'
            ? [order(5, 'paid')]
            : [order(5, 'paid'), order(4, 'shipped'), order(3, 'completed')],
        total: url.searchParams.get('state') === 'paid' ? 1 : 3,
        page: 1,
        size: 20,
      });
    routes['POST /api/admin/machines'] = () => okReply({ command: 'machine:save', result: {} });
    routes['POST /api/admin/products'] = () => okReply({ command: 'product:save', result: {} });
    routes['POST /api/admin/shop/order'] = () => okReply({ command: 'shop:order', result: {} });
  });

  it('adds a product with its texts per language, and refuses an incomplete one before sending', async () => {
    await open('/admin/product');
    await click($('[data-testid="products"] [data-testid="catalogue-add"]'));
    const form = $('[data-testid="products-form"]');
    const input = (name: string) => form?.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    typeInto(input('code'), 'tea');
    await click(form?.querySelector('button[type="submit"]') ?? null);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/products')).toBe(false);
    expect([...(form?.querySelectorAll('.field-error') ?? [])].map((e) => e.textContent)).toEqual(
      expect.arrayContaining(['Enter a price above zero.', 'Enter at least the English name.']),
    );
    typeInto(form?.querySelector('.amount-input input') as HTMLInputElement, '1,5');
    typeInto(input('name.en'), 'Tea');
    typeInto(input('name.zh-Hans'), '茶');
    typeInto(input('description.en'), 'Green tea');
    typeInto(input('stock'), '10');
    await settle();
    await click(form?.querySelector('button[type="submit"]') ?? null);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/products')?.body).toEqual({
      code: 'tea',
      name: { en: 'Tea', 'zh-Hans': '茶' },
      description: { en: 'Green tea' },
      image: null,
      asset: 'USDT',
      price: '15',
      stock: 10,
      sort: 0,
    });
    // saved: the form closes
    expect($('[data-testid="products-form"]')).toBeNull();
  });

  it('edits a machine from its stored values, keeping its code', async () => {
    await open('/admin/product');
    await click($('[data-testid="machines"] [data-code="m1"] [data-testid="catalogue-edit"]'));
    const form = $('[data-testid="machines-form"]');
    const input = (name: string) => form?.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    expect(input('code').readOnly).toBe(true);
    expect([
      input('name.ja').value,
      input('hashrate').value,
      input('days').value,
      input('stock').value,
    ]).toEqual(['マイナー', '1000', '30', '3']);
    expect(form?.querySelector<HTMLInputElement>('.amount-input input')?.value).toBe('99.5');
    typeInto(input('stock'), '');
    typeInto(input('days'), '60');
    await click(form?.querySelector('button[type="submit"]') ?? null);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/machines')?.body).toEqual({
      code: 'm1',
      name: { en: 'Miner', ja: 'マイナー' },
      description: { en: 'Fast' },
      image: null,
      asset: 'USDT',
      price: '99.5',
      stock: null,
      sort: 0,
      hashrate: '1000',
      days: 60,
    });
  });

  it('lists paid shop orders to ship, offers only the moves each state allows', async () => {
    await open('/admin/product');
    const panel = $('[data-testid="shop-orders"]');
    expect(calls.find((c) => c.path === '/api/admin/shop/orders')?.query.get('state')).toBe('paid');
    const moves = (id: number) =>
      [...(panel?.querySelectorAll(`[data-shop-order="${id}"] [data-move]`) ?? [])].map((b) => b.textContent);
    expect(moves(5)).toEqual(['Ship', 'Cancel and refund']);
    expect($('[data-shop-order="5"]')?.textContent).toContain('3 FCC');
    expect($('[data-shop-order="5"]')?.textContent).toContain('Paid');
    await click(panel?.querySelector('[data-shop-order="5"] [data-move="shipped"]') ?? null);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/shop/order')?.body).toEqual({
      id: 5,
      state: 'shipped',
    });
    const select = panel?.querySelector('select') as HTMLSelectElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
    act(() => {
      setter?.call(select, '');
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(moves(4)).toEqual(['Complete']);
    expect(moves(3)).toEqual([]);
  });
});

describe('users', () => {
  const perAsset = (usdt: string) => ({ USDT: usdt, FREE: '0', FCC: '0' });
  const LOOKUP = {
    user: {
      id: 3,
      address: USER,
      inviter: null,
      ignited: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      lastLoginAt: null,
    },
    balances: {
      wallet: perAsset('1234.5678'),
      airdrop: { USDT: '0', FREE: '250', FCC: '0' },
      pool: perAsset('0'),
      asset: perAsset('0'),
    },
    team: {
      teamCount: 12,
      validCount: 4,
      directCount: 3,
      marketMakers: 1,
      newToday: 0,
      newYesterday: 2,
      validToday: 0,
      validYesterday: 1,
      totalPerformance: '25000',
      zoneA: '20000',
      zoneB: '5000',
      ownPrincipal: '300',
      level: 'V2',
      nodeTier: 'edge',
      isValid: true,
      isMarketMaker: false,
    },
    staking: { list: [], total: 0, page: 1, size: 20 },
    shop: { list: [], total: 0, page: 1, size: 20 },
    withdrawals: {
      list: [
        {
          id: 9,
          coin: 'USDT',
          amount: '20',
          to: USER,
          state: 'refunded',
          pending: false,
          txHash: null,
          createdAt: '2026-11-24T10:00:00.000Z',
          confirmedAt: null,
          rejectReason: 'duplicate',
        },
      ],
      total: 25,
      page: 1,
      size: 20,
    },
    recharges: { list: [], total: 0, page: 1, size: 20 },
  };

  it('shows balances, team figures, orders and ledger entries as tables, amounts as on the user side', async () => {
    routes['GET /api/admin/users/lookup'] = () => okReply(LOOKUP);
    routes['GET /api/admin/users/ledger'] = () =>
      okReply({
        list: [
          {
            id: 41,
            time: '2026-11-24T10:00:00.000Z',
            kind: 'withdraw_refund',
            account: 'wallet',
            asset: 'USDT',
            amount: '20',
            ref: 'withdrawal:9',
          },
          {
            id: 40,
            time: '2026-11-24T09:00:00.000Z',
            kind: 'withdraw',
            account: 'wallet',
            asset: 'USDT',
            amount: '-20',
            ref: 'withdrawal:9',
          },
        ],
        page: 1,
        size: 20,
        hasMore: true,
        nextCursor: '40',
      });
    routes['GET /api/admin/users/sessions'] = () => okReply({ list: [] });
    await open('/admin/users');
    typeInto($('[data-testid="user-lookup"] input[name="address"]') as HTMLInputElement, USER);
    await click($('[data-testid="user-lookup"] button[type="submit"]'));
    expect(text()).not.toContain('{"');
    const wallet = $('[data-testid="user-balances"] [data-account="wallet"]');
    expect(wallet?.querySelector('th')?.textContent).toBe('Wallet balance');
    expect(wallet?.querySelector('td')?.textContent).toBe('1,234.56 USDT');
    expect($('[data-testid="user-balances"] [data-account="airdrop"]')?.textContent).toContain('250 FREE');
    const team = $('[data-testid="user-team"]')?.textContent ?? '';
    expect(team).toContain('Edge node');
    expect(team).toContain('Zone A performance20,000 USDT');
    expect(team).toContain('Team members12');
    const withdrawals = $('[data-testid="user-withdrawals"] tbody tr')?.textContent ?? '';
    expect(withdrawals).toContain('20 USDT');
    expect(withdrawals).toContain('Refunded — duplicate');
    expect($('[data-testid="user-orders"]')?.textContent).toContain('Newest 1 of 25');
    const ledger = [...document.querySelectorAll('[data-testid="user-ledger"] tbody tr')].map(
      (r) => r.textContent ?? '',
    );
    expect(ledger[0]).toContain('Withdrawal refund');
    expect(ledger[1]).toContain('Withdrawal');
    expect(ledger[1]).toContain('-20 USDT');
    await click(
      [...document.querySelectorAll('[data-testid="user-ledger"] button')].find(
        (b) => b.textContent === 'Next',
      ) ?? null,
    );
    expect(
      calls
        .filter((c) => c.path === '/api/admin/users/ledger')
        .at(-1)
        ?.query.get('page'),
    ).toBe('2');
  });
});
