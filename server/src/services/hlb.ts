// Huan Li Bao: subscribe USDT from the wallet into a product of config; static income = the
// product's daily rate on the principal per whole day held (accrued by the hlb job, one ledger
// entry per order and day); dynamic income = a share of a direct referral's static income, paid to
// an ignited inviter. Redeem returns the principal once the lock has passed.
import { DAY_MS, DAY_SECONDS } from '@free/protocol/constants';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { countRows } from '../db/count.ts';
import { hlbOrders } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { defineCommand, parseMoney } from './command.ts';
import { fomoBalance, fomoFloor } from './fomo.ts';
import { budgetDay, takeIncome } from './income-budget.ts';
import { requireWallet, systemAccount, transfer, userAccount } from './ledger.ts';
import { getSetting } from './settings.ts';

const PPM = 1_000_000n;
const BPS = 10_000n;

/** A Huan Li Bao order as stored: wei, Dates, its state (routes/product/hlb.ts answers it). */
export type HlbOrder = typeof hlbOrders.$inferSelect;

/** Static income of one day on a principal (rounded down). */
export const dailyStatic = (amount: bigint, ratePpm: number) => (amount * BigInt(ratePpm)) / PPM;

export const subscribe = defineCommand(
  (input: {
    userId: number;
    product: string;
    amount: string;
    idempotencyKey?: string | undefined;
    now: Date;
  }) => ({
    module: 'huan_li_bao',
    userId: input.userId,
    route: 'hlb/subscribe',
    idempotencyKey: input.idempotencyKey,
    parse: (s) => {
      const cfg = s['product.hlb'];
      const product = cfg.products.find((p) => p.code === input.product);
      if (!product) throw new AppError(ErrorCode.NotFound, 'product');
      const amount = parseMoney(input.amount, {
        kind: 'invest',
        min: BigInt(product.min_wei),
        max: BigInt(product.max_wei),
      });
      return { product, amount };
    },
    content: ({ product, amount }) => ({ product: product.code, amount: String(amount) }),
    run: async (tx, { product, amount }) => {
      await requireWallet(tx, input.userId, 'USDT', amount);
      const [o] = await tx
        .insert(hlbOrders)
        .values({
          userId: input.userId,
          product: product.code,
          amount,
          dailyRatePpm: product.daily_rate_ppm,
          lockDays: product.lock_days,
          startedAt: input.now,
          maturesAt: new Date(input.now.getTime() + product.lock_days * DAY_MS),
          createdAt: input.now,
        })
        .returning();
      if (!o) throw new Error('hlb insert returned nothing');
      await transfer(tx, {
        key: `hlb_subscribe:${o.id}`,
        from: userAccount(input.userId),
        to: systemAccount('fees'),
        asset: 'USDT',
        amount,
        kind: 'hlb_subscribe',
        ref: `hlb:${o.id}`,
      });
      return o;
    },
  }),
);

/**
 * Accrues the whole days of one order up to `now` (or its redemption), one ledger entry per day,
 * in the caller's transaction with the order row locked: re-running pays nothing twice.
 */
async function accrueOrder(tx: Executor, orderId: number, now: Date, dynamicBps: number): Promise<bigint> {
  const [o] = await tx.select().from(hlbOrders).where(eq(hlbOrders.id, orderId)).for('update');
  if (!o) return 0n;
  // a redeemed order still gets the days it held before its redemption that were held back
  const until =
    o.state === 'redeemed' && o.redeemedAt ? Math.min(now.getTime(), o.redeemedAt.getTime()) : now.getTime();
  const days = Math.floor((until - o.startedAt.getTime()) / DAY_MS);
  if (days <= o.daysAccrued) return 0n;
  const perDay = dailyStatic(o.amount, o.dailyRatePpm);
  const [u] = rowsOf<{ inviter_id: number | null; ignited: boolean | null }>(
    await tx.execute(sql`SELECT u.inviter_id, i.ignited FROM users u LEFT JOIN users i ON i.id = u.inviter_id
      WHERE u.id = ${o.userId}`),
  );
  const inviterId = u?.inviter_id ?? null;
  const inviterIgnited = u?.ignited === true;
  let paid = 0n;
  let accrued = o.daysAccrued;
  for (let d = o.daysAccrued + 1; d <= days; d++) {
    if (perDay <= 0n) break;
    const dyn = (perDay * BigInt(dynamicBps)) / BPS;
    const dynPaid = inviterId !== null && inviterIgnited && dyn > 0n ? dyn : 0n;
    // the daily income budget: a day that does not fit stays due (days_accrued stops before it)
    if (!(await takeIncome(tx, budgetDay(now), perDay + dynPaid)).ok) break;
    await transfer(tx, {
      key: `hlb_static:${o.id}:${d}`,
      from: systemAccount('income'),
      to: userAccount(o.userId),
      asset: 'USDT',
      amount: perDay,
      kind: 'hlb_static',
      ref: `hlb:${o.id}`,
    });
    paid += perDay;
    if (dynPaid > 0n && inviterId !== null) {
      await transfer(tx, {
        key: `hlb_dynamic:${o.id}:${d}`,
        from: systemAccount('income'),
        to: userAccount(inviterId),
        asset: 'USDT',
        amount: dyn,
        kind: 'hlb_dynamic',
        ref: `hlb:${o.id}`,
      });
    }
    accrued = d;
  }
  // with a zero rate every day is accrued at once; otherwise up to the last day paid
  if (perDay <= 0n) accrued = days;
  await tx
    .update(hlbOrders)
    .set({ daysAccrued: accrued, staticTotal: sql`${hlbOrders.staticTotal} + ${paid}` })
    .where(eq(hlbOrders.id, o.id));
  return paid;
}

