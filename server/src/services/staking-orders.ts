// Market-Maker staking orders: stakes bought with the off-chain USDT balance (same limits, cycles,
// fee and compounding as the Staking contract) and one order list that also shows the on-chain
// stakes mirrored by the indexer; redemption of matured balance orders.
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { STAKE_CYCLES } from '@free/protocol/constants';
import {
  compoundInterest,
  elapsedDays,
  investmentLimits,
  maturityOf,
  splitStakeAmount,
} from '@free/protocol/staking';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { stakeOrders } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { recordOffchainBurn } from './burn.ts';
import { defineCommand, parseMoney, requestKey } from './command.ts';
import { onStakeForFomo } from './fomo.ts';
import { grantComputePower } from './hashrate.ts';
import { budgetDay, takeIncome } from './income-budget.ts';
import { KIND } from './income-kinds.ts';
import { systemAccount, transfer, userAccount } from './ledger.ts';
import { marketMakerBonusSql } from './market-maker.ts';
import { getSettings, type Settings, usdtOfFcc } from './settings.ts';
import { applyStakeChange, applyStakeChanges, loadTeamRules, teamInfo } from './team.ts';

export const ORDER_STATUSES = ['active', 'matured', 'redeemed', 'renewed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderView = {
  id: string;
  number: string;
  source: 'balance' | 'chain';
  cycle: number;
  cycleDays: number;
  ratePpm: number;
  amount: bigint;
  fee: bigint;
  principal: bigint;
  /** interest of the whole cycle */
  reward: bigint;
  /** interest accrued up to now (whole days) */
  currentProfit: bigint;
  /** interest credited so far */
  totalRevenue: bigint;
  bonusFcc: bigint;
  autoRenew: boolean;
  round: number;
  status: OrderStatus;
  redeemable: boolean;
  /** 0–100: share of the cycle elapsed */
  progress: number;
  pledgeTime: Date;
  dueTime: Date;
  redeemedAt: Date | null;
  redeemedAmount: bigint | null;
  /** interest of a redeemed order waiting for the daily income budget */
  interestHeld: bigint;
  /** the record's index in Staking (`unstake(chainIndex)`), from its Staked event; null for a balance order */
  chainIndex: number | null;
};

export const orderNumber = (source: 'balance' | 'chain', id: number) =>
  `${source === 'balance' ? 'B' : 'C'}${String(id).padStart(8, '0')}`;

export type BuyInput = {
  userId: number;
  amount: string;
  stakeIndex: number;
  autoRenew: boolean;
  idempotencyKey?: string | undefined;
  now: Date;
  /** the FREE quote (quotedPrice), null while none is known: see stakeFreePrice */
  freeQuote?: bigint | null;
};

const ROUTE = 'staking_use_balance';

/**
 * FREE's USDT price a stake counts with (its minimum in FREE, its fee's FREE to burn): the FREE quote,
 * which the quotes job reads from the DEX pair the on-chain stake swaps on; `free_price_usdt_wei`
 * only until a first quote is known.
 */
export const stakeFreePrice = (s: Settings, quote: bigint | null | undefined): bigint =>
  quote && quote > 0n ? quote : BigInt(s.product_money.free_price_usdt_wei);

/** The USDT a stake may be under the settings at FREE's price (protocol's investmentLimits). */
export function investmentLimitsOf(s: Settings, freePrice: bigint): { min: bigint; max: bigint } {
  return investmentLimits({
    minAmount: BigInt(s.min_amount_wei),
    maxAmount: BigInt(s.max_amount_wei),
    minInvestmentFree: BigInt(s.min_investment_free_wei),
    maxInvestment: BigInt(s.max_investment_wei),
    freePriceUsdt: freePrice,
  });
}

