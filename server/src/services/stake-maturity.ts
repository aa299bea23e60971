// Maturity of stake orders, run by the daily settlement (jobs/settlement.ts, step `maturity`): the
// market-maker FCC bonus of the orders and on-chain stakes that matured, counted against the daily
// income budget, and the automatic renewal of the balance orders that chose it, with the
// computing-power contribution of every N-th round.
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { grantComputePower } from './hashrate.ts';
import { holdIncome, incomeLeft, takeIncome } from './income-budget.ts';
import { KIND } from './income-kinds.ts';
import { marketMakerBonusSql } from './market-maker.ts';
import { getSettings, type MoneySettings } from './settings.ts';
import { bulkCredit, bulkDebitToSystem } from './settlement-ledger.ts';
import { chainCycleDays } from './staking-orders.ts';
import { applyStakeChanges, loadTeamRules } from './team.ts';

/** 1e18: the FCC price is fixed point on the token's wei unit. */
const WAD = WEI_PER_UNIT.toString();

/**
 * Maturity: the market-maker FCC bonus of every order that matured by the end of the day, and the
 * automatic renewal of the orders that chose it; every N-th round a share of principal + income
 * becomes computing power (hashrate grants for the user, the direct inviter and the team).
 */
export async function matureOrders(
  tx: Tx,
  c: { day: string; end: Date; money: MoneySettings },
): Promise<{ rows: number; total: bigint }> {
  const end = c.end.toISOString();
  // the balance orders this step may change (a bonus to pay, a renewal), locked before anything
  // else and in id order: a redemption locks its order first and then the user's ledger rows and
  // the day's budget, so taking the budget and the ledger rows first here deadlocked with it
  await tx.execute(sql`SELECT id FROM stake_orders
    WHERE due_at <= ${end} AND ((status = 'active' AND auto_renew) OR (bonus_fcc > 0 AND NOT bonus_paid))
    ORDER BY id FOR UPDATE`);
  // the FCC bonus of balance orders matured by the end of the day (or held before: any status) and
  // of the on-chain stakes of the market-maker cycle not paid yet (the ledger key makes a stake's
  // bonus paid once, whichever run sees it first), oldest first. On-chain stakes are looked at from
  // 31 days back (settlement's catch-up), or from 31 days before the first day the budget ever held
  // a payment: a bonus held then is still waiting, however long ago it matured
  const core = await getSettings(tx);
  const rules = await loadTeamRules(tx);
  const mmDays = chainCycleDays(rules.marketMakerCycle);
  const matured = sql`cs.staked_at + ${mmDays}::int * interval '1 day'`;
  await tx.execute(sql`DROP TABLE IF EXISTS pg_temp.settle_bonus`);
  await tx.execute(sql`CREATE TEMP TABLE settle_bonus ON COMMIT DROP AS
    SELECT b.*, div(b.amount * ${c.money.fcc_price_usdt_wei}::numeric, ${WAD}::numeric) AS usdt,
      sum(div(b.amount * ${c.money.fcc_price_usdt_wei}::numeric, ${WAD}::numeric))
        OVER (ORDER BY b.at, b.tx_key) AS running
    FROM (
      SELECT id AS order_id, user_id, bonus_fcc AS amount, due_at AS at, 'mm_bonus:' || id AS tx_key,
        'B' || lpad(id::text, 8, '0') AS ref
      FROM stake_orders WHERE due_at <= ${end} AND bonus_fcc > 0 AND NOT bonus_paid
      UNION ALL
      SELECT NULL, cs.user_id, ${marketMakerBonusSql('cs', core, rules.marketMakerCycle)}, ${matured},
        'mm_bonus:C' || cs.id, 'C' || lpad(cs.id::text, 8, '0')
      FROM chain_stakes cs
      WHERE cs.cycle = ${rules.marketMakerCycle}::int AND ${matured} <= ${end}
        AND ${matured} > LEAST(${end}::timestamptz,
          (SELECT min(day)::timestamptz FROM income_budget_days WHERE held > 0)) - interval '31 days'
        AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.tx_key = 'mm_bonus:C' || cs.id)
    ) b WHERE b.amount > 0`);
  // the bonus counts against the daily income budget at its USDT value: the oldest that fit are
  // paid, the rest stay unpaid (bonus_paid false) for a later day with budget left
  const { left } = await incomeLeft(tx, c.day);
  const fits = left === null ? sql`true` : sql`running <= ${left.toString()}::numeric`;
  const bonus = await bulkCredit(tx, {
    src: sql`SELECT user_id, amount, tx_key, ref FROM settle_bonus WHERE ${fits}`,
    account: 'wallet',
    asset: 'FCC',
    kind: KIND.mmBonus,
  });
  const [sums] = rowsOf<{ paid: string; first_held: string | null }>(
    await tx.execute(sql`SELECT coalesce(sum(usdt) FILTER (WHERE ${fits}), 0)::text AS paid,
        (SELECT usdt::text FROM settle_bonus WHERE NOT (${fits}) ORDER BY running LIMIT 1) AS first_held
      FROM settle_bonus`),
  );
  if (!(await takeIncome(tx, c.day, BigInt(sums?.paid ?? '0'))).ok)
    throw new Error('FCC bonus past the budget');
  if (sums?.first_held != null) await holdIncome(tx, c.day, BigInt(sums.first_held));
  await tx.execute(sql`UPDATE stake_orders SET bonus_paid = true
    WHERE id IN (SELECT order_id FROM settle_bonus WHERE order_id IS NOT NULL AND ${fits})`);

  const s = await getSettings(tx);
  const every = c.money.compute_every_rounds;
  const share = c.money.compute_share_bps;
  // renewals of this day, with the computing-power contribution of every N-th round
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS settle_renew (
      id bigint PRIMARY KEY, user_id int, cycle int, amount numeric, principal numeric, contribution numeric, due_at timestamptz, round int
    ) ON COMMIT DROP`);
  await tx.execute(sql`
    INSERT INTO settle_renew (id, user_id, cycle, amount, principal, contribution, due_at, round)
    SELECT id, user_id, cycle, amount, principal,
      CASE WHEN round % ${every}::int = 0
        THEN LEAST(div((principal + interest_paid) * ${share}::int, 10000), principal - 1) ELSE 0 END,
      due_at, round
    FROM stake_orders WHERE status = 'active' AND auto_renew AND due_at <= ${end}
    FOR UPDATE`);
  await bulkDebitToSystem(tx, {
    src: sql`SELECT user_id, contribution AS amount, 'compute:' || id AS tx_key, 'B' || lpad(id::text, 8, '0') AS ref
      FROM settle_renew`,
    account: 'asset',
    asset: 'USDT',
    kind: KIND.computeContribution,
    to: 'fees',
  });
  await grantComputePower(
    tx,
    sql`SELECT user_id, 'B' || id AS ref, contribution, due_at AS at FROM settle_renew`,
    c.money,
  );
  const cycleValues = sql.join(
    s.cycles.map((cy, i) => sql`(${i}::int, ${cy.days}::int, ${cy.rate_ppm}::int, ${cy.fee_bps}::int)`),
    sql`, `,
  );
  const renewed = rowsOf<{ n: string | number }>(
    await tx.execute(sql`
      WITH ins AS (
        INSERT INTO stake_orders (user_id, cycle, cycle_days, rate_ppm, fee_bps, amount, fee, principal, auto_renew,
          round, parent_id, staked_at, due_at, ledger_key)
        SELECT r.user_id, r.cycle, cy.days, cy.rate_ppm, cy.fee_bps, r.amount - r.contribution, 0,
          r.principal - r.contribution, true, r.round + 1, r.id, r.due_at, r.due_at + cy.days * interval '1 day',
          'renew:' || r.id
        FROM settle_renew r JOIN (VALUES ${cycleValues}) AS cy(idx, days, rate_ppm, fee_bps) ON cy.idx = r.cycle
        ON CONFLICT (ledger_key) DO NOTHING
        RETURNING 1
      )
      SELECT count(*) AS n FROM ins`),
  );
  await tx.execute(sql`UPDATE stake_orders o SET status = 'renewed' FROM settle_renew r WHERE o.id = r.id`);
  // team figures follow the principal that left for computing power (few rows: every N-th round)
  const contributed = rowsOf<{ user_id: number; contribution: string; cycle: number; due_at: string | Date }>(
    await tx.execute(
      sql`SELECT user_id, contribution::text, cycle, due_at FROM settle_renew WHERE contribution > 0`,
    ),
  );
  await applyStakeChanges(
    tx,
    contributed.map((r) => {
      const delta = -BigInt(r.contribution);
      return {
        userId: r.user_id,
        principalDelta: delta,
        amountDelta: delta,
        activeDelta: 0,
        cycle: r.cycle,
        at: new Date(r.due_at),
      };
    }),
    rules,
  );
  return {
    rows: bonus.rows + Number(renewed[0]?.n ?? 0),
    total: bonus.total,
  };
}