/** Whether earnings are held: the FOMO pool is below its floor (as for the daily settlement). */
export async function hlbHeld(db: Executor): Promise<boolean> {
  const [balance, floor] = await Promise.all([fomoBalance(db), fomoFloor(db)]);
  return balance < floor;
}

/**
 * One pass of the HLB job: every order with a whole day to accrue (an active one up to now, a
 * redeemed one up to its redemption), each in its own transaction. Nothing accrues while the FOMO
 * pool is below its floor; the days stay due and are paid once it is above again.
 */
export async function accrueHlb(
  handle: DbHandle,
  now: Date,
): Promise<{ orders: number; paid: bigint; held: boolean }> {
  if (await hlbHeld(handle.db)) return { orders: 0, paid: 0n, held: true };
  const cfg = await getSetting(handle.db, 'product.hlb');
  const due = rowsOf<{ id: number }>(
    await handle.db.execute(sql`SELECT id FROM hlb_orders WHERE floor(extract(epoch FROM (
        CASE WHEN state = 'redeemed' THEN LEAST(${now}::timestamptz, redeemed_at) ELSE ${now}::timestamptz END
        - started_at)) / ${DAY_SECONDS}::int) > days_accrued ORDER BY id`),
  );
  let paid = 0n;
  for (const { id } of due) {
    paid += await handle.transaction((tx) => accrueOrder(tx, Number(id), now, cfg.dynamic_bps));
  }
  return { orders: due.length, paid, held: false };
}

export const redeem = defineCommand(
  (input: { userId: number; orderId: number; idempotencyKey?: string | undefined; now: Date }) => ({
    module: 'huan_li_bao',
    exit: true,
    userId: input.userId,
    route: 'hlb/redeem',
    idempotencyKey: input.idempotencyKey,
    parse: (s) => s['product.hlb'],
    content: () => ({ orderId: input.orderId }),
    run: async (tx, cfg) => {
      const [o] = await tx
        .select()
        .from(hlbOrders)
        .where(and(eq(hlbOrders.id, input.orderId), eq(hlbOrders.userId, input.userId)))
        .for('update');
      if (!o) throw new AppError(ErrorCode.NotFound, 'orderId');
      if (o.state !== 'active') throw new AppError(ErrorCode.Conflict, 'orderId', 'already redeemed');
      if (input.now.getTime() < o.maturesAt.getTime())
        throw new AppError(ErrorCode.Conflict, 'orderId', 'locked');
      // below the FOMO floor the income waits for the job (it pays the held days up to now later)
      if (!(await hlbHeld(tx))) await accrueOrder(tx, o.id, input.now, cfg.dynamic_bps);
      await transfer(tx, {
        key: `hlb_redeem:${o.id}`,
        from: systemAccount('fees'),
        to: userAccount(o.userId),
        asset: 'USDT',
        amount: o.amount,
        kind: 'hlb_redeem',
        ref: `hlb:${o.id}`,
      });
      const [done] = await tx
        .update(hlbOrders)
        .set({ state: 'redeemed', redeemedAt: input.now })
        .where(eq(hlbOrders.id, o.id))
        .returning();
      if (!done) throw new Error('hlb update returned nothing');
      return done;
    },
  }),
);

/** My orders with the static and dynamic figures (today, yesterday, total) from the ledger. */
/** Income of one kind credited today, yesterday (UTC days) and in all (wei). */
export type HlbIncomeFigure = { today: bigint; yesterday: bigint; total: bigint };

/** A page of the user's orders with the principal held, the income figures and the products on offer. */
export async function hlbOrdersOf(db: Executor, userId: number, now: Date, page: number, size: number) {
  const rows = await db
    .select()
    .from(hlbOrders)
    .where(eq(hlbOrders.userId, userId))
    .orderBy(desc(hlbOrders.id))
    .limit(size)
    .offset((page - 1) * size);
  const count = await countRows(db, hlbOrders, eq(hlbOrders.userId, userId));
  const [held] = await db
    .select({ s: sql<string>`coalesce(sum(${hlbOrders.amount}), 0)::text` })
    .from(hlbOrders)
    .where(and(eq(hlbOrders.userId, userId), inArray(hlbOrders.state, ['active'])));
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const yesterday = new Date(today.getTime() - DAY_MS);
  const figs = rowsOf<{ kind: string; today: string; yesterday: string; total: string }>(
    await db.execute(sql`SELECT kind,
      coalesce(sum(amount) FILTER (WHERE created_at >= ${today}), 0)::text AS today,
      coalesce(sum(amount) FILTER (WHERE created_at >= ${yesterday} AND created_at < ${today}), 0)::text AS yesterday,
      coalesce(sum(amount), 0)::text AS total
      FROM ledger_entries WHERE user_id = ${userId} AND side = 'credit' AND kind IN ('hlb_static', 'hlb_dynamic')
      GROUP BY kind`),
  );
  const fig = (kind: string): HlbIncomeFigure => {
    const f = figs.find((x) => x.kind === kind);
    return {
      today: BigInt(f?.today ?? 0),
      yesterday: BigInt(f?.yesterday ?? 0),
      total: BigInt(f?.total ?? 0),
    };
  };
  return {
    principal: BigInt(held?.s ?? 0),
    static: fig('hlb_static'),
    dynamic: fig('hlb_dynamic'),
    products: (await getSetting(db, 'product.hlb')).products.map((p) => ({
      code: p.code,
      dailyRatePpm: p.daily_rate_ppm,
      lockDays: p.lock_days,
      min: BigInt(p.min_wei),
      max: BigInt(p.max_wei),
    })),
    list: rows,
    total: count,
    page,
    size,
  };
}
