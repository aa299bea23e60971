// Shared setup of the product route suites (`src/routes/product/<domain>.test.ts`): one app per
// backend on a fresh database (FREE's price moved by hand), signed-in users funded through the
// ledger, JSON calls with the signed headers, and the refusal checks every domain makes: a closed
// module answers ModuleClosed and a bad input its coded error, and neither changes anything.
import { ErrorCode } from '@free/protocol';
import type { ModuleKey } from '@free/protocol/modules';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { account, authHeaders, BASE_HEADERS, closeApp, setModules, signIn } from '../helpers.ts';
import { fund, snapshot as moneySnapshot, U } from './staking-orders-fixtures.ts';
import { fullSnapshot, makeProductApp, type ProductTestCtx } from './testkit.ts';

export type SuiteUser = {
  token: string;
  userId: number;
  /** signs in again: sessions last 30 days, tests that move the clock further need a new token */
  again: () => Promise<string>;
};

/** [url, body, expected code] of a POST that must be refused without a change. */
export type Refusal = [url: string, body: unknown, code: number];

/**
 * Registers the suite's app (beforeAll / afterAll of the enclosing describe) and returns what its
 * tests call; `t` is there once the first test runs.
 */
export function routeSuite(
  url: string,
  opts: {
    /** names the suite's made-up accounts */
    label: string;
    /** switches set before the first test (every module starts closed) */
    modules?: Partial<Record<ModuleKey, boolean>>;
    /** settings or rows the suite needs */
    setup?: (t: ProductTestCtx) => Promise<unknown>;
  },
) {
  let ctx: ProductTestCtx | undefined;
  let users = 0;
  beforeAll(async () => {
    ctx = await makeProductApp(url);
    if (opts.modules) await setModules(ctx.db.db, opts.modules);
    await opts.setup?.(ctx);
  });
  afterAll(async () => closeApp(ctx));
  const app = (): ProductTestCtx => {
    if (!ctx) throw new Error('the route suite has not started');
    return ctx;
  };

  const get = async (token: string | null, path: string) =>
    (
      await app().app.inject({
        method: 'GET',
        url: path,
        headers: token ? authHeaders(app(), token) : BASE_HEADERS,
      })
    ).json();
  const post = async (token: string, path: string, payload?: unknown, idempotencyKey?: string) =>
    (
      await app().app.inject({
        method: 'POST',
        url: path,
        headers: {
          ...authHeaders(app(), token),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
    ).json();
  /** Row counts of every core, money and product table, the balances and the stock. */
  const snapshot = async () => ({ ...(await fullSnapshot(app().db)), ...(await moneySnapshot(app().db)) });

  return {
    get t() {
      return app();
    },
    get,
    post,
    snapshot,
    /** A signed-in user with `usdt` and `free` in the wallet. */
    async user(usdt = 0n, free = 0n): Promise<SuiteUser> {
      const who = account(`${opts.label}-${++users}-${Math.random()}`);
      const t = app();
      const s = await signIn(t, who);
      if (usdt > 0n) await fund(t.db, s.userId, usdt);
      if (free > 0n) await fund(t.db, s.userId, free, 'FREE');
      return { ...s, again: async () => (await signIn(t, who)).token };
    },
    /** Every POST of a closed module answers ModuleClosed naming it, before its body is read. */
    async expectClosed(token: string, module: ModuleKey, posts: [url: string, body: unknown][]) {
      const before = await snapshot();
      for (const [path, body] of posts) {
        const r = await post(token, path, body);
        expect(r, path).toMatchObject({ code: ErrorCode.ModuleClosed, data: null });
        expect(r.msg).toContain(module);
      }
      // even a malformed body: the switch answers first
      for (const [path] of posts)
        expect((await post(token, path, { nope: 1 })).code, path).toBe(ErrorCode.ModuleClosed);
      expect(await snapshot()).toEqual(before);
    },
    /** Each POST answers its coded error with no data, and nothing changes. */
    async expectRefusals(token: string, cases: readonly Refusal[]) {
      const before = await snapshot();
      for (const [path, body, code] of cases) {
        const r = await post(token, path, body);
        expect({ path, body, code: r.code }).toEqual({ path, body, code });
        expect(r.data).toBeNull();
      }
      expect(await snapshot()).toEqual(before);
    },
  };
}

export type RouteSuite = ReturnType<typeof routeSuite>;

/**
 * The tests every product domain has, in this order: while its module is closed each POST answers
 * ModuleClosed and the public reads are still served; once it is open each bad input answers its
 * code. None of them changes anything. The user they run as holds 500 USDT and 500 FREE.
 */
export function refusalTests(
  s: RouteSuite,
  spec: {
    module: ModuleKey;
    /** one valid request per POST of the module */
    posts: [url: string, body: unknown][];
    /** GETs a visitor may read while the module is closed */
    publicReads?: string[];
    refusals: readonly Refusal[];
  },
): { me: () => SuiteUser } {
  let me: SuiteUser | undefined;
  const user = () => {
    if (!me) throw new Error('the suite user has not signed in');
    return me;
  };
  beforeAll(async () => {
    me = await s.user(500n * U, 500n * U);
  });
  it('refuses every POST while the module is closed, changing nothing', () =>
    s.expectClosed(user().token, spec.module, spec.posts));
  if (spec.publicReads)
    it('serves the public reads while the module is closed', async () => {
      for (const path of spec.publicReads ?? []) expect((await s.get(null, path)).code, path).toBe(200);
    });
  it('answers a coded error for every malformed or refused POST and changes nothing', async () => {
    await setModules(s.t.db.db, { [spec.module]: true });
    await s.expectRefusals(user().token, spec.refusals);
  });
  return { me: user };
}
