// Daily settlement (docs/business-rules.md "Daily settlement"): static income, dynamic (generation) income for ignited accounts,
// the chain pool's income to its contributors, market-maker FCC bonus and automatic renewal at
// maturity (services/stake-maturity.ts), airdrop and presale unlocks (services/airdrop.ts).
// Set-based SQL; each step commits on its own with its (day, step) row in settlement_runs, so a
// second run pays nothing twice and a run that crashed in the middle resumes at the next step.
// While the FOMO pool is under its floor, nothing is paid: the run records a settlement_holds row.
// The USDT income a day pays (static + dynamic + pool, from system:income, with the Huan Li Bao
// income of that day: one counter) is bounded by the operator's `income_daily_budget_wei`: the step
// that would pass it is rolled back and the day is held the same way; the steps left resume on a
// later run within the budget (income accrues meanwhile).
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { DAY_MS, STAKE_CYCLES } from '@free/protocol/constants';
import { compoundFactor } from '@free/protocol/staking';
import { type SQL, sql } from 'drizzle-orm';
import { type DbHandle, type Executor, retriedTransaction, rowsOf, type Tx } from '../db/client.ts';
import { releaseUnlocks, unlockTargetSql } from '../services/airdrop.ts';
import { distributeFomo, FOMO_HOLD_REASON, fomoBalance, fomoFloor } from '../services/fomo.ts';
import { takeIncome } from '../services/income-budget.ts';
import { KIND } from '../services/income-kinds.ts';
import { depthForLevel, getSettings, type MoneySettings } from '../services/settings.ts';
import { bulkCredit } from '../services/settlement-ledger.ts';
import { matureOrders } from '../services/stake-maturity.ts';
import { chainCycleDaysSql } from '../services/staking-orders.ts';
import { loadTeamRules } from '../services/team.ts';
import { teamLevelSql, zoneBSql } from '../services/team-rules.ts';
import { type JobContext, type Jobs, runLoop } from './loop.ts';

/** 1e18: compound factors (protocol's compoundFactor) are fixed point on the token's wei unit. */
const WAD = WEI_PER_UNIT.toString();

export const SETTLEMENT_STEPS = ['static', 'dynamic', 'pool', 'maturity', 'unlocks', 'fomo'] as const;
export type SettlementStep = (typeof SETTLEMENT_STEPS)[number];
/** The steps that pay USDT income from system:income, counted against the daily budget. */
const INCOME_STEPS: readonly SettlementStep[] = ['static', 'dynamic', 'pool'];
export const INCOME_BUDGET_HOLD_REASON = 'income_budget';

/** Thrown inside a step's transaction (rolling it back) when it would pass the daily budget. */
class IncomeBudgetExceeded extends Error {
  constructor(
    readonly step: SettlementStep,
    readonly wouldPay: bigint,
    readonly paidBefore: bigint,
    readonly budget: bigint,
  ) {
    super(`settlement ${step} would pay ${wouldPay} past the income budget`);
  }
}

export type StepResult = { step: SettlementStep; done: 'now' | 'before'; rows: number; total: bigint };
export type SettlementResult = {
  day: string;
  held: null | { reason: string; fomoBalance: bigint; floor: bigint; held: Record<string, string> };
  steps: StepResult[];
};

export type SettlementOptions = {
  /** called after each step has committed (tests use it to simulate a crash between steps) */
  afterStep?: (step: SettlementStep) => void | Promise<void>;
};

