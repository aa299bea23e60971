// GET /api/user/income_info: every income kind of the user today, yesterday and in total, in USDT
// and FREE (docs/business-rules.md, "Income kinds"). Most kinds are sums of ledger credits; the
// ones paid on chain (interest of on-chain stakes, the executor reward of a recharge) and the
// earnings of airdrop and presale releases (a value, not a movement) are read from their records.
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { BOOKED_INCOME_KINDS } from '@free/protocol/api/ledger-kinds';
import { FCC_BONUS_KINDS, INCOME_KINDS, type IncomeKind } from '@free/protocol/api/user';
import { DAY_MS } from '@free/protocol/constants';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.ts';
import { chainStakes, ledgerEntries } from '../db/schema/index.ts';

/** An income figure in wei of each asset the list counts. */
export type IncomeFig = { USDT: bigint; FREE: bigint };
/** A kind's income today, yesterday and in total (wei). */
export type IncomeFigures = { today: IncomeFig; yesterday: IncomeFig; total: IncomeFig };
/** The user's income: every kind in display order, the FCC bonus (wei of FCC) and the UTC day of "today". */
export type IncomeSummary = {
  /** the UTC day "today" is, as `YYYY-MM-DD` (the day key the jobs use too) */
  day: string;
  list: ({ kind: IncomeKind } & IncomeFigures)[];
  fccBonus: { today: bigint; yesterday: bigint; total: bigint };
};

type Row = { kind: string; asset: string; today: string; yesterday: string; total: string };

/**
 * Shown, but not added to the total (nor to personal income): the USDT value of FREE another kind
 * (the unlocks) counts already, and slippage profit, the executor reward Payment takes from the
 * user's own recharge and pays back to them, which nets to zero.
 */
const NOT_COUNTED: readonly IncomeKind[] = ['airdrop_earnings', 'presale_earnings', 'slippage_profit'];
/** Income that comes from the team rather than the user's own holdings (not personal). */
const TEAM_KINDS: readonly IncomeKind[] = ['income_dynamic', 'hlb_dynamic'];

const utcMidnight = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** today / yesterday / total sums of `value`, dated by `at`. */
const sums = (value: SQL, at: SQL, today: Date, yesterday: Date) => ({
  today: sql<string>`coalesce(sum(${value}) FILTER (WHERE ${at} >= ${today.toISOString()}), 0)::text`,
  yesterday: sql<string>`coalesce(sum(${value}) FILTER (WHERE ${at} >= ${yesterday.toISOString()} AND ${at} < ${today.toISOString()}), 0)::text`,
  total: sql<string>`coalesce(sum(${value}), 0)::text`,
});

