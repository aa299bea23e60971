// The operator console API: every /api/admin route of the Fastify route table refuses normal users
// and operators of other roles (and changes nothing), and each works for its role, through the
// same commands as the CLI, logged to ops_log with the operator's address.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@free/protocol';
import type { OperatorRole } from '@free/protocol/api/admin';
import { desc, eq, sql } from 'drizzle-orm';
import { type Address, getAddress, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  closeApp,
  count,
  DEPLOYMENT,
  makeApp,
  signIn,
  snapshot,
  type TestCtx,
  TREASURY,
} from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/client.ts';
import { cardApplications, opsLog, tokenAllocations, withdrawals } from '../../db/schema/index.ts';
import { runOps } from '../../ops/commands.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../../services/ledger.ts';
import { getSettings, isSettingKey, SETTINGS, type SettingKey } from '../../services/settings.ts';
import { placeOrder } from '../../services/shop.ts';
import { recordUnmatchedPayment } from '../../services/unmatched-payments.ts';
import { applyWithdrawal } from '../../services/withdraw.ts';

const U = 10n ** 18n;
const ROLES_ALL: OperatorRole[] = ['admin', 'finance', 'content'];

/**
 * Every operator route and the roles it is open to besides admin. The walk below compares this
 * table with the Fastify route table: a new route fails the test until it is listed here.
 */
const EXPECTED: Record<string, OperatorRole[]> = {
  'GET /api/admin/me': ['finance', 'content'],
  'GET /api/admin/dashboard': ['finance'],
  'GET /api/admin/audit': [],
  'POST /api/admin/fomo/fund': ['finance'],
  'POST /api/admin/allocations/grant': ['finance'],
  'POST /api/admin/allocations/import': ['finance'],
  'GET /api/admin/withdrawals': ['finance'],
  'POST /api/admin/withdrawals/approve': ['finance'],
  'POST /api/admin/withdrawals/reject': ['finance'],
  'GET /api/admin/payments/unmatched': ['finance'],
  'GET /api/admin/limits': ['finance'],
  'POST /api/admin/limits': ['finance'],
  'GET /api/admin/config': [],
  'POST /api/admin/config': [],
  'POST /api/admin/modules': [],
  'GET /api/admin/machines': [],
  'POST /api/admin/machines': [],
  'POST /api/admin/machines/stock': [],
  'GET /api/admin/products': [],
  'POST /api/admin/products': [],
  'POST /api/admin/products/stock': [],
  'GET /api/admin/shop/orders': [],
  'POST /api/admin/shop/order': [],
  'GET /api/admin/cards': [],
  'POST /api/admin/cards/review': [],
  'GET /api/admin/quotes': [],
  'POST /api/admin/quotes': [],
  'GET /api/admin/articles': ['content'],
  'GET /api/admin/articles/detail': ['content'],
  'GET /api/admin/articles/preview': ['content'],
  'POST /api/admin/articles': ['content'],
  'GET /api/admin/banners': ['content'],
  'POST /api/admin/banners': ['content'],
  'POST /api/admin/banners/remove': ['content'],
  'GET /api/admin/contacts': ['content'],
  'POST /api/admin/contacts': ['content'],
  'GET /api/admin/users/lookup': ['finance'],
  'GET /api/admin/users/ledger': ['finance'],
  'GET /api/admin/users/sessions': ['finance'],
  'POST /api/admin/users/sessions/revoke': ['finance'],
};

/** `METHOD /path` of every /api/admin route in the app's route table (HEAD left out). */
function adminRouteTable(t: TestCtx): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S*)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    stack[depth] = m[2] ?? '';
    const path = stack.join('');
    if (!m[3] || !path.startsWith('/api/admin/')) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out.sort();
}

/** A fake chain for the dashboard: fixed contract and token figures, head block 120. */
function fakeChain(): PublicClient {
  const balances: Record<string, bigint> = {
    [`${DEPLOYMENT.usdt}:hot`]: 700n * U,
    [`${DEPLOYMENT.free}:hot`]: 30n * U,
    [`${DEPLOYMENT.usdt}:treasury`]: 300n * U,
    [`${DEPLOYMENT.free}:treasury`]: 0n,
  };
  return {
    getChainId: async () => 31337,
    getBlockNumber: async () => 120n,
    getBalance: async () => 2n * U,
    getTransactionReceipt: async () => {
      throw new Error('no receipt');
    },
    readContract: async (r: { address: string; functionName: string; args?: readonly string[] }) => {
      if (r.functionName === 'treasury') return TREASURY;
      if (r.functionName === 'reserve') return 1000n * U;
      if (r.functionName === 'committed') return 40n * U;
      if (r.functionName === 'openPrincipal') return 400n * U;
      if (r.functionName === 'availableReserve') return 960n * U;
      if (r.functionName === 'balanceOf') {
        const holder = getAddress(r.args?.[0] as string) === getAddress(TREASURY) ? 'treasury' : 'hot';
        return balances[`${r.address}:${holder}`] ?? 0n;
      }
      throw new Error(`unexpected read ${r.functionName}`);
    },
  } as unknown as PublicClient;
}