export function assertDay(day: string): { start: Date; end: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad settlement day ${day}`);
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day)
    throw new Error(`bad settlement day ${day}`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The UTC day before `now` (what a scheduler settles). */
export const previousDay = (now: Date): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS)
    .toISOString()
    .slice(0, 10);

/**
 * Settles `day` (YYYY-MM-DD, UTC): everything earned up to the end of that day. Safe to run again
 * (steps already done are skipped) and to run after a crash (it resumes).
 */
export async function runSettlement(
  db: DbHandle,
  day: string,
  opts: SettlementOptions = {},
): Promise<SettlementResult> {
  const { start, end } = assertDay(day);
  const settings = await getSettings(db.db);
  const money = settings.product_money;
  const [balance, floor] = await Promise.all([fomoBalance(db.db), fomoFloor(db.db)]);
  const hold = async (reason: string, held: Record<string, string>) => {
    await db.db.execute(sql`INSERT INTO settlement_holds (day, reason, fomo_balance, floor, held)
      VALUES (${day}, ${reason}, ${balance.toString()}, ${floor.toString()}, ${JSON.stringify(held)}::jsonb)
      ON CONFLICT (day) DO UPDATE SET reason = excluded.reason, fomo_balance = excluded.fomo_balance,
        floor = excluded.floor, held = excluded.held, created_at = now()`);
    return { reason, fomoBalance: balance, floor, held };
  };
  const pending = await pendingSteps(db.db, day);
  if (pending.length > 0 && balance < floor) {
    const held = await heldAmounts(db.db, end, money);
    return { day, held: await hold(FOMO_HOLD_REASON, held), steps: [] };
  }

  const ctx: StepCtx = { day, start, end, money };
  const steps: StepResult[] = [];
  for (const step of SETTLEMENT_STEPS) {
    let r: StepResult;
    try {
      r = await runStep(db, ctx, step);
    } catch (err) {
      if (!(err instanceof IncomeBudgetExceeded)) throw err;
      const held = {
        [`income_${err.step}`]: err.wouldPay.toString(),
        paid_today: err.paidBefore.toString(),
        budget: err.budget.toString(),
      };
      return { day, held: await hold(INCOME_BUDGET_HOLD_REASON, held), steps };
    }
    steps.push(r);
    await opts.afterStep?.(step);
  }
  return { day, held: null, steps };
}

/** One step in its own transaction, claimed once by its settlement_runs row. */
async function runStep(db: DbHandle, ctx: StepCtx, step: SettlementStep): Promise<StepResult> {
  const { day } = ctx;
  // a deadlock's victim (a redemption or a renewal of the same orders at the same moment) runs again
  return retriedTransaction(db, 'settlement', async (tx) => {
    const claimed = rowsOf(
      await tx.execute(sql`INSERT INTO settlement_runs (day, step) VALUES (${day}, ${step})
          ON CONFLICT (day, step) DO NOTHING RETURNING step`),
    );
    if (claimed.length === 0) return { step, done: 'before' as const, rows: 0, total: 0n };
    const out = await STEP_FNS[step](tx, ctx);
    if (INCOME_STEPS.includes(step)) {
      // one counter per day with Huan Li Bao income (income-budget.ts); rolled back with the step
      const took = await takeIncome(tx, day, out.total);
      if (!took.ok) throw new IncomeBudgetExceeded(step, out.total, took.paidBefore, took.budget);
    }
    await tx.execute(sql`UPDATE settlement_runs SET rows = ${out.rows}, total = ${out.total.toString()}
        WHERE day = ${day} AND step = ${step}`);
    return { step, done: 'now' as const, ...out };
  });
}

async function pendingSteps(db: Executor, day: string): Promise<SettlementStep[]> {
  const done = new Set(
    rowsOf<{ step: string }>(await db.execute(sql`SELECT step FROM settlement_runs WHERE day = ${day}`)).map(
      (r) => r.step,
    ),
  );
  return SETTLEMENT_STEPS.filter((s) => !done.has(s));
}

type StepCtx = { day: string; start: Date; end: Date; money: MoneySettings };
type StepOut = { rows: number; total: bigint };

const STEP_FNS: Record<SettlementStep, (tx: Tx, c: StepCtx) => Promise<StepOut>> = {
  static: stepStatic,
  dynamic: stepDynamic,
  pool: stepPool,
  maturity: matureOrders,
  unlocks: (tx, c) => releaseUnlocks(tx, c.day, c.end),
  fomo: (tx, c) => distributeFomo(tx, c.end),
};

/** `(rate_ppm, days, factor)` rows for every rate open stakes use: a VALUES list to alias. */
async function factorValues(tx: Executor): Promise<SQL> {
  const cycles = (await getSettings(tx)).cycles;
  const pairs = rowsOf<{ rate_ppm: number; days: number }>(
    await tx.execute(sql`SELECT DISTINCT rate_ppm, cycle_days AS days FROM stake_orders WHERE status = 'active'
      UNION SELECT DISTINCT rate_ppm, 0 FROM chain_stakes WHERE status = 'active'`),
  );
  const maxDays = Math.max(
    0,
    ...cycles.map((c) => c.days),
    ...STAKE_CYCLES.map((c) => c.days),
    ...pairs.map((p) => Number(p.days)),
  );
  const rates = [...new Set(pairs.map((p) => Number(p.rate_ppm)))];
  const values: SQL[] = [];
  for (const rate of rates) {
    for (let d = 0; d <= maxDays; d++) {
      values.push(sql`(${rate}::int, ${d}::int, ${compoundFactor(rate, d).toString()}::numeric)`);
    }
  }
  if (values.length === 0) values.push(sql`(0, 0, ${WAD}::numeric)`);
  return sql`(VALUES ${sql.join(values, sql`, `)})`;
}

const elapsed = (stakedAt: SQL, at: Date, cycleDays: SQL) =>
  sql`LEAST(GREATEST(floor(extract(epoch FROM (${at.toISOString()}::timestamptz - ${stakedAt})) / 86400), 0), ${cycleDays})::int`;

/** Static income: the interest each open balance order earned up to the end of the day. */
async function stepStatic(tx: Tx, c: StepCtx): Promise<StepOut> {
  const factors = await factorValues(tx);
  // on-chain stakes run the contract's fixed cycles, never the editable setting
  const cd = chainCycleDaysSql(sql`cs.cycle`);
  // balance orders: what the compound curve says now, minus what was already paid (catches up
  // days that were held back)
  await tx.execute(sql`
    INSERT INTO settlement_accruals (day, source, ref_id, user_id, amount)
    SELECT ${c.day}, 'balance', o.id, o.user_id,
      div(o.principal * (f.factor - ${WAD}::numeric), ${WAD}::numeric) - o.interest_paid
    FROM stake_orders o
    JOIN ${factors} AS f(rate_ppm, days, factor)
      ON f.rate_ppm = o.rate_ppm AND f.days = ${elapsed(sql`o.staked_at`, c.end, sql`o.cycle_days`)}
    WHERE o.status = 'active' AND o.staked_at < ${c.end.toISOString()}
      AND div(o.principal * (f.factor - ${WAD}::numeric), ${WAD}::numeric) > o.interest_paid
    FOR UPDATE OF o`);
  // (the row locks keep a concurrent redemption from paying the same interest: it waits, then
  // sees interest_paid including today's accrual; a redemption that committed first drops out)
  // on-chain stakes: the contract pays their interest; the day's accrual is the base of dynamic income
  await tx.execute(sql`
    INSERT INTO settlement_accruals (day, source, ref_id, user_id, amount)
    SELECT ${c.day}, 'chain', cs.id, cs.user_id, div(cs.principal * (f1.factor - f0.factor), ${WAD}::numeric)
    FROM chain_stakes cs
    JOIN ${factors} AS f1(rate_ppm, days, factor)
      ON f1.rate_ppm = cs.rate_ppm AND f1.days = ${elapsed(sql`cs.staked_at`, c.end, cd)}
    JOIN ${factors} AS f0(rate_ppm, days, factor)
      ON f0.rate_ppm = cs.rate_ppm AND f0.days = ${elapsed(sql`cs.staked_at`, c.start, cd)}
    WHERE cs.status = 'active' AND cs.staked_at < ${c.end.toISOString()}
      AND div(cs.principal * (f1.factor - f0.factor), ${WAD}::numeric) > 0`);
  // today's accruals are the base of the next steps (dynamic income joins them to the team paths):
  // with statistics of the rows just written the planner joins them by hash instead of probing an
  // index once per row (dynamic income of 100,000 users: 4 s → 0.7 s, docs/benchmarks.md)
  await tx.execute(sql`ANALYZE settlement_accruals`);
  const paid = await bulkCredit(tx, {
    src: sql`SELECT user_id, amount, 'settle:' || day::text || ':static:' || ref_id AS tx_key,
        'B' || lpad(ref_id::text, 8, '0') AS ref
      FROM settlement_accruals WHERE day = ${c.day} AND source = 'balance'`,
    account: 'wallet',
    asset: 'USDT',
    kind: KIND.static,
  });
  await tx.execute(sql`UPDATE stake_orders o SET interest_paid = o.interest_paid + a.amount
    FROM settlement_accruals a WHERE a.day = ${c.day} AND a.source = 'balance' AND a.ref_id = o.id`);
  return paid;
}

/**
 * Dynamic income: per-generation shares of descendants' static income, to ignited accounts, each
 * within the generations its level earns. The level is team-rules' (teamLevelSql over zoneBSql's
 * zone B) and the generations settings' depthForLevel: the same rules the team pages show.
 */
async function stepDynamic(tx: Tx, c: StepCtx): Promise<StepOut> {
  const gens = c.money.generation_bps;
  if (gens.length === 0) return { rows: 0, total: 0n };
  const rules = await loadTeamRules(tx);
  const genValues = sql.join(
    gens.map((bps, i) => sql`(${i + 1}::int, ${bps}::int)`),
    sql`, `,
  );
  // every level teamLevel can give: 0 up to one per zone-B threshold
  const depthValues = sql.join(
    Array.from(
      { length: rules.levelZoneB.length + 1 },
      (_, level) => sql`(${level}::int, ${depthForLevel(c.money, level)}::int)`,
    ),
    sql`, `,
  );
  const src = sql`
    WITH base AS (
      SELECT user_id, sum(amount) AS amt FROM settlement_accruals WHERE day = ${c.day} GROUP BY user_id
    ),
    gen(depth, bps) AS (VALUES ${genValues}),
    dl(level, max_depth) AS (VALUES ${depthValues}),
    cand AS (
      SELECT p.ancestor_id, p.depth, div(b.amt * g.bps, 10000) AS share
      FROM base b JOIN team_paths p ON p.descendant_id = b.user_id JOIN gen g ON g.depth = p.depth
      JOIN users u ON u.id = p.ancestor_id AND u.ignited
    ),
    zb AS (
      SELECT a.ancestor_id,
        ${zoneBSql(sql`l.leg_max`, sql`coalesce(ts.performance, 0)`)} AS zone_b
      FROM (SELECT DISTINCT ancestor_id FROM cand) a
      LEFT JOIN team_stats ts ON ts.user_id = a.ancestor_id
      CROSS JOIN LATERAL (SELECT coalesce(max(performance), 0) AS leg_max FROM team_legs
        WHERE user_id = a.ancestor_id) l
    ),
    anc AS (SELECT ancestor_id, ${teamLevelSql(sql`zone_b`, rules)} AS level FROM zb)
    SELECT c.ancestor_id AS user_id, sum(c.share) AS amount,
      'settle:' || ${c.day}::text || ':dynamic:' || c.ancestor_id AS tx_key, NULL::text AS ref
    FROM cand c JOIN anc ON anc.ancestor_id = c.ancestor_id
    JOIN dl ON dl.level = anc.level
    WHERE c.depth <= dl.max_depth
    GROUP BY c.ancestor_id`;
  return bulkCredit(tx, { src, account: 'wallet', asset: 'USDT', kind: KIND.dynamic });
}

/**
 * What each contributor's pool balance earns for the day: `income_bps` of the contributions made
 * that day, shared by every contributor (up to the end of the day) pro rata to their total
 * contribution, rounded down (the pool never pays more than the share).
 */
function poolIncomeSrc(c: { day: string; start: Date; end: Date }, incomeBps: number): SQL {
  const end = c.end.toISOString();
  return sql`
    WITH inflow AS (
      SELECT div(coalesce(sum(amount), 0) * ${incomeBps}::int, 10000) AS share FROM contributions
      WHERE created_at >= ${c.start.toISOString()} AND created_at < ${end}
    ),
    per_user AS (SELECT user_id, sum(amount) AS t FROM contributions WHERE created_at < ${end} GROUP BY user_id),
    pool AS (SELECT sum(t) AS t FROM per_user)
    SELECT p.user_id, div(i.share * p.t, pool.t) AS amount,
      'settle:' || ${c.day}::text || ':pool:' || p.user_id AS tx_key, 'pool:' || ${c.day}::text AS ref
    FROM per_user p CROSS JOIN inflow i CROSS JOIN pool WHERE pool.t > 0 AND i.share > 0`;
}

/** Pool income: the day's share of the chain pool's inflow, into the contributors' pool balances. */
async function stepPool(tx: Tx, c: StepCtx): Promise<StepOut> {
  const cfg = (await getSettings(tx))['product.pool'];
  if (cfg.income_bps === 0) return { rows: 0, total: 0n };
  return bulkCredit(tx, {
    src: poolIncomeSrc(c, cfg.income_bps),
    account: 'pool',
    asset: 'USDT',
    kind: KIND.poolIncome,
  });
}

/** What a held run did not pay (static income and unlocks up to the end of the day). */
async function heldAmounts(db: Executor, end: Date, _money: MoneySettings): Promise<Record<string, string>> {
  const factors = await factorValues(db);
  const [st] = rowsOf<{ s: string; n: string | number }>(
    await db.execute(sql`
      SELECT coalesce(sum(div(o.principal * (f.factor - ${WAD}::numeric), ${WAD}::numeric) - o.interest_paid), 0)::text AS s,
        count(*) AS n
      FROM stake_orders o
      JOIN ${factors} AS f(rate_ppm, days, factor)
        ON f.rate_ppm = o.rate_ppm AND f.days = ${elapsed(sql`o.staked_at`, end, sql`o.cycle_days`)}
      WHERE o.status = 'active' AND div(o.principal * (f.factor - ${WAD}::numeric), ${WAD}::numeric) > o.interest_paid`),
  );
  const unlocks = rowsOf<{ kind: string; s: string }>(
    await db.execute(sql`SELECT kind, coalesce(sum(target - released), 0)::text AS s FROM (
      SELECT kind, released, ${unlockTargetSql(end)} AS target FROM token_allocations
      WHERE released < total AND unlock_at < ${end.toISOString()}) t WHERE target > released GROUP BY kind`),
  );
  const out: Record<string, string> = { [KIND.static]: st?.s ?? '0', orders: String(st?.n ?? 0) };
  const day = new Date(end.getTime() - DAY_MS);
  const poolBps = (await getSettings(db))['product.pool'].income_bps;
  const [pool] = rowsOf<{ s: string }>(
    await db.execute(
      sql`SELECT coalesce(sum(amount), 0)::text AS s FROM (${poolIncomeSrc(
        { day: day.toISOString().slice(0, 10), start: day, end },
        poolBps,
      )}) p`,
    ),
  );
  out[KIND.poolIncome] = pool?.s ?? '0';
  for (const u of unlocks) out[u.kind === 'airdrop' ? KIND.airdropUnlock : KIND.presaleUnlock] = u.s;
  return out;
}

/**
 * The days a scheduler should settle, oldest first: every day after the last fully settled one up
 * to `upTo` (at most 31, so a long outage catches up in order), or just `upTo` on a fresh database.
 */
export async function daysToSettle(db: Executor, upTo: string): Promise<string[]> {
  const [r] = rowsOf<{ d: string | null }>(
    await db.execute(
      sql`SELECT max(day)::text AS d FROM settlement_runs WHERE step = ${SETTLEMENT_STEPS.at(-1) ?? 'fomo'}`,
    ),
  );
  const end = assertDay(upTo).start.getTime();
  const last = r?.d ? assertDay(r.d).start.getTime() : end - DAY_MS;
  const from = Math.max(last + DAY_MS, end - 30 * DAY_MS);
  const days: string[] = [];
  for (let t = from; t <= end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days.length > 0 ? days : [upTo];
}

/**
 * The settlement job: every interval (default 10 min) settles the previous UTC day (and any day
 * missed before it, in order); steps already done are skipped, so restarts are harmless.
 */
export function startSettlementJob(ctx: JobContext): Jobs {
  const clock = ctx.clock ?? (() => new Date());
  return runLoop(ctx, 'settlement', 'free:settlement', ctx.intervalMs ?? 600_000, async ({ db }) => {
    for (const day of await daysToSettle(db.db, previousDay(clock()))) {
      const r = await runSettlement(db, day);
      if (r.held) break; // later days wait until the pool is refilled
    }
  });
}