export async function incomeInfo(db: Executor, userId: number, now: Date): Promise<IncomeSummary> {
  const today = utcMidnight(now);
  const yesterday = new Date(today.getTime() - DAY_MS);
  const s = (value: SQL, at: SQL) => sums(value, at, today, yesterday);
  const rows: Row[] = await db
    .select({
      kind: ledgerEntries.kind,
      asset: ledgerEntries.asset,
      ...s(sql`${ledgerEntries.amount}`, sql`${ledgerEntries.createdAt}`),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.side, 'credit'),
        inArray(ledgerEntries.kind, [...BOOKED_INCOME_KINDS]),
        inArray(ledgerEntries.asset, ['USDT', 'FREE']),
      ),
    )
    .groupBy(ledgerEntries.kind, ledgerEntries.asset);
  // interest of on-chain stakes, paid by the contract to the user's wallet at unstake or into the
  // new principal at renewal (mirrored by the indexer): static income in USDT, dated by the unstake
  // or renewal, never a ledger entry
  const [chain] = await db
    .select(s(sql`${chainStakes.interest}`, sql`${chainStakes.unstakedAt}`))
    .from(chainStakes)
    .where(and(eq(chainStakes.userId, userId), inArray(chainStakes.status, ['redeemed', 'renewed'])));
  if (chain) rows.push({ kind: 'income_static', asset: 'USDT', ...chain });
  // slippage profit: the executor reward Payment returns to the payer of a recharge, on chain
  const [slip] = rowsOf<Omit<Row, 'kind' | 'asset'>>(
    await db.execute(sql`SELECT ${s(sql`executor_reward`, sql`paid_at`).today} AS today,
        ${s(sql`executor_reward`, sql`paid_at`).yesterday} AS yesterday, ${s(sql`executor_reward`, sql`paid_at`).total} AS total
      FROM recharge_orders WHERE user_id = ${userId} AND state = 'paid' AND executor_reward IS NOT NULL`),
  );
  if (slip) rows.push({ kind: 'slippage_profit', asset: 'USDT', ...slip });
  // airdrop and presale earnings: the USDT value of each release at the FREE price of its day (the
  // last quote snapshot before the day ended), less what the released part cost (presale price)
  const wad = WEI_PER_UNIT.toString();
  const value = sql`div(u.amount * coalesce(p.price, 0), ${wad}::numeric) - div(u.amount * a.paid_usdt, a.total)`;
  const earned = rowsOf<Row>(
    await db.execute(sql`SELECT a.kind || '_earnings' AS kind, 'USDT' AS asset,
        ${s(value, sql`u.created_at`).today} AS today, ${s(value, sql`u.created_at`).yesterday} AS yesterday,
        ${s(value, sql`u.created_at`).total} AS total
      FROM allocation_unlocks u JOIN token_allocations a ON a.id = u.allocation_id
      LEFT JOIN LATERAL (SELECT q.price FROM quote_snapshots q WHERE q.symbol = 'FREE'
        AND q.taken_at < u.day + 1 ORDER BY q.taken_at DESC LIMIT 1) p ON true
      WHERE u.user_id = ${userId} AND a.total > 0 GROUP BY a.kind`),
  );
  rows.push(...earned);

  const zero = (): IncomeFig => ({ USDT: 0n, FREE: 0n });
  const acc = new Map<string, IncomeFigures>();
  for (const k of INCOME_KINDS) acc.set(k, { today: zero(), yesterday: zero(), total: zero() });
  const add = (kind: string, asset: 'USDT' | 'FREE', r: Row, sign = 1n) => {
    const a = acc.get(kind);
    if (!a) return;
    a.today[asset] += sign * BigInt(r.today);
    a.yesterday[asset] += sign * BigInt(r.yesterday);
    a.total[asset] += sign * BigInt(r.total);
  };
  for (const r of rows) {
    const asset = r.asset as 'USDT' | 'FREE';
    add(r.kind, asset, r);
    if (NOT_COUNTED.includes(r.kind as IncomeKind)) continue;
    add('total', asset, r);
    // personal: what the user's own holdings earned (everything but the team's share)
    if (!TEAM_KINDS.includes(r.kind as IncomeKind)) add('income_personal', asset, r);
  }
  // The FCC bonus is income too, in its own asset: summed apart rather than mixed into USDT/FREE.
  const [fcc] = await db
    .select(s(sql`${ledgerEntries.amount}`, sql`${ledgerEntries.createdAt}`))
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.side, 'credit'),
        inArray(ledgerEntries.kind, [...FCC_BONUS_KINDS]),
        eq(ledgerEntries.asset, 'FCC'),
      ),
    );
  return {
    day: today.toISOString().slice(0, 10),
    fccBonus: {
      today: BigInt(fcc?.today ?? '0'),
      yesterday: BigInt(fcc?.yesterday ?? '0'),
      total: BigInt(fcc?.total ?? '0'),
    },
    list: INCOME_KINDS.map((kind) => {
      const a = acc.get(kind) ?? { today: zero(), yesterday: zero(), total: zero() };
      return { kind, ...a };
    }),
  };
}
