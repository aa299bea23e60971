// A money request (a withdrawal, an order) cut off by its time budget rolls back and says so; the
// same Idempotency-Key then does the work exactly once (docs/business-rules.md "Time budget of a money request").
import { ErrorCode } from '@free/protocol';
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { config as configTable } from '../src/db/schema/index.ts';
import { AppError } from '../src/lib/errors.ts';
import { withDbDeadline } from '../src/lib/request-budget.ts';
import { getBalance, systemAccount, transfer, userAccount } from '../src/services/ledger.ts';
import { writeSetting } from '../src/services/settings.ts';
import {
  account,
  authHeaders,
  BACKENDS,
  closeApp,
  makeApp,
  openTestDb,
  setConfig,
  setModules,
  signIn,
  type TestCtx,
} from './helpers.ts';

/** Resolves once `check` holds, looking again every few milliseconds. */
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 5));
}

// on both backends (test/support/test-db.ts BACKENDS): a transaction cut off by its time budget
// (each handle runs transactions its own way, db/client.ts)
describe.each(BACKENDS)('the database share of the request budget on $name', ({ url }) => {
  it('rolls back a transaction that is still running when its share is spent', async () => {
    const db = await openTestDb(url);
    try {
      const deadline = performance.now() + 50;
      const err = await withDbDeadline(deadline, () =>
        db.transaction(async (tx) => {
          await setConfig(tx, 'budget.probe', 1);
          await until(() => performance.now() > deadline);
        }),
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).errorCode).toBe(ErrorCode.RolledBack);
      expect(await db.db.select().from(configTable).where(eq(configTable.key, 'budget.probe'))).toEqual([]);
      // outside a request nothing is cut off
      await db.transaction((tx) => setConfig(tx, 'budget.probe', 2));
      expect(await db.db.select().from(configTable).where(eq(configTable.key, 'budget.probe'))).toHaveLength(
        1,
      );
    } finally {
      await db.close();
    }
  });
});

// Two requests in flight at once need two connections: PostgreSQL only (CI).
const postgres = BACKENDS.find((b) => b.name === 'postgres');

/** A money request of the web, the table its work writes, and what it leaves behind when done. */
type MoneyRequest = {
  name: string;
  table: string;
  send: (t: TestCtx, token: string, key: string) => Promise<{ json: () => { code: number; data: unknown } }>;
  /** rows the work wrote for this user (withdrawals or orders) */
  made: (t: TestCtx, userId: number) => Promise<number>;
  /** what the wallet holds after the work is done once (funded with 10 USDT) */
  after: bigint;
  done: Record<string, unknown>;
};

const countOf = async (t: TestCtx, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: string }>(await t.db.db.execute(query))[0]?.n ?? 0);

const REQUESTS: MoneyRequest[] = [
  {
    name: 'a withdrawal',
    table: 'withdrawals',
    send: (t, token, key) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/withdraw/apply',
        headers: { ...authHeaders(t, token), 'idempotency-key': key },
        payload: { amount: '4', coin: 'USDT' },
      }),
    made: (t, userId) =>
      countOf(t, sql`SELECT count(*)::text AS n FROM withdrawals WHERE user_id = ${userId}`),
    after: 6n * U,
    done: { amount: '4', state: 'queued' },
  },
  {
    name: 'a staking order paid from the balance',
    table: 'stake_orders',
    send: (t, token, key) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/staking_use_balance?amount=5&stakeIndex=0&autoRenew=false',
        headers: { ...authHeaders(t, token), 'idempotency-key': key },
      }),
    made: (t, userId) =>
      countOf(t, sql`SELECT count(*)::text AS n FROM stake_orders WHERE user_id = ${userId}`),
    after: 5n * U,
    done: { amount: '5' },
  },
];

describe.skipIf(!postgres)('a money request cut off by its budget (PostgreSQL)', () => {
  let t: TestCtx;
  beforeAll(async () => {
    t = await makeApp(postgres?.url ?? '', { requestBudgetMs: 2_000 });
    await setModules(t.db.db, { staking_use_balance: true });
    await writeSetting(t.db.db, 'min_investment_free_wei', String(1n * U));
  });
  afterAll(() => closeApp(t));

  it.each(REQUESTS)(
    '$name: rolls back and says so, answers InProgress to a duplicate meanwhile, then the same key succeeds once',
    async (request) => {
      const a = account(`budget-${request.table}`);
      const { userId, token } = await signIn(t, a);
      await t.db.transaction((tx) =>
        transfer(tx, {
          key: `fund:${userId}`,
          from: systemAccount('adjust'),
          to: userAccount(userId),
          asset: 'USDT',
          amount: 10n * U,
          kind: 'adjust',
        }),
      );
      const key = `budget-key-${request.table}`;
      const send = () => request.send(t, token, key);
      const state = async () => ({
        made: await request.made(t, userId),
        keys: await countOf(
          t,
          sql`SELECT count(*)::text AS n FROM idempotency_keys WHERE user_id = ${userId}`,
        ),
        wallet: await getBalance(t.db.db, userAccount(userId), 'USDT'),
      });

      // another connection holds the table, as a long payout batch or a migration would
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked: () => void = () => {};
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`LOCK TABLE ${request.table} IN EXCLUSIVE MODE`));
        locked();
        await held;
      });
      await isLocked;

      const first = send();
      await until(
        async () =>
          (await countOf(
            t,
            sql`SELECT count(*)::text AS n FROM pg_locks
              WHERE NOT granted AND relation = ${request.table}::regclass`,
          )) > 0,
      );
      // the first request is stuck in its transaction: a retry with its key is told to come back
      const duplicate = (await send()).json();
      expect(duplicate.code).toBe(ErrorCode.InProgress);
      expect(duplicate.data).toBeNull();

      const cut = (await first).json();
      expect(cut.code).toBe(ErrorCode.RolledBack);
      expect(cut.data).toBeNull();
      release();
      await holder;
      expect(await state()).toEqual({ made: 0, keys: 0, wallet: 10n * U });

      const done = (await send()).json();
      expect(done.code).toBe(200);
      expect(done.data).toMatchObject(request.done);
      expect((await send()).json()).toEqual(done);
      expect(await state()).toEqual({ made: 1, keys: 1, wallet: request.after });
    },
  );
});
