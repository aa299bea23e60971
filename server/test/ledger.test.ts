import { ErrorCode } from '@free/protocol';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { LEDGER_KINDS } from '@free/protocol/api/ledger-kinds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { AppError } from '../src/lib/errors.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../src/services/ledger.ts';
import { account, authHeaders, BACKENDS, closeApp, makeApp, signIn, type TestCtx } from './helpers.ts';

async function ledgerSum(t: TestCtx): Promise<bigint> {
  const [r] = rowsOf<{ s: string }>(
    await t.db.db.execute(sql`SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_entries`),
  );
  return BigInt(r?.s ?? '0');
}

async function fund(
  t: TestCtx,
  userId: number,
  amount: bigint,
  key = `fund:${userId}:${amount}:${Math.random()}`,
) {
  await t.db.transaction((tx) =>
    transfer(tx, {
      key,
      from: systemAccount('adjust'),
      to: userAccount(userId),
      asset: 'USDT',
      amount,
      kind: 'adjust',
    }),
  );
}

// on both backends (test/support/test-db.ts BACKENDS): concurrent debits against one balance
// (serialised by PGlite's one connection, row locks on PostgreSQL)
describe.each(BACKENDS)('ledger on $name', ({ name, url }) => {
  // the race of 1,000 is production's engine's (or PGlite's when it runs alone); beside it, PGlite,
  // whose one connection runs the transactions one after another, races 300: still more than twice
  // those that can succeed
  const attempts = name === 'postgres' || BACKENDS.length === 1 ? 1000 : 300;
  let t: TestCtx;
  beforeAll(async () => {
    // a generous budget: the 1,000-request race measures overdraw, not throughput on a busy machine
    t = await makeApp(url, { requestBudgetMs: 300_000 });
  });
  afterAll(() => closeApp(t));

  it('a repeated key does the work once; the same key with other content is a conflict', async () => {
    const { userId } = await signIn(t, account('ledger-idem'));
    const move = {
      key: 'k-idem-1',
      from: systemAccount('adjust'),
      to: userAccount(userId),
      asset: 'USDT' as const,
      amount: 5n * U,
      kind: 'adjust' as const,
    };
    const first = await t.db.transaction((tx) => transfer(tx, move));
    const second = await t.db.transaction((tx) => transfer(tx, move));
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(5n * U);
    const conflict = t.db.transaction((tx) => transfer(tx, { ...move, amount: 6n * U }));
    await expect(conflict).rejects.toMatchObject({ errorCode: ErrorCode.IdempotencyConflict });
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(5n * U);
  });

  it('refuses a debit below zero and leaves nothing behind', async () => {
    const { userId } = await signIn(t, account('ledger-poor'));
    await fund(t, userId, 2n * U);
    const before = await ledgerSum(t);
    const err = await t.db
      .transaction((tx) =>
        transfer(tx, {
          key: 'poor-1',
          from: userAccount(userId),
          to: systemAccount('payout'),
          asset: 'USDT',
          amount: 3n * U,
          kind: 'withdraw',
        }),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errorCode).toBe(ErrorCode.InsufficientBalance);
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(2n * U);
    const [n] = rowsOf<{ n: string }>(
      await t.db.db.execute(sql`SELECT count(*)::text AS n FROM ledger_entries WHERE tx_key = 'poor-1'`),
    );
    expect(n?.n).toBe('0');
    expect(await ledgerSum(t)).toBe(before);
  });

  it("refuses a FREE debit below zero with FREE's own error (the coin's text), changing nothing", async () => {
    const { userId } = await signIn(t, account('ledger-poor-free'));
    const before = await ledgerSum(t);
    const err = await t.db
      .transaction((tx) =>
        transfer(tx, {
          key: 'poor-free-1',
          from: userAccount(userId, 'airdrop'),
          to: systemAccount('payout'),
          asset: 'FREE',
          amount: 1n * U,
          kind: 'withdraw',
        }),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errorCode).toBe(ErrorCode.InsufficientFree);
    expect(await getBalance(t.db.db, userAccount(userId, 'airdrop'), 'FREE')).toBe(0n);
    expect(await ledgerSum(t)).toBe(before);
  });

  it(`${attempts.toLocaleString('en')} concurrent withdrawals never overdraw: accepted = balance / amount, ledger sums to zero`, async () => {
    const a = account('ledger-race');
    const { userId, token } = await signIn(t, a);
    await fund(t, userId, 137n * U);
    const send = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/withdraw/apply',
        headers: { ...authHeaders(t, token), 'idempotency-key': `race-${i.toString().padStart(6, '0')}` },
        payload: { amount: '1' },
      });
    const results = await Promise.all(Array.from({ length: attempts }, (_, i) => send(i)));
    // on a busy machine a request queued on the row lock past its time budget is rolled back or
    // answers Timeout (nothing changed, or its outcome unknown to the client): its client retries
    // with the same key, as the web's command path does (web/src/api/idempotent.ts)
    const unknownOutcome = (code: number) =>
      code === ErrorCode.RolledBack ||
      code === ErrorCode.InProgress ||
      code === ErrorCode.TooManyRequests ||
      (code >= 500 && code < 600);
    for (let round = 0; round < 10; round++) {
      const again = results.flatMap((r, i) => (unknownOutcome(r.json().code) ? [i] : []));
      if (again.length === 0) break;
      for (const i of again) results[i] = await send(i);
    }
    const codes = results.map((r) => r.json().code as number);
    const accepted = codes.filter((c) => c === 200).length;
    expect(accepted).toBe(137);
    expect(codes.filter((c) => c !== 200 && c !== ErrorCode.InsufficientBalance)).toEqual([]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(0n);
    const [w] = rowsOf<{ n: string; s: string }>(
      await t.db.db.execute(
        sql`SELECT count(*)::text AS n, coalesce(sum(amount),0)::text AS s FROM withdrawals WHERE user_id = ${userId}`,
      ),
    );
    expect(w).toEqual({ n: '137', s: (137n * U).toString() });
    expect(await ledgerSum(t)).toBe(0n);
    const [neg] = rowsOf<{ n: string }>(
      await t.db.db.execute(sql`SELECT count(*)::text AS n FROM balances WHERE amount < 0`),
    );
    expect(neg?.n).toBe('0');
  });

  it('a retried withdrawal (same Idempotency-Key) is debited once and answers the same', async () => {
    const a = account('ledger-retry');
    const { userId, token } = await signIn(t, a);
    await fund(t, userId, 10n * U);
    const send = (amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/withdraw/apply',
        headers: { ...authHeaders(t, token), 'idempotency-key': 'retry-key-0001' },
        payload: { amount, coin: 'USDT' },
      });
    // concurrent duplicates: each gets the first answer, or InProgress while the first still runs
    const answers = (await Promise.all([send('4'), send('4'), send('4')])).map((r) => r.json());
    const done = answers.filter((b) => b.code === 200);
    expect(done.length).toBeGreaterThan(0);
    expect(answers.every((b) => b.code === 200 || b.code === ErrorCode.InProgress)).toBe(true);
    for (const b of done) expect(b).toEqual(done[0]);
    expect((await send('4')).json()).toEqual(done[0]);
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(6n * U);
    const conflict = (await send('5')).json();
    expect(conflict.code).toBe(ErrorCode.IdempotencyConflict);
    expect(await getBalance(t.db.db, userAccount(userId), 'USDT')).toBe(6n * U);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/withdraw/list',
      headers: authHeaders(t, token),
    });
    const body = list.json();
    expect(body.data.total).toBe(1);
    expect(body.data.list[0]).toMatchObject({
      amount: '4',
      coin: 'USDT',
      to: a.address,
      state: 'queued',
      pending: true,
    });
    const fin = (
      await t.app.inject({
        method: 'GET',
        url: '/api/user/finance?kind=withdraw',
        headers: authHeaders(t, token),
      })
    ).json();
    expect(fin.data.list.map((e: { amount: string }) => e.amount)).toEqual(['-4']);
  });

  it('pages flow records by cursor: every entry once, newest first, the same rows as page numbers', async () => {
    const { token, userId } = await signIn(t, account('finance-pager'));
    for (let i = 1; i <= 45; i++) await fund(t, userId, BigInt(i) * U, `pager:${userId}:${i}`);
    const finance = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/finance?size=20&${query}`,
          headers: authHeaders(t, token),
        })
      ).json().data as { list: { amount: string }[]; hasMore: boolean; nextCursor: string | null };
    const seen: string[] = [];
    let cursor: string | null = null;
    const byPage: string[][] = [];
    for (let page = 1; page <= 3; page++) {
      const d = await finance(cursor ? `page=${page}&cursor=${cursor}` : `page=${page}`);
      byPage.push(d.list.map((e) => e.amount));
      seen.push(...d.list.map((e) => e.amount));
      expect(d.hasMore).toBe(page < 3);
      cursor = d.nextCursor;
      expect(cursor === null).toBe(page === 3);
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => String(45 - i)));
    // page numbers alone (older clients) give the same pages
    for (let page = 1; page <= 3; page++)
      expect((await finance(`page=${page}`)).list.map((e) => e.amount)).toEqual(byPage[page - 1]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/user/finance?cursor=abc',
      headers: authHeaders(t, token),
    });
    expect(bad.json().code).toBe(ErrorCode.BadRequest);
  });

  it('the flow-record filter accepts every kind the ledger can write, and refuses others', async () => {
    const { token } = await signIn(t, account('filter-kinds'));
    for (const kind of LEDGER_KINDS) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/user/finance?kind=${kind}`,
        headers: authHeaders(t, token),
      });
      expect(r.json().code, kind).toBe(200);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/user/finance?kind=not_a_kind',
      headers: authHeaders(t, token),
    });
    expect(bad.json().code).toBe(ErrorCode.BadRequest);
  });
});
