// The operator console against a fake API: who may enter, what the dashboard shows, and what the money
// forms send (and show back when the server refuses).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_SECTIONS } from '@free/protocol/api/admin';
import { ErrorCode } from '@free/protocol/envelope';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/routes';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, typeInto } from '../../test-utils';
import AdminConsole, { sectionOf } from './AdminConsole';
import { CONSOLE_TEXTS } from './texts';

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
  fomo: { balance: '120', floor: '500', aboveFloor: false },
  liabilities: { USDT: '250', FREE: '40' },
  reconciliation: [
    { token: 'USDT', owed: '250', held: '100000', short: '0' },
    { token: 'FREE', owed: '40', held: '0', short: '40' },
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

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

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
  it('has an English text for every key the console uses (sections, roles and kinds included)', () => {
    const used = new Set<string>();
    for (const f of readdirSync(import.meta.dirname).filter(
      (n) => n.endsWith('.tsx') && !n.includes('.test.'),
    )) {
      const src = readFileSync(join(import.meta.dirname, f), 'utf8');
      for (const m of src.matchAll(/'(admin\.[A-Za-z.]+)'/g)) used.add(m[1] as string);
    }
    for (const s of Object.keys(CONSOLE_SECTIONS)) used.add(`admin.section.${s}`);
    for (const r of ['admin', 'finance', 'content']) used.add(`admin.role.${r}`);
    for (const k of ['airdrop', 'presale']) used.add(`admin.money.kind.${k}`);
    for (const k of ['machines', 'products']) used.add(`admin.product.${k}`);
    expect([...used].filter((k) => !(k in CONSOLE_TEXTS))).toEqual([]);
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
  });

  it('still answers when the chain cannot be read', async () => {
    routes['GET /api/admin/dashboard'] = () =>
      okReply({ ...DASHBOARD, chain: null, reconciliation: null, chainError: 'connection refused' });
    await open('/admin/dashboard');
    expect($('[data-testid="dash-staking"]')?.textContent).toContain('connection refused');
    expect($('[data-testid="fomo-state"]')).not.toBeNull();
  });
});

describe('money', () => {
  it('funds the FOMO pool once per submission, with the same reference as body ref and Idempotency-Key', async () => {
    routes['POST /api/admin/fomo/fund'] = () => okReply({ command: 'fomo:fund', result: {} });
    await open('/admin/money');
    const form = $('[data-testid="fund-fomo"]');
    const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(submit?.disabled).toBe(true);
    typeInto(form?.querySelector('input') as HTMLInputElement, '600');
    await settle();
    await click(submit ?? null);
    const fund = calls.filter((c) => c.path === '/api/admin/fomo/fund');
    expect(fund).toHaveLength(1);
    const body = fund[0]?.body as { amount: string; ref: string };
    expect(body.amount).toBe('600');
    expect(fund[0]?.headers['Idempotency-Key']).toBe(body.ref);
    expect(form?.textContent).toContain('Saved');
  });

  it('lists the payments that credited no order', async () => {
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
            reason: 'unknown order',
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
    expect(panel?.textContent).toContain('unknown order');
    expect(panel?.textContent).toContain('12.5');
  });

  it('grants one allocation only with an address, an amount and a release period', async () => {
    routes['POST /api/admin/allocations/grant'] = () => okReply({ command: 'allocation:grant', result: {} });
    await open('/admin/money');
    const form = $('[data-testid="grant-one"]');
    const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    typeInto(form?.querySelector('input[name="address"]') as HTMLInputElement, USER);
    typeInto(form?.querySelector('.amount-input input') as HTMLInputElement, '1000');
    await settle();
    expect(submit?.disabled).toBe(true);
    typeInto(form?.querySelector('input[name="releaseDays"]') as HTMLInputElement, '30');
    await settle();
    await click(submit ?? null);
    expect(calls.find((c) => c.path === '/api/admin/allocations/grant')?.body).toEqual({
      address: USER,
      kind: 'airdrop',
      amount: '1000',
      releaseDays: 30,
    });
  });

  it('shows wei limits as amounts', async () => {
    routes['GET /api/admin/config'] = () =>
      okReply({ values: { min_withdraw_wei: '1500000000000000000', modules: {} } });
    await open('/admin/money');
    expect($('[data-testid="limits"]')?.textContent).toBe('Limitsmin_withdraw_wei1.5');
  });

  it('leaves the limits (admin settings) out for a finance operator', async () => {
    routes['GET /api/admin/me'] = () => okReply({ address: OPERATOR, role: 'finance' });
    await open('/admin/money');
    expect($('[data-testid="fund-fomo"]')).not.toBeNull();
    expect($('[data-testid="limits"]')).toBeNull();
    expect(calls.some((c) => c.path === '/api/admin/config')).toBe(false);
  });

  it('refuses a zero amount before sending it', async () => {
    await open('/admin/money');
    const form = $('[data-testid="fund-fomo"]');
    typeInto(form?.querySelector('input') as HTMLInputElement, '0');
    await settle();
    expect(form?.querySelector('[role="alert"]')).not.toBeNull();
    expect(form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
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
            granted: (body as { dryRun: boolean }).dryRun ? null : true,
          },
          {
            line: 2,
            address: '0xnope',
            amount: '0',
            unlockAt: '2026-11-24T00:00:00.000Z',
            endAt: '2026-12-24T00:00:00.000Z',
            error: 'invalid address',
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
    await click(panel?.querySelector('button') ?? null);
    const result = $('[data-testid="import-result"]');
    expect(result?.textContent).toContain('Dry run: 1 valid, 1 refused lines; total');
    expect(result?.querySelector('tr.is-danger')?.textContent).toContain('invalid address');
    expect(run?.disabled).toBe(false);
    await click(run ?? null);
    const sent = calls.filter((c) => c.path === '/api/admin/allocations/import').map((c) => c.body);
    expect(sent).toEqual([
      { kind: 'airdrop', csv: `${USER},100\n0xnope,5`, dryRun: true },
      { kind: 'airdrop', csv: `${USER},100\n0xnope,5`, dryRun: false },
    ]);
    expect($('[data-testid="import-result"]')?.textContent).toContain('Granted: 1 valid');
  });

  it('approves only a withdrawal in review, rejects a queued one with the reason, shows the refusal', async () => {
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
    expect(buttons(7)).toEqual(['Reject']);
    expect(buttons(8)).toEqual(['Approve', 'Reject']);
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
});

describe('content and audit', () => {
  it('lists which languages a slug lacks and previews a language', async () => {
    routes['GET /api/admin/articles'] = () =>
      okReply({
        list: [
          {
            slug: 'launch',
            type: 'announcement',
            languages: ['en', 'ja'],
            missing: ['ko', 'ar'],
            publishedAt: '2026-11-24T10:00:00.000Z',
          },
        ],
      });
    routes['GET /api/admin/articles/preview'] = (url) =>
      okReply({
        id: 1,
        title: `Launch (${url.searchParams.get('lang')})`,
        content: 'Hello',
        type: 'announcement',
        cover: null,
        summary: '',
        time: '2026-11-24T10:00:00.000Z',
      });
    routes['GET /api/admin/banners'] = () => okReply({ list: [] });
    routes['GET /api/admin/contacts'] = () => okReply({ twitter: '', telegram: '' });
    await open('/admin/content');
    expect($('[data-slug="launch"] [data-testid="missing"]')?.textContent).toBe('ko ar');
    await click([...document.querySelectorAll('.admin-chip')].find((b) => b.textContent === 'ja') ?? null);
    expect($('[data-testid="article-preview"]')?.textContent).toContain('Launch (ja)');
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