for (const backend of BACKEND)
  describe(`operator console API on ${backend.name}`, () => {
    let t: TestCtx;
    const ops = {
      admin: account('op-admin'),
      finance: account('op-finance'),
      content: account('op-content'),
    };
    const normal = account('normal-user');
    const token: Record<string, string> = {};
    let userId = 0;

    const call = async (who: string, method: string, url: string, payload?: unknown) => {
      const r = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: authHeaders(t, token[who] as string),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return r.json();
    };
    const okData = async (who: string, method: string, url: string, payload?: unknown) => {
      const body = await call(who, method, url, payload);
      expect(body.code, `${method} ${url}: ${body.msg}`).toBe(ErrorCode.Ok);
      return body.data;
    };
    const lastLog = async () => (await t.db.db.select().from(opsLog).orderBy(desc(opsLog.id)).limit(1))[0];

    beforeAll(async () => {
      t = await makeApp(backend.url, {
        config: {
          operators: new Map<Address, OperatorRole>([
            [ops.admin.address, 'admin'],
            [ops.finance.address, 'finance'],
            [ops.content.address, 'content'],
          ]),
        },
        chain: {
          paymentTerms: async () => ({ treasury: TREASURY, burnBps: 200n, executorRewardBps: 10n }),
          publicClient: fakeChain(),
        },
      });
      for (const [role, a] of Object.entries(ops)) token[role] = (await signIn(t, a)).token;
      const u = await signIn(t, normal);
      token.user = u.token;
      userId = u.userId;
    });
    afterAll(async () => closeApp(t));

    describe('who may call what', () => {
      it('lists every operator route of the route table with its roles', () => {
        expect(adminRouteTable(t)).toEqual(Object.keys(EXPECTED).sort());
      });

      it('refuses a normal user on every operator route, before looking at the body, and changes nothing', async () => {
        const before = await snapshot(t.db);
        const logs = await count(t.db, 'ops_log');
        for (const route of adminRouteTable(t)) {
          const [method, url] = route.split(' ') as [string, string];
          const body = await call('user', method, url, method === 'POST' ? {} : undefined);
          expect(body.code, route).toBe(ErrorCode.NotOperator);
          expect(body.msg).toBe('This account is not an operator');
        }
        expect(await snapshot(t.db)).toEqual(before);
        expect(await count(t.db, 'ops_log')).toBe(logs);
      });

      it('refuses a caller who is not signed in at all on every operator route, and changes nothing', async () => {
        const before = await snapshot(t.db);
        const logs = await count(t.db, 'ops_log');
        for (const route of adminRouteTable(t)) {
          const [method, url] = route.split(' ') as [string, string];
          // no token at all, and a correctly signed request with a token that is no session
          for (const headers of [BASE_HEADERS, authHeaders(t, 'not-a-session')]) {
            const r = await t.app.inject({
              method: method as 'GET' | 'POST',
              url,
              headers,
              ...(method === 'POST' ? { payload: {} } : {}),
            });
            expect(r.json().code, `${route} ${headers === BASE_HEADERS ? 'no token' : 'bad token'}`).toBe(
              ErrorCode.Unauthorized,
            );
          }
        }
        expect(await snapshot(t.db)).toEqual(before);
        expect(await count(t.db, 'ops_log')).toBe(logs);
      });

      it('documents every operator route in the OpenAPI document, tagged admin with its roles', async () => {
        const doc = (
          await t.app.inject({ method: 'GET', url: '/api/docs', headers: BASE_HEADERS })
        ).json() as {
          paths: Record<string, Record<string, { tags?: string[]; summary?: string; security?: unknown[] }>>;
        };
        const documented = Object.entries(doc.paths)
          .filter(([path]) => path.startsWith('/api/admin/'))
          .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
          .filter((r) => !r.startsWith('HEAD '))
          .sort();
        expect(documented).toEqual(adminRouteTable(t));
        for (const route of adminRouteTable(t)) {
          const [method, path] = route.split(' ') as [string, string];
          const op = doc.paths[path]?.[method.toLowerCase()];
          expect(op?.tags, route).toEqual(['admin']);
          expect(op?.security, route).toEqual([{ bearer: [], sign: [], times: [] }]);
          const roles = ['admin', ...(EXPECTED[route] ?? [])].join(', ');
          expect(op?.summary, route).toContain(`[operators: ${roles}]`);
        }
      });

      it('refuses the operator roles a route is not open to, and lets its roles and admin through', async () => {
        const logs = await count(t.db, 'ops_log');
        for (const route of adminRouteTable(t)) {
          const [method, url] = route.split(' ') as [string, string];
          const allowed = EXPECTED[route] ?? [];
          for (const role of ROLES_ALL) {
            if (role === 'admin' || allowed.includes(role)) continue;
            const body = await call(role, method, url, method === 'POST' ? {} : undefined);
            expect(body.code, `${role} ${route}`).toBe(ErrorCode.OperatorRoleMissing);
          }
        }
        expect(await count(t.db, 'ops_log')).toBe(logs);
        for (const route of adminRouteTable(t)) {
          const [method, url] = route.split(' ') as [string, string];
          for (const role of ['admin', ...(EXPECTED[route] ?? [])]) {
            // an empty body is refused by validation at worst, never by the role check
            const body = await call(role, method, url, method === 'POST' ? {} : undefined);
            expect([ErrorCode.NotOperator, ErrorCode.OperatorRoleMissing], `${role} ${route}`).not.toContain(
              body.code,
            );
          }
        }
      });

      it('answers the role of the signed-in operator', async () => {
        for (const [role, a] of Object.entries(ops)) {
          expect(await okData(role, 'GET', '/api/admin/me')).toEqual({ address: a.address, role });
        }
      });

      it('reads OPERATOR_ADDRESSES, defaults to anvil account 0 as admin on the local chain only', () => {
        const base = { DEPLOYMENT_FILE: '/nonexistent.json', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv;
        expect([...loadConfig(base).operators]).toEqual([
          ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'admin'],
        ]);
        const lower = ops.finance.address.toLowerCase();
        expect([
          ...loadConfig({ ...base, OPERATOR_ADDRESSES: ` ${lower}:finance , ${ops.content.address}:content` })
            .operators,
        ]).toEqual([
          [ops.finance.address, 'finance'],
          [ops.content.address, 'content'],
        ]);
        expect(() => loadConfig({ ...base, OPERATOR_ADDRESSES: `${lower}:root` })).toThrow(
          /OPERATOR_ADDRESSES: .*role must be one of admin, finance, content/,
        );
        expect(() => loadConfig({ ...base, OPERATOR_ADDRESSES: '0x12:admin' })).toThrow(/OPERATOR_ADDRESSES/);
      });
    });

    describe('money', () => {
      it('funds the FOMO pool once per ref, logged with the operator address', async () => {
        const pub = async () =>
          (await t.app.inject({ method: 'GET', url: '/api/common/fomo', headers: { platform: 'h5' } })).json()
            .data;
        expect((await pub()).distributing).toBe(false);
        const r = await okData('finance', 'POST', '/api/admin/fomo/fund', { amount: '600', ref: 'fund-1' });
        expect(r).toMatchObject({ command: 'fomo:fund', result: { added: true, balance: '600' } });
        const again = await okData('finance', 'POST', '/api/admin/fomo/fund', {
          amount: '600',
          ref: 'fund-1',
        });
        expect(again.result).toMatchObject({ added: false, balance: '600' });
        expect(await pub()).toMatchObject({ balance: '600', floor: '500', distributing: true });
        expect(await lastLog()).toMatchObject({ command: 'fomo:fund', ok: true, actor: ops.finance.address });
      });

      it('refuses a bad amount with the command message, changes nothing, and logs the refusal', async () => {
        const body = await call('finance', 'POST', '/api/admin/fomo/fund', { amount: '-5', ref: 'fund-2' });
        expect(body.code).toBe(ErrorCode.OperatorCommandRefused);
        expect(body.msg).toMatch(/^Operator command refused: fomo:fund: amount: amount must be a positive/);
        // the stable code the console words in the reader's language
        expect(body.data).toEqual({ reason: 'amount', field: 'amount' });
        expect(await lastLog()).toMatchObject({
          command: 'fomo:fund',
          ok: false,
          actor: ops.finance.address,
        });
        const pub = (
          await t.app.inject({ method: 'GET', url: '/api/common/fomo', headers: { platform: 'h5' } })
        ).json();
        expect(pub.data.balance).toBe('600');
      });

      it('checks a CSV of allocations in a dry run, grants the valid lines once, and one address alone', async () => {
        const csv = [
          'address,amount,unlockAt,endAt',
          `${normal.address},100,2026-11-20T00:00:00Z,2026-12-20T00:00:00Z`,
          `${ops.finance.address.toLowerCase()},2.5`,
          '0x1234,5',
          `${account('never-signed-in').address},5`,
          `${normal.address},-1`,
          `${normal.address},100,2026-11-20T00:00:00Z,2026-12-20T00:00:00Z`,
        ].join('\n');
        const dry = await okData('finance', 'POST', '/api/admin/allocations/import', {
          kind: 'airdrop',
          csv,
          dryRun: true,
          releaseDays: 30,
        });
        expect(dry).toMatchObject({ dryRun: true, valid: 2, invalid: 4, total: '102.5' });
        expect(dry.lines.map((l: { error: string | null }) => l.error)).toEqual([
          null,
          null,
          'not a 0x address',
          'no user has signed in with this address yet',
          'amount must be a positive decimal amount',
          'same grant as line 2',
        ]);
        expect(await count(t.db, 'token_allocations')).toBe(0);

        const real = await okData('finance', 'POST', '/api/admin/allocations/import', {
          kind: 'airdrop',
          csv,
          dryRun: false,
          releaseDays: 30,
        });
        expect(real.lines.map((l: { granted: boolean | null }) => l.granted)).toEqual([
          true,
          true,
          null,
          null,
          null,
          null,
        ]);
        const rerun = await okData('finance', 'POST', '/api/admin/allocations/import', {
          kind: 'airdrop',
          csv,
          dryRun: false,
          releaseDays: 30,
        });
        expect(rerun.lines[0].granted).toBe(false);
        const mine = await t.db.db.select().from(tokenAllocations).where(eq(tokenAllocations.userId, userId));
        expect(mine.map((a) => a.total)).toEqual([100n * U]);

        await okData('finance', 'POST', '/api/admin/allocations/grant', {
          address: normal.address,
          kind: 'presale',
          amount: '7',
          endAt: '2027-01-01T00:00:00Z',
        });
        const page = await okData('user', 'GET', '/api/user/airdrop?kind=presale');
        expect(JSON.stringify(page)).toContain('"7"');
      });

      it('grants an exclusive airdrop (FREE, airdrop balance) and an FCC bonus (FCC, wallet) at once, once per line', async () => {
        const airdropFree = () => getBalance(t.db.db, userAccount(userId, 'airdrop'), 'FREE');
        const walletFcc = () => getBalance(t.db.db, userAccount(userId, 'wallet'), 'FCC');
        const [free0, fcc0] = [await airdropFree(), await walletFcc()];
        const csv = [`${normal.address},12.5`, `${normal.address},1,2026-11-20T00:00:00Z`].join('\n');
        const dry = await okData('finance', 'POST', '/api/admin/allocations/import', {
          kind: 'exclusive_airdrop',
          csv,
          dryRun: true,
        });
        expect(dry).toMatchObject({ dryRun: true, valid: 1, invalid: 1, total: '12.5' });
        expect(dry.lines[1]).toMatchObject({ refusal: { reason: 'invalid', field: 'unlockAt' } });
        expect(await airdropFree()).toBe(free0);
        const real = await okData('finance', 'POST', '/api/admin/allocations/import', {
          kind: 'exclusive_airdrop',
          csv,
          dryRun: false,
        });
        expect(real.lines[0].granted).toBe(true);
        const again = await okData('finance', 'POST', '/api/admin/allocations/import', {
          kind: 'exclusive_airdrop',
          csv,
          dryRun: false,
        });
        expect(again.lines[0].granted).toBe(false);
        expect(await airdropFree()).toBe(free0 + (25n * U) / 2n);

        await okData('finance', 'POST', '/api/admin/allocations/grant', {
          address: normal.address,
          kind: 'fcc_bonus',
          amount: '4',
        });
        expect(await walletFcc()).toBe(fcc0 + 4n * U);
        // both are income on the Earnings page: exclusive airdrop in the list, the FCC bonus apart
        const income = await okData('user', 'GET', '/api/user/income_info');
        const exclusive = income.list.find((k: { kind: string }) => k.kind === 'airdrop_exclusive');
        expect(exclusive.total.FREE).toBe('12.5');
        expect(income.fccBonus.total).toBe('4');
        // the CLI grants the same way
        const cli = await runOps(
          ['allocation:grant', normal.address, '1', '--kind', 'fcc_bonus', '--batch', 'b2'],
          {
            db: t.db,
            actor: ops.finance.address,
          },
        );
        expect(cli).toMatchObject({ ok: true });
        expect(await walletFcc()).toBe(fcc0 + 5n * U);
      });

      it('lists withdrawals, rejects one with the reason (refunded), approves one in review', async () => {
        await t.db.transaction((tx) =>
          transfer(tx, {
            key: 'admin-test-fund',
            from: systemAccount('adjust'),
            to: userAccount(userId),
            asset: 'USDT',
            amount: 50n * U,
            kind: 'adjust',
          }),
        );
        const w = await applyWithdrawal(t.db, {
          userId,
          userAddress: normal.address.toLowerCase(),
          amount: '20',
          coin: 'USDT',
          now: t.clock.get(),
        });
        const list = await okData('finance', 'GET', '/api/admin/withdrawals?state=queued');
        expect(list.list).toEqual([
          expect.objectContaining({ id: w.id, amount: '20', state: 'queued', userId, rejectReason: null }),
        ]);
        await okData('finance', 'POST', '/api/admin/withdrawals/reject', {
          id: w.id,
          reason: 'address on a sanctions list',
        });
        const [row] = await t.db.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
        expect(row).toMatchObject({ state: 'refunded', rejectReason: 'address on a sanctions list' });
        const refunded = await okData('finance', 'GET', '/api/admin/withdrawals?state=refunded');
        expect(refunded.list).toEqual([
          expect.objectContaining({ id: w.id, rejectReason: 'address on a sanctions list' }),
        ]);
        expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(50n * U);
        const twice = await call('finance', 'POST', '/api/admin/withdrawals/reject', {
          id: w.id,
          reason: 'again',
        });
        expect(twice.code).toBe(ErrorCode.OperatorCommandRefused);
        expect(twice.data).toEqual({ reason: 'wrongState', subject: String(w.id), state: 'refunded' });
        expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(50n * U);
        // above the review threshold a withdrawal waits for an operator
        await okData('admin', 'POST', '/api/admin/config', {
          key: 'withdraw_review_above_wei',
          value: String(1n * U),
        });
        const second = await applyWithdrawal(t.db, {
          userId,
          userAddress: normal.address.toLowerCase(),
          amount: '5',
          coin: 'USDT',
          now: t.clock.get(),
        });
        expect(second.state).toBe('review');
        expect(
          await okData('finance', 'POST', '/api/admin/withdrawals/approve', { id: second.id }),
        ).toMatchObject({
          result: { id: second.id, state: 'queued', approved: true },
        });
        expect((await call('finance', 'POST', '/api/admin/withdrawals/approve', { id: w.id })).code).toBe(
          ErrorCode.OperatorCommandRefused,
        );
        await okData('finance', 'POST', '/api/admin/withdrawals/reject', {
          id: second.id,
          reason: 'duplicate',
        });
        expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(50n * U);
      });

      it('lists the payments on chain that credited no order', async () => {
        const empty = await okData('finance', 'GET', '/api/admin/payments/unmatched');
        expect(empty).toMatchObject({ list: [], total: 0 });
        await t.db.transaction((tx) =>
          recordUnmatchedPayment(tx, {
            txHash: `0x${'cd'.repeat(32)}`,
            logIndex: 2,
            blockNumber: 77n,
            orderId: `0x${'02'.repeat(32)}`,
            payer: normal.address,
            token: DEPLOYMENT.usdt,
            to: TREASURY,
            amount: 12n * U,
            burned: 0n,
            executorReward: 0n,
            reason: 'unknown order',
            paidAt: t.clock.get(),
          }),
        );
        const page = await okData('finance', 'GET', '/api/admin/payments/unmatched?size=10');
        expect(page).toMatchObject({ total: 1, page: 1, size: 10 });
        expect(page.list).toEqual([
          expect.objectContaining({ blockNumber: 77, amount: '12', reason: 'unknown order' }),
        ]);
        expect((await call('content', 'GET', '/api/admin/payments/unmatched')).code).toBe(
          ErrorCode.OperatorRoleMissing,
        );
      });
    });

    describe('money: CSV release days and limits', () => {
      it('gives CSV lines without an end time the release period in days, and refuses them without one', async () => {
        const csv = `${normal.address},8\n${normal.address},9,2026-11-20T00:00:00Z,2026-11-25T00:00:00Z`;
        const without = await okData('finance', 'POST', '/api/admin/allocations/import', {
          kind: 'presale',
          csv,
          dryRun: true,
          batch: 'release-days',
        });
        expect(without).toMatchObject({ valid: 1, invalid: 1, total: '9' });
        expect(without.lines[0].error).toBe('no end time: give one or a release period in days');
        const body = { kind: 'presale', csv, releaseDays: 10, batch: 'release-days' };
        const dry = await okData('finance', 'POST', '/api/admin/allocations/import', {
          ...body,
          dryRun: true,
        });
        expect(dry).toMatchObject({ valid: 2, invalid: 0, total: '17' });
        const now = t.clock.get().getTime();
        expect(dry.lines[0]).toMatchObject({
          unlockAt: new Date(now).toISOString(),
          endAt: new Date(now + 10 * 86_400_000).toISOString(),
          error: null,
        });
        // a line with its own end time keeps it
        expect(dry.lines[1].endAt).toBe('2026-11-25T00:00:00.000Z');
        const real = await okData('finance', 'POST', '/api/admin/allocations/import', {
          ...body,
          dryRun: false,
        });
        expect(real.lines.map((l: { granted: boolean | null }) => l.granted)).toEqual([true, true]);
        const [row] = await t.db.db
          .select()
          .from(tokenAllocations)
          .where(eq(tokenAllocations.total, 8n * U));
        expect(Number(row?.endAt.getTime()) - Number(row?.unlockAt.getTime())).toBe(10 * 86_400_000);
        expect(row).toMatchObject({ userId, kind: 'presale' });
      });

      it('shows and sets every money limit in token units through the settings registry', async () => {
        const limits = await okData('finance', 'GET', '/api/admin/limits');
        const byKey = Object.fromEntries(
          limits.list.map((l: { key: string; value: string | null }) => [l.key, l.value]),
        );
        expect(byKey).toMatchObject({
          withdraw_min_wei: '1',
          withdraw_max_wei: '1000',
          withdraw_user_daily_wei: '20000',
          withdraw_platform_daily_wei: '500000',
          withdraw_review_above_wei: '1',
          free_withdraw_min_wei: '10',
          free_withdraw_max_wei: '10000',
          free_withdraw_user_daily_wei: '20000',
          free_withdraw_platform_daily_wei: '500000',
          free_withdraw_review_above_wei: '2000',
          income_daily_budget_wei: null,
        });
        expect(limits.list.find((l: { key: string }) => l.key === 'free_withdraw_max_wei')).toEqual({
          key: 'free_withdraw_max_wei',
          token: 'FREE',
          nullable: true,
          value: '10000',
        });
        // every limit is a setting of the registry, null-able exactly where the protocol says
        for (const l of limits.list as { key: string; nullable: boolean }[]) {
          expect(isSettingKey(l.key), l.key).toBe(true);
          expect(SETTINGS[l.key as SettingKey].schema.safeParse(null).success, l.key).toBe(l.nullable);
        }

        const set = await okData('finance', 'POST', '/api/admin/limits', {
          key: 'withdraw_max_wei',
          amount: '3.5',
        });
        expect(set.result).toEqual({ key: 'withdraw_max_wei', token: 'USDT', nullable: true, value: '3.5' });
        expect(await lastLog()).toMatchObject({
          command: 'limit:set',
          ok: true,
          actor: ops.finance.address,
          shellUser: null,
        });
        // the cached reader sees the new value at once: a withdrawal above it is refused
        await expect(
          applyWithdrawal(t.db, {
            userId,
            userAddress: normal.address.toLowerCase(),
            amount: '4',
            coin: 'USDT',
            now: t.clock.get(),
          }),
        ).rejects.toMatchObject({ errorCode: ErrorCode.AboveMaximum });
        await okData('finance', 'POST', '/api/admin/limits', {
          key: 'income_daily_budget_wei',
          amount: '250',
        });
        expect((await getSettings(t.db.db)).income_daily_budget_wei).toBe(String(250n * U));
        await okData('finance', 'POST', '/api/admin/limits', { key: 'withdraw_max_wei', amount: null });
        expect((await getSettings(t.db.db)).withdraw_max_wei).toBeNull();

        for (const [payload, message, refusal] of [
          [
            { key: 'withdraw_min_wei', amount: null },
            'withdraw_min_wei cannot be switched off',
            { reason: 'limitRequired', field: 'withdraw_min_wei' },
          ],
          [
            { key: 'withdraw_user_daily_wei', amount: '0' },
            'amount must be a positive decimal amount',
            { reason: 'amount', field: 'amount' },
          ],
          [
            { key: 'withdraw_user_daily_wei', amount: '1.0000000000000000001' },
            'amount must be a positive',
            { reason: 'amount', field: 'amount' },
          ],
        ] as const) {
          const r = await call('finance', 'POST', '/api/admin/limits', payload);
          expect(r.code, JSON.stringify(payload)).toBe(ErrorCode.OperatorCommandRefused);
          expect(r.msg).toContain(message);
          expect(r.data).toEqual(refusal);
        }
        const unknown = await call('finance', 'POST', '/api/admin/limits', {
          key: 'fomo_floor_wei',
          amount: '1',
        });
        expect(unknown.code).toBe(ErrorCode.BadRequest);
        expect((await getSettings(t.db.db)).withdraw_user_daily_wei).toBe(String(20_000n * U));
        await okData('finance', 'POST', '/api/admin/limits', { key: 'withdraw_max_wei', amount: '10000' });
      });
    });

    describe('dashboard', () => {
      it('shows chain, pool, liabilities, reconciliation, indexer lag, payouts and modules', async () => {
        await t.db.db.execute(sql`INSERT INTO chain_cursors (name, block_number) VALUES ('staking', 100)`);
        await t.db.db.execute(sql`INSERT INTO settlement_runs (day, step, rows, total)
        VALUES ('2026-11-18', 'static', 3, 5000000000000000000), ('2026-11-19', 'static', 4, 6000000000000000000)`);
        const d = await okData('finance', 'GET', '/api/admin/dashboard');
        expect(d.chainError).toBeNull();
        expect(d.chain).toMatchObject({
          head: 120,
          staking: { reserve: '1000', committed: '40', openPrincipal: '400', availableReserve: '960' },
          hotWallet: { USDT: '700', FREE: '30', gas: '2' },
          treasury: { address: TREASURY, USDT: '300', FREE: '0' },
        });
        expect(d.fomo).toEqual({ balance: '600', floor: '500', aboveFloor: true });
        expect(d.liabilities.USDT).toBe('50');
        expect(d.reconciliation).toContainEqual({
          token: 'USDT',
          owed: '50',
          held: '1000',
          short: '0',
          paidAfterRefund: 0,
        });
        expect(d.indexer).toEqual([{ name: 'staking', block: 100, lag: 20 }]);
        expect(d.payouts).toContainEqual({ state: 'refunded', count: 2, amount: '25' });
        expect(d.settlement).toEqual([
          expect.objectContaining({ step: 'static', day: '2026-11-19', rows: 4, total: '6' }),
        ]);
        expect(d.modules.staking).toBe(true);
      });

      it('still answers the database figures when the chain cannot be read', async () => {
        const down = await makeApp(backend.url, {
          db: t.db,
          config: { operators: t.config.operators },
          chain: {
            publicClient: {
              getChainId: async () => {
                throw new Error('connect ECONNREFUSED 127.0.0.1:8545');
              },
              getBlockNumber: async () => {
                throw new Error('connect ECONNREFUSED 127.0.0.1:8545');
              },
              readContract: async () => {
                throw new Error('connect ECONNREFUSED 127.0.0.1:8545');
              },
            } as unknown as PublicClient,
          },
        });
        try {
          const body = await down.app.inject({
            method: 'GET',
            url: '/api/admin/dashboard',
            headers: authHeaders(down, token.finance as string),
          });
          const d = body.json().data;
          expect(d).toMatchObject({ chain: null, reconciliation: null, fomo: { balance: '600' } });
          expect(d.chainError).toMatch(/^chain unreachable: connect ECONNREFUSED/);
          expect(d.indexer).toEqual([{ name: 'staking', block: 100, lag: null }]);
        } finally {
          await closeApp(down);
        }
      });
    });

    describe('product', () => {
      it('sets settings through their validation and switches modules', async () => {
        const bad = await call('admin', 'POST', '/api/admin/config', {
          key: 'fomo_floor_wei',
          value: 'lots',
        });
        expect(bad.code).toBe(ErrorCode.OperatorCommandRefused);
        expect(bad.msg).toContain('fomo_floor_wei');
        expect(bad.data).toEqual({ reason: 'invalid', field: 'fomo_floor_wei' });
        await okData('admin', 'POST', '/api/admin/modules', { modules: { shop: true } });
        const all = await okData('admin', 'GET', '/api/admin/config');
        expect(all.values.modules).toMatchObject({ shop: true, staking: true });
        expect(await lastLog()).toMatchObject({ command: 'config:get', actor: ops.admin.address });
      });

      it('saves machines and products with stock, reviews cards and sets quotes', async () => {
        await okData('admin', 'POST', '/api/admin/machines', {
          code: 'm1',
          name: { en: 'Miner', ja: 'マイナー' },
          asset: 'USDT',
          price: '99.5',
          hashrate: '1000',
          days: 30,
          stock: 3,
        });
        await okData('admin', 'POST', '/api/admin/machines/stock', { code: 'm1', stock: null });
        const machines = await okData('admin', 'GET', '/api/admin/machines');
        expect(machines.list).toEqual([
          expect.objectContaining({
            code: 'm1',
            price: '99.5',
            hashrate: '1000',
            stock: null,
            name: { en: 'Miner', ja: 'マイナー' },
          }),
        ]);
        const noSuch = await call('admin', 'POST', '/api/admin/products/stock', { code: 'nope', stock: 1 });
        expect(noSuch.code).toBe(ErrorCode.OperatorCommandRefused);
        expect(noSuch.data).toEqual({ reason: 'notFound', subject: 'nope' });
        await okData('admin', 'POST', '/api/admin/products', {
          code: 'p1',
          name: { en: 'Tea' },
          asset: 'FCC',
          price: '2',
          stock: 10,
        });
        await okData('admin', 'POST', '/api/admin/products/stock', { code: 'p1', stock: 4 });
        expect((await okData('admin', 'GET', '/api/admin/products')).list).toEqual([
          expect.objectContaining({ code: 'p1', price: '2', stock: 4 }),
        ]);

        const [c] = await t.db.db
          .insert(cardApplications)
          .values({ userId, kind: 'virtual', name: 'A B', phone: '+1 555 0100', state: 'submitted' })
          .returning();
        const cards = await okData('admin', 'GET', '/api/admin/cards?state=submitted');
        expect(cards.list).toEqual([expect.objectContaining({ id: c?.id, phone: '+1 555 0100', userId })]);
        await okData('admin', 'POST', '/api/admin/cards/review', {
          id: c?.id,
          state: 'reviewed',
          note: 'ok',
        });
        expect((await okData('admin', 'GET', '/api/admin/cards?state=reviewed')).list).toHaveLength(1);

        // a paid order of product p1, shipped by the operator; a move the order cannot make is refused
        const [p1] = rowsOf<{ id: number }>(
          await t.db.db.execute(sql`SELECT id FROM shop_products WHERE code = 'p1'`),
        );
        await t.db.transaction((tx) =>
          transfer(tx, {
            key: 'admin-test-fcc',
            from: systemAccount('adjust'),
            to: userAccount(userId),
            asset: 'FCC',
            amount: 10n * U,
            kind: 'adjust',
          }),
        );
        const order = await placeOrder(t.db, {
          userId,
          productId: Number(p1?.id),
          quantity: 1,
          now: t.clock.get(),
          lang: 'en',
        });
        // the operator finds it among the paid orders (waiting to ship), with the buyer
        const paid = await okData('admin', 'GET', '/api/admin/shop/orders?state=paid');
        expect(paid).toMatchObject({ total: 1, page: 1 });
        expect(paid.list).toEqual([
          expect.objectContaining({
            id: order.id,
            state: 'paid',
            userId,
            address: normal.address,
            name: 'Tea',
            total: '2',
          }),
        ]);
        await okData('admin', 'POST', '/api/admin/shop/order', { id: order.id, state: 'shipped' });
        const [shipped] = rowsOf<{ state: string }>(
          await t.db.db.execute(sql`SELECT state FROM shop_orders WHERE id = ${order.id}`),
        );
        expect(shipped?.state).toBe('shipped');
        expect((await okData('admin', 'GET', '/api/admin/shop/orders?state=paid')).list).toEqual([]);
        expect(
          (await call('admin', 'POST', '/api/admin/shop/order', { id: order.id, state: 'ordered' })).code,
        ).toBe(ErrorCode.BadRequest);
        // a shipped order cannot be cancelled any more; it ends completed
        expect(
          (await call('admin', 'POST', '/api/admin/shop/order', { id: order.id, state: 'cancelled' })).code,
        ).toBe(ErrorCode.OperatorCommandRefused);
        await okData('admin', 'POST', '/api/admin/shop/order', { id: order.id, state: 'completed' });
        const all = await okData('admin', 'GET', '/api/admin/shop/orders');
        expect(all.list).toEqual([
          expect.objectContaining({ id: order.id, state: 'completed', completedAt: expect.any(String) }),
        ]);
        expect(await lastLog()).toMatchObject({ command: 'shop:orders', ok: true, actor: ops.admin.address });

        await okData('admin', 'POST', '/api/admin/quotes', {
          symbol: 'btc',
          price: '65000.5',
          name: 'Bitcoin',
        });
        expect((await okData('admin', 'GET', '/api/admin/quotes')).list).toContainEqual(
          expect.objectContaining({ symbol: 'BTC', price: '65000.5' }),
        );
      });
    });

    describe('content', () => {
      it('publishes articles per language, lists the missing languages, previews as readers see it', async () => {
        await okData('content', 'POST', '/api/admin/articles', {
          slug: 'launch',
          type: 'announcement',
          lang: 'en',
          title: 'Launch',
          content: 'We launched.',
        });
        await okData('content', 'POST', '/api/admin/articles', {
          slug: 'launch',
          type: 'announcement',
          lang: 'ja',
          title: 'ローンチ',
          content: '公開しました。',
        });
        const list = await okData('content', 'GET', '/api/admin/articles');
        const launch = list.list.find((a: { slug: string }) => a.slug === 'launch');
        expect(launch.languages).toEqual(['en', 'ja']);
        expect(launch.missing).toHaveLength(10);
        expect(launch.missing).toContain('ko');
        expect(
          (await okData('content', 'GET', '/api/admin/articles/preview?slug=launch&lang=ja')).title,
        ).toBe('ローンチ');
        const ko = await okData('content', 'GET', '/api/admin/articles/preview?slug=launch&lang=ko');
        expect(ko).toMatchObject({ title: 'Launch', language: 'en', content: 'We launched.' });
        expect(
          await okData('content', 'GET', '/api/admin/articles/detail?slug=launch&lang=ja'),
        ).toMatchObject({
          content: '公開しました。',
        });
      });

      it('adds and removes banners and sets the contact links', async () => {
        const added = await okData('content', 'POST', '/api/admin/banners', {
          image: 'https://x/b.png',
          lang: 'en',
        });
        const id = added.result.id;
        expect((await okData('content', 'GET', '/api/admin/banners')).list).toEqual([
          expect.objectContaining({ id, image: 'https://x/b.png', language: 'en' }),
        ]);
        await okData('content', 'POST', '/api/admin/banners/remove', { id });
        expect((await okData('content', 'GET', '/api/admin/banners')).list).toEqual([]);
        expect((await call('content', 'POST', '/api/admin/banners/remove', { id })).code).toBe(
          ErrorCode.OperatorCommandRefused,
        );
        await okData('content', 'POST', '/api/admin/contacts', { telegram: 'https://t.me/free' });
        expect(await okData('content', 'GET', '/api/admin/contacts')).toMatchObject({
          telegram: 'https://t.me/free',
        });
      });

      it('refuses a contact link that is not an https:// URL, naming the field, and changes nothing', async () => {
        await okData('content', 'POST', '/api/admin/contacts', { twitter: 'https://x.com/free' });
        const before = await snapshot(t.db);
        const logs = await count(t.db, 'ops_log');
        for (const [field, value] of [
          ['twitter', 'javascript:alert(1)'],
          ['twitter', 'JavaScript:alert(1)'],
          ['telegram', 'http://t.me/free'],
          ['telegram', 'data:text/html,<script>alert(1)</script>'],
          ['twitter', '//x.com/free'],
          ['twitter', 'https://'],
          ['telegram', 'https://t.me/free\nevil'],
        ] as const) {
          const body = await call('content', 'POST', '/api/admin/contacts', {
            telegram: 'https://t.me/ok',
            [field]: value,
          });
          expect(body.code, value).toBe(ErrorCode.BadRequest);
          expect(body.msg, value).toContain(field);
        }
        expect(await snapshot(t.db)).toEqual(before);
        expect(await count(t.db, 'ops_log')).toBe(logs);
        expect(await okData('content', 'GET', '/api/admin/contacts')).toMatchObject({
          twitter: 'https://x.com/free',
          telegram: 'https://t.me/free',
        });
        // the same rule through the operators' tool
        const cli = await runOps(['config:set', 'twitter_url', '"javascript:alert(1)"'], {
          db: t.db,
          actor: ops.admin.address,
          shellUser: 'alice',
        });
        expect(cli.ok).toBe(false);
        expect((await call('user', 'GET', '/api/common/config')).data.twitter_url).toBe('https://x.com/free');
      });
    });

    describe('the CLI', () => {
      it('runs the same commands with the same validation, logged with the actor address and shell user', async () => {
        const cli = { db: t.db, actor: ops.admin.address, shellUser: 'alice' };
        const bad = await runOps(['fomo:fund', '-5', '--ref', 'cli-1'], cli);
        expect(bad).toEqual({
          ok: false,
          error: expect.stringMatching(/^fomo:fund: amount: amount must be a positive/),
          refusal: { reason: 'amount', field: 'amount' },
        });
        const dir = mkdtempSync(join(tmpdir(), 'alloc-'));
        writeFileSync(join(dir, 'a.csv'), `${normal.address},3\n0xbad,1\n`);
        const dry = await runOps(
          ['allocation:import', '--kind', 'presale', '--file', join(dir, 'a.csv'), '--days', '10'],
          cli,
        );
        expect(dry).toMatchObject({ ok: true, result: { dryRun: true, valid: 1, invalid: 1, total: '3' } });
        // each refused line carries its stable code next to the operators' words
        expect((dry as { result: { lines: unknown[] } }).result.lines).toMatchObject([
          { line: 1, error: null, refusal: null },
          { line: 2, error: 'not a 0x address', refusal: { reason: 'address', field: 'address' } },
        ]);
        expect(await lastLog()).toMatchObject({
          command: 'allocation:import',
          actor: ops.admin.address,
          shellUser: 'alice',
          ok: true,
        });
      });
    });

    describe('users and audit', () => {
      it('looks up an address with balances, orders and ledger, and revokes its sessions', async () => {
        const u = await okData(
          'finance',
          'GET',
          `/api/admin/users/lookup?address=${normal.address.toLowerCase()}`,
        );
        expect(u.user).toMatchObject({ id: userId, address: normal.address });
        expect(u.balances.wallet.USDT).toBe('50');
        expect(u.withdrawals.list).toEqual([
          expect.objectContaining({ amount: '5', state: 'refunded' }),
          expect.objectContaining({ amount: '20', state: 'refunded' }),
        ]);
        expect(u.team).toHaveProperty('level');
        const ledger = await okData(
          'finance',
          'GET',
          `/api/admin/users/ledger?address=${normal.address}&size=2`,
        );
        expect(ledger).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
        expect(ledger.list).toHaveLength(2);
        const next = await okData(
          'finance',
          'GET',
          `/api/admin/users/ledger?address=${normal.address}&size=2&cursor=${ledger.nextCursor}`,
        );
        expect(next.list.length).toBeGreaterThan(0);
        expect(next.list[0].id).toBeLessThan(ledger.list[1].id);
        expect(
          (await call('finance', 'GET', `/api/admin/users/lookup?address=${account('nobody').address}`)).code,
        ).toBe(ErrorCode.NotFound);

        const sessions = await okData(
          'finance',
          'GET',
          `/api/admin/users/sessions?address=${normal.address}`,
        );
        // the same ids the user sees in their own list of devices
        const own = await okData('user', 'GET', '/api/user/sessions');
        expect(sessions.list).toEqual([expect.objectContaining({ id: own.list[0].id })]);
        expect(sessions.list[0]).not.toHaveProperty('current');
        // the user's session was just used, so this process's session cache holds it: the revocation
        // must drop it there too
        await okData('finance', 'POST', '/api/admin/users/sessions/revoke', {
          address: normal.address,
          session: sessions.list[0].id,
        });
        expect((await call('user', 'GET', '/api/user/finance')).code).toBe(ErrorCode.Unauthorized);
        expect(
          (await okData('finance', 'GET', `/api/admin/users/sessions?address=${normal.address}`)).list,
        ).toEqual([]);
        expect(
          (
            await call('finance', 'POST', '/api/admin/users/sessions/revoke', {
              address: normal.address,
              session: sessions.list[0].id,
            })
          ).code,
        ).toBe(ErrorCode.OperatorCommandRefused);
        token.user = (await signIn(t, normal)).token;
      });

      it('pages the ops_log by actor and command', async () => {
        const mine = await okData(
          'admin',
          'GET',
          `/api/admin/audit?actor=${ops.finance.address.toLowerCase()}&size=100`,
        );
        expect(mine.total).toBeGreaterThan(0);
        expect(new Set(mine.list.map((l: { actor: string }) => l.actor))).toEqual(
          new Set([ops.finance.address]),
        );
        const funds = await okData(
          'admin',
          'GET',
          `/api/admin/audit?command=fomo:fund&actor=${ops.finance.address}`,
        );
        expect(funds.list.map((l: { ok: boolean }) => l.ok)).toEqual([false, true, true]);
        expect(funds.list[2]).toMatchObject({ args: { amount: '600', ref: 'fund-1' } });
        const [all] = rowsOf<{ n: number }>(
          await t.db.db.execute(sql`SELECT count(*)::int AS n FROM ops_log`),
        );
        expect(mine.total).toBeLessThan(all?.n ?? 0);
      });
    });
  });