export const buyWithBalance = defineCommand((input: BuyInput) => ({
  module: 'staking_use_balance',
  userId: input.userId,
  route: ROUTE,
  idempotencyKey: input.idempotencyKey,
  parse: async (s) => {
    const cycle = s.cycles[input.stakeIndex];
    if (!Number.isInteger(input.stakeIndex) || !cycle) throw new AppError(ErrorCode.BadRequest, 'stakeIndex');
    const freePrice = stakeFreePrice(s, input.freeQuote);
    const amount = parseMoney(input.amount, { kind: 'invest', ...investmentLimitsOf(s, freePrice) });
    return { s, cycle, amount, money: s.product_money, freePrice };
  },
  content: ({ amount }) => ({
    amount: amount.toString(),
    stakeIndex: input.stakeIndex,
    autoRenew: input.autoRenew,
  }),
  run: async (tx, { s, cycle, amount, money, freePrice }) => {
    const ledgerKey = requestKey('stake', input.userId, input.idempotencyKey);
    const { fee, principal } = splitStakeAmount(amount, cycle.fee_bps);
    const rules = await loadTeamRules(tx);
    const [inserted] = await tx
      .insert(stakeOrders)
      .values({
        userId: input.userId,
        cycle: input.stakeIndex,
        cycleDays: cycle.days,
        ratePpm: cycle.rate_ppm,
        feeBps: cycle.fee_bps,
        amount,
        fee,
        principal,
        autoRenew: input.autoRenew,
        stakedAt: input.now,
        dueAt: maturityOf(input.now, cycle.days),
        ledgerKey,
      })
      .returning();
    if (!inserted) throw new Error('stake order not inserted');
    // the bonus is fixed at purchase, by the rule on-chain stakes follow (the order counts in its own turnover)
    const [bonus] = rowsOf<{ fcc: string }>(
      await tx.execute(sql`UPDATE stake_orders o SET bonus_fcc = ${marketMakerBonusSql('o', s, rules.marketMakerCycle)}
        WHERE o.id = ${inserted.id} RETURNING o.bonus_fcc::text AS fcc`),
    );
    const row = { ...inserted, bonusFcc: BigInt(bonus?.fcc ?? '0') };
    const ref = orderNumber('balance', row.id);
    // Principal stays the user's, locked in the `asset` account until redemption.
    await transfer(tx, {
      key: `${ledgerKey}:principal`,
      from: userAccount(input.userId, 'wallet'),
      to: userAccount(input.userId, 'asset'),
      asset: 'USDT',
      amount: principal,
      kind: KIND.stakePrincipal,
      ref,
    });
    if (fee > 0n) {
      await transfer(tx, {
        key: `${ledgerKey}:fee`,
        from: userAccount(input.userId, 'wallet'),
        to: systemAccount('fees'),
        asset: 'USDT',
        amount: fee,
        kind: KIND.stakeFee,
        ref,
      });
      const level = (await teamInfo(tx, input.userId, input.now, rules)).level;
      await recordOffchainBurn(tx, {
        userId: input.userId,
        type: 'stake_fee',
        level,
        free: freePrice > 0n ? (fee * WEI_PER_UNIT) / freePrice : 0n,
        usdt: fee,
        ref: `stake_fee:${ref}`,
      });
    }
    await onStakeForFomo(tx, { userId: input.userId, amount, fee, ref, now: input.now, settings: money });
    await applyStakeChange(
      tx,
      {
        userId: input.userId,
        principalDelta: principal,
        amountDelta: amount,
        activeDelta: 1,
        cycle: input.stakeIndex,
        at: input.now,
      },
      rules,
    );
    return balanceView(row, input.now);
  },
}));

type OrderRow = typeof stakeOrders.$inferSelect;

/** What is stored of an order of either source, as domain values. */
type OrderFacts = Omit<
  OrderView,
  'id' | 'number' | 'reward' | 'currentProfit' | 'status' | 'redeemable' | 'progress'
> & { key: number; stored: 'active' | 'redeemed' | 'renewed' };

/**
 * The one place an order's status and progress are computed, whatever its source: an active
 * order past its due time is matured (statusFilter asks the same in SQL); its profit and progress
 * count the whole days elapsed, a closed one counts its whole cycle.
 */
function orderView({ key, stored, ...f }: OrderFacts, now: Date): OrderView {
  const status: OrderStatus =
    stored === 'active' ? (now.getTime() >= f.dueTime.getTime() ? 'matured' : 'active') : stored;
  const days = stored === 'active' ? elapsedDays(f.pledgeTime, now, f.cycleDays) : f.cycleDays;
  const id = orderNumber(f.source, key);
  return {
    ...f,
    id,
    number: id,
    reward: compoundInterest(f.principal, f.ratePpm, f.cycleDays),
    currentProfit: compoundInterest(f.principal, f.ratePpm, days),
    status,
    // on-chain stakes are redeemed by the user's own unstake transaction
    redeemable: status === 'matured' && f.source === 'balance',
    progress: stored === 'active' ? Math.floor((days * 100) / f.cycleDays) : 100,
  };
}

const balanceView = (r: OrderRow, now: Date): OrderView =>
  orderView(
    {
      key: r.id,
      stored: r.status,
      source: 'balance',
      cycle: r.cycle,
      cycleDays: r.cycleDays,
      ratePpm: r.ratePpm,
      amount: r.amount,
      fee: r.fee,
      principal: r.principal,
      totalRevenue: r.interestPaid,
      bonusFcc: r.bonusFcc,
      autoRenew: r.autoRenew,
      round: r.round,
      pledgeTime: r.stakedAt,
      dueTime: r.dueAt,
      redeemedAt: r.redeemedAt,
      redeemedAmount: r.redeemedAmount,
      interestHeld: r.interestHeld,
      chainIndex: null,
    },
    now,
  );

type UnionRow = {
  source: 'balance' | 'chain';
  id: string | number;
  cycle: number;
  cycle_days: number;
  rate_ppm: number;
  amount: string;
  fee: string;
  principal: string;
  paid: string;
  bonus_fcc: string;
  auto_renew: boolean;
  round: number;
  status: 'active' | 'redeemed' | 'renewed';
  staked_at: string | Date;
  due_at: string | Date;
  redeemed_at: string | Date | null;
  redeemed_amount: string | null;
  interest_held: string;
  chain_index: number | null;
};

/**
 * The cycle length (days) of an on-chain stake: the Staking contract fixes 7, 15 and 30 days
 * (protocol's STAKE_CYCLES), whatever the editable `cycles` setting (balance orders) says, so that
 * the app's maturity is the contract's.
 */
export function chainCycleDaysSql(cycle: SQL): SQL {
  const whens = STAKE_CYCLES.map((c) => sql`WHEN ${c.index}::int THEN ${c.days}::int`);
  return sql`(CASE ${cycle} ${sql.join(whens, sql` `)} END)`;
}

/** Days of an on-chain cycle index (see chainCycleDaysSql). */
export const chainCycleDays = (index: number): number => {
  const c = STAKE_CYCLES.find((x) => x.index === index);
  if (!c) throw new Error(`no on-chain stake cycle ${index}`);
  return c.days;
};

function unionSql(userId: number, bonus: SQL) {
  const days = chainCycleDaysSql(sql`cs.cycle`);
  return sql`
    SELECT 'balance' AS source, id, cycle, cycle_days, rate_ppm, amount::text, fee::text, principal::text,
      interest_paid::text AS paid, bonus_fcc::text, auto_renew, round, status, staked_at, due_at, redeemed_at,
      redeemed_amount::text, interest_held::text, NULL::int AS chain_index
    FROM stake_orders WHERE user_id = ${userId}
    UNION ALL
    SELECT 'chain', cs.id, cs.cycle, ${days}, cs.rate_ppm, cs.amount::text, cs.fee::text, cs.principal::text,
      coalesce(cs.interest, 0)::text, (${bonus})::text, cs.auto_renew, cs.round, cs.status, cs.staked_at,
      cs.staked_at + ${days} * interval '1 day', cs.unstaked_at,
      CASE WHEN cs.status = 'redeemed' THEN (cs.principal + coalesce(cs.interest, 0))::text END,
      '0', cs.stake_index
    FROM chain_stakes cs
    WHERE cs.user_id = ${userId}`;
}

async function unionFor(db: Executor, userId: number) {
  const [s, rules] = await Promise.all([getSettings(db), loadTeamRules(db)]);
  return unionSql(userId, marketMakerBonusSql('cs', s, rules.marketMakerCycle));
}

const unionView = (r: UnionRow, now: Date): OrderView =>
  orderView(
    {
      key: Number(r.id),
      stored: r.status,
      source: r.source,
      cycle: r.cycle,
      cycleDays: r.cycle_days,
      ratePpm: r.rate_ppm,
      amount: BigInt(r.amount),
      fee: BigInt(r.fee),
      principal: BigInt(r.principal),
      totalRevenue: BigInt(r.paid),
      bonusFcc: BigInt(r.bonus_fcc),
      autoRenew: r.auto_renew,
      round: r.round,
      pledgeTime: new Date(r.staked_at),
      dueTime: new Date(r.due_at),
      redeemedAt: r.redeemed_at ? new Date(r.redeemed_at) : null,
      redeemedAmount: r.redeemed_amount === null ? null : BigInt(r.redeemed_amount),
      interestHeld: BigInt(r.interest_held),
      chainIndex: r.chain_index === null ? null : Number(r.chain_index),
    },
    now,
  );

const statusFilter = (status: OrderStatus | undefined, now: Date) => {
  const t = now.toISOString();
  switch (status) {
    case 'active':
      return sql`WHERE status = 'active' AND due_at > ${t}`;
    case 'matured':
      return sql`WHERE status = 'active' AND due_at <= ${t}`;
    case 'redeemed':
      return sql`WHERE status = 'redeemed'`;
    case 'renewed':
      return sql`WHERE status = 'renewed'`;
    default:
      return sql``;
  }
};

/** The order list: balance orders and on-chain stakes, newest first. */
export async function listOrders(
  db: Executor,
  a: { userId: number; page: number; size: number; status?: OrderStatus | undefined; now: Date },
): Promise<{ list: OrderView[]; total: number }> {
  const base = sql`SELECT * FROM (${await unionFor(db, a.userId)}) o ${statusFilter(a.status, a.now)}`;
  const list = rowsOf<UnionRow>(
    await db.execute(
      sql`${base} ORDER BY staked_at DESC, source, id DESC LIMIT ${a.size} OFFSET ${(a.page - 1) * a.size}`,
    ),
  );
  const [c] = rowsOf<{ n: string | number }>(await db.execute(sql`SELECT count(*) AS n FROM (${base}) x`));
  return { list: list.map((r) => unionView(r, a.now)), total: Number(c?.n ?? 0) };
}

/** The redemption list: every order that is not a renewed round, with redeemed amount and progress. */
export async function listRedemptions(
  db: Executor,
  a: { userId: number; page: number; size: number; now: Date },
): Promise<{ list: OrderView[]; total: number; redeemedTotal: bigint; redeemableTotal: bigint }> {
  const base = sql`SELECT * FROM (${await unionFor(db, a.userId)}) o WHERE status <> 'renewed'`;
  const list = rowsOf<UnionRow>(
    await db.execute(
      sql`${base} ORDER BY due_at DESC, source, id DESC LIMIT ${a.size} OFFSET ${(a.page - 1) * a.size}`,
    ),
  );
  const [c] = rowsOf<{ n: string | number; redeemed: string; redeemable: string }>(
    await db.execute(sql`SELECT count(*) AS n,
      coalesce(sum(redeemed_amount::numeric) FILTER (WHERE status = 'redeemed'), 0)::text AS redeemed,
      coalesce(sum(principal::numeric) FILTER (WHERE status = 'active' AND due_at <= ${a.now.toISOString()}), 0)::text AS redeemable
      FROM (${base}) x`),
  );
  return {
    list: list.map((r) => unionView(r, a.now)),
    total: Number(c?.n ?? 0),
    redeemedTotal: BigInt(c?.redeemed ?? '0'),
    redeemableTotal: BigInt(c?.redeemable ?? '0'),
  };
}

/** Parses an order number (`B00000012` or `12`) of a balance order. */
export function parseBalanceOrderId(id: string): number | null {
  const m = /^(?:B)?0*(\d{1,12})$/.exec(id);
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * What a matured balance order still owes when it closes (redeemed or renewed by its owner): the
 * interest settlement has not paid yet, and the market-maker FCC bonus if settlement has not
 * credited it. Both count against the daily income budget at their USDT value: interest that does
 * not fit is held on the order and paid by payHeldInterest on a later day; a bonus that does not
 * fit stays unpaid for the settlement maturity step of a later day.
 */
async function payMaturityIncome(
  tx: Tx,
  row: OrderRow,
  now: Date,
): Promise<{ rest: bigint; held: bigint; bonusNow: boolean }> {
  const ref = orderNumber('balance', row.id);
  const interest = compoundInterest(row.principal, row.ratePpm, row.cycleDays);
  const rest = interest > row.interestPaid ? interest - row.interestPaid : 0n;
  const fits = rest > 0n && (await takeIncome(tx, budgetDay(now), rest)).ok;
  const held = rest > 0n && !fits ? rest : 0n;
  if (fits) {
    await transfer(tx, {
      key: `stake_redeem:${row.id}:interest`,
      from: systemAccount('income'),
      to: userAccount(row.userId, 'wallet'),
      asset: 'USDT',
      amount: rest,
      kind: KIND.static,
      ref,
    });
  }
  const money = (await getSettings(tx)).product_money;
  const bonusNow =
    row.bonusFcc > 0n &&
    !row.bonusPaid &&
    (await takeIncome(tx, budgetDay(now), usdtOfFcc(money, row.bonusFcc))).ok;
  if (bonusNow) {
    await transfer(tx, {
      key: `mm_bonus:${row.id}`,
      from: systemAccount('income'),
      to: userAccount(row.userId, 'wallet'),
      asset: 'FCC',
      amount: row.bonusFcc,
      kind: KIND.mmBonus,
      ref,
    });
  }
  return { rest, held, bonusNow };
}

/**
 * Redeems a matured balance order once: principal back to the wallet, the interest not yet paid
 * by settlement, and the market-maker FCC bonus if settlement has not credited it yet. A retry with
 * the same Idempotency-Key gets the first answer back instead of a Conflict.
 */
export const redeemOrder = defineCommand(
  (a: { userId: number; orderId: string; idempotencyKey?: string | undefined; now: Date }) => ({
    module: 'staking_use_balance',
    exit: true,
    userId: a.userId,
    route: 'stake/redeem',
    idempotencyKey: a.idempotencyKey,
    parse: () => {
      const id = parseBalanceOrderId(a.orderId);
      if (id === null) throw new AppError(ErrorCode.BadRequest, 'orderId');
      return id;
    },
    content: (id) => ({ orderId: id }),
    run: async (tx, id) => {
      const [row] = await tx
        .select()
        .from(stakeOrders)
        .where(and(eq(stakeOrders.id, id), eq(stakeOrders.userId, a.userId)))
        .for('update');
      if (!row) throw new AppError(ErrorCode.NotFound, 'orderId');
      if (row.status !== 'active')
        throw new AppError(ErrorCode.Conflict, 'orderId', `order is ${row.status}`);
      if (a.now.getTime() < row.dueAt.getTime())
        throw new AppError(ErrorCode.Conflict, 'orderId', 'order not matured');
      const ref = orderNumber('balance', row.id);
      await transfer(tx, {
        key: `stake_redeem:${row.id}:principal`,
        from: userAccount(a.userId, 'asset'),
        to: userAccount(a.userId, 'wallet'),
        asset: 'USDT',
        amount: row.principal,
        kind: KIND.stakeRedeem,
        ref,
      });
      const { rest, held, bonusNow } = await payMaturityIncome(tx, row, a.now);
      const [done] = await tx
        .update(stakeOrders)
        .set({
          status: 'redeemed',
          redeemedAt: a.now,
          interestPaid: row.interestPaid + rest - held,
          interestHeld: held,
          bonusPaid: row.bonusPaid || bonusNow,
          redeemedAmount: row.principal + row.interestPaid + rest - held,
        })
        .where(and(eq(stakeOrders.id, row.id), eq(stakeOrders.status, 'active')))
        .returning();
      if (!done) throw new AppError(ErrorCode.Conflict, 'orderId');
      await applyStakeChange(tx, {
        userId: a.userId,
        principalDelta: -row.principal,
        amountDelta: -row.amount,
        activeDelta: -1,
        cycle: row.cycle,
        at: a.now,
      });
      return balanceView(done, a.now);
    },
  }),
);

export type RenewInput = {
  userId: number;
  orderId: string;
  /** the cycle (index in the `cycles` setting) the new round runs in */
  stakeIndex: number;
  /** the rate the user was shown: a lower current rate refuses the renewal (StakeTermsChanged-like) */
  minRatePpm: number;
  idempotencyKey?: string | undefined;
  now: Date;
};

/**
 * Renews a matured balance order by its owner into the cycle they pick (docs/business-rules.md
 * "Renewal by the owner"): the order closes as `renewed` with what it still owes paid as a
 * redemption pays it (interest and FCC bonus, within the daily income budget), and a new round
 * starts now in the picked cycle at its current rate, without a fee, with the same principal less
 * the computing-power contribution of every `compute_every_rounds`-th round, as settlement's
 * automatic renewal does. A renewed round is no new purchase (no turnover, FOMO or bonus of its
 * own); the team figures move the active stake from the old cycle to the new one.
 */
export const renewOrder = defineCommand((a: RenewInput) => ({
  module: 'staking_use_balance',
  userId: a.userId,
  route: 'stake/renew',
  idempotencyKey: a.idempotencyKey,
  parse: (s) => {
    const id = parseBalanceOrderId(a.orderId);
    if (id === null) throw new AppError(ErrorCode.BadRequest, 'orderId');
    const cycle = s.cycles[a.stakeIndex];
    if (!Number.isInteger(a.stakeIndex) || !cycle) throw new AppError(ErrorCode.BadRequest, 'stakeIndex');
    if (cycle.rate_ppm < a.minRatePpm)
      throw new AppError(ErrorCode.Conflict, 'minRatePpm', 'the cycle rate changed');
    return { id, cycle, money: s.product_money };
  },
  content: ({ id }) => ({ orderId: id, stakeIndex: a.stakeIndex, minRatePpm: a.minRatePpm }),
  run: async (tx, { id, cycle, money }) => {
    const [row] = await tx
      .select()
      .from(stakeOrders)
      .where(and(eq(stakeOrders.id, id), eq(stakeOrders.userId, a.userId)))
      .for('update');
    if (!row) throw new AppError(ErrorCode.NotFound, 'orderId');
    if (row.status !== 'active') throw new AppError(ErrorCode.Conflict, 'orderId', `order is ${row.status}`);
    if (a.now.getTime() < row.dueAt.getTime())
      throw new AppError(ErrorCode.Conflict, 'orderId', 'order not matured');
    const ref = orderNumber('balance', row.id);
    const { rest, held, bonusNow } = await payMaturityIncome(tx, row, a.now);
    // every N-th round a share of principal + the round's interest becomes computing power
    const interest = row.interestPaid + rest;
    const contribution =
      row.round % money.compute_every_rounds === 0
        ? minBig(((row.principal + interest) * BigInt(money.compute_share_bps)) / 10_000n, row.principal - 1n)
        : 0n;
    if (contribution > 0n) {
      await transfer(tx, {
        key: `compute:${row.id}`,
        from: userAccount(a.userId, 'asset'),
        to: systemAccount('fees'),
        asset: 'USDT',
        amount: contribution,
        kind: KIND.computeContribution,
        ref,
      });
      await grantComputePower(
        tx,
        sql`SELECT ${a.userId}::int AS user_id, ${`B${row.id}`}::text AS ref, ${contribution.toString()}::numeric AS contribution,
          ${a.now.toISOString()}::timestamptz AS at`,
        money,
      );
    }
    const [closed] = await tx
      .update(stakeOrders)
      .set({
        status: 'renewed',
        interestPaid: row.interestPaid + rest - held,
        interestHeld: held,
        bonusPaid: row.bonusPaid || bonusNow,
      })
      .where(and(eq(stakeOrders.id, row.id), eq(stakeOrders.status, 'active')))
      .returning();
    if (!closed) throw new AppError(ErrorCode.Conflict, 'orderId');
    const [next] = await tx
      .insert(stakeOrders)
      .values({
        userId: a.userId,
        cycle: a.stakeIndex,
        cycleDays: cycle.days,
        ratePpm: cycle.rate_ppm,
        feeBps: cycle.fee_bps,
        amount: row.amount - contribution,
        fee: 0n,
        principal: row.principal - contribution,
        autoRenew: row.autoRenew,
        round: row.round + 1,
        parentId: row.id,
        stakedAt: a.now,
        dueAt: maturityOf(a.now, cycle.days),
        ledgerKey: `renew:${row.id}`,
      })
      .returning();
    if (!next) throw new Error('renewed order not inserted');
    // the new round's stake counts before the old one leaves, so an account that stays valid
    // never reads as having become valid again
    await applyStakeChanges(tx, [
      {
        userId: a.userId,
        principalDelta: 0n,
        amountDelta: 0n,
        activeDelta: 1,
        cycle: a.stakeIndex,
        at: a.now,
      },
      {
        userId: a.userId,
        principalDelta: -contribution,
        amountDelta: -contribution,
        activeDelta: -1,
        cycle: row.cycle,
        at: a.now,
      },
    ]);
    return balanceView(next, a.now);
  },
}));

const minBig = (x: bigint, y: bigint) => (x < y ? x : y);

/**
 * Pays the interest redemptions and renewals had to hold (the daily income budget was reached), oldest first,
 * while today's budget allows; each order once (the ledger key is the redemption's own). Returns
 * how many orders were paid.
 */
export async function payHeldInterest(handle: DbHandle, now: Date): Promise<number> {
  let paid = 0;
  for (;;) {
    const done = await handle.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(stakeOrders)
        .where(and(inArray(stakeOrders.status, ['redeemed', 'renewed']), gt(stakeOrders.interestHeld, 0n)))
        .orderBy(asc(stakeOrders.redeemedAt), asc(stakeOrders.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      if (!(await takeIncome(tx, budgetDay(now), row.interestHeld)).ok) return false;
      await transfer(tx, {
        key: `stake_redeem:${row.id}:interest`,
        from: systemAccount('income'),
        to: userAccount(row.userId, 'wallet'),
        asset: 'USDT',
        amount: row.interestHeld,
        kind: KIND.static,
        ref: orderNumber('balance', row.id),
      });
      await tx
        .update(stakeOrders)
        .set({
          interestPaid: row.interestPaid + row.interestHeld,
          interestHeld: 0n,
          // a renewed order's principal went on into its next round: nothing of it was paid back
          redeemedAmount:
            row.status === 'redeemed' ? (row.redeemedAmount ?? row.principal) + row.interestHeld : null,
        })
        .where(eq(stakeOrders.id, row.id));
      return true;
    });
    if (!done) return paid;
    paid += 1;
  }
}

/** The id of an on-chain order (`C00000012` or `12`… only with its C), or null. */
export function parseChainOrderId(id: string): number | null {
  const m = /^C0*(\d{1,12})$/.exec(id);
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Sets auto-renew on an active on-chain stake of the caller: the app then offers its renewal at
 * maturity (a renewal needs the owner's signature; docs/business-rules.md). A balance order's
 * choice is made when it is bought; another user's order is not found; a closed one is a conflict.
 */
export async function setChainAutoRenew(
  db: Executor,
  a: { userId: number; orderId: string; autoRenew: boolean; now: Date },
): Promise<OrderView> {
  const id = parseChainOrderId(a.orderId);
  if (id === null) {
    const balance = parseBalanceOrderId(a.orderId) !== null;
    throw new AppError(ErrorCode.BadRequest, 'orderId', balance ? 'not an on-chain stake' : 'malformed');
  }
  const [row] = rowsOf<{ status: string }>(
    await db.execute(sql`SELECT status FROM chain_stakes WHERE id = ${id} AND user_id = ${a.userId}`),
  );
  if (!row) throw new AppError(ErrorCode.NotFound, 'orderId');
  const updated = rowsOf<{ id: number }>(
    await db.execute(sql`UPDATE chain_stakes SET auto_renew = ${a.autoRenew}
      WHERE id = ${id} AND user_id = ${a.userId} AND status = 'active' RETURNING id`),
  );
  if (updated.length === 0) throw new AppError(ErrorCode.Conflict, 'orderId', `order is ${row.status}`);
  const [view] = rowsOf<UnionRow>(
    await db.execute(
      sql`SELECT * FROM (${await unionFor(db, a.userId)}) o WHERE source = 'chain' AND id = ${id}`,
    ),
  );
  if (!view) throw new AppError(ErrorCode.NotFound, 'orderId');
  return unionView(view, a.now);
}
