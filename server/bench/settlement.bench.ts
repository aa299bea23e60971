// Benchmark (not a test): daily settlement of N users (default 100,000) on in-memory PGlite.
// Run: node --import tsx server/bench/settlement.bench.ts [users]
// Each user holds one balance order (7/15/30 days, half auto-renewing), an airdrop allocation, and
// sits in a binary referral tree (10 generations of closure rows); 10 % of users are ignited.
// Fails (exit 1) when a correctness check fails: a step that paid nothing, a ledger that does not
// sum to zero, a negative balance, or a second run of the same day that moves anything.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { sql } from 'drizzle-orm';
import { openDb, rowsOf } from '../src/db/client.ts';
import { runSettlement } from '../src/jobs/settlement.ts';
import { fundFomo } from '../src/services/fomo.ts';
import { seedSettings } from '../src/services/settings.ts';
import { writeBenchResult } from './result.ts';

const N = Number(process.argv[2] ?? 100_000);
const DAY = '2027-01-20';

const t0 = performance.now();
const handle = await openDb('memory://');
const db = handle.db;
await seedSettings(db);
await db.execute(sql`INSERT INTO users (address)
  SELECT '0x' || lpad(to_hex(g), 40, '0') FROM generate_series(1, ${N}) g`);
await db.execute(sql`UPDATE users SET ignited = true WHERE id % 10 = 0`);
// binary tree: the inviter of user i is i / 2
await db.execute(sql`INSERT INTO team_paths (ancestor_id, descendant_id, depth, leg_id)
  SELECT u.id >> d, u.id, d, u.id >> (d - 1)
  FROM users u CROSS JOIN generate_series(1, 10) d WHERE (u.id >> d) >= 1`);
await db.execute(sql`INSERT INTO team_stats (user_id) SELECT id FROM users`);
await db.execute(sql`INSERT INTO stake_orders (user_id, cycle, cycle_days, rate_ppm, fee_bps, amount, fee, principal,
    auto_renew, staked_at, due_at, ledger_key)
  SELECT id, id % 3, (ARRAY[7, 15, 30])[id % 3 + 1], (ARRAY[6000, 9000, 12000])[id % 3 + 1], 200,
    ${(100n * U).toString()}::numeric, ${(2n * U).toString()}::numeric, ${(98n * U).toString()}::numeric, id % 2 = 0,
    timestamptz '2027-01-13T06:00:00Z' - (id % 20) * interval '1 day',
    timestamptz '2027-01-13T06:00:00Z' - (id % 20) * interval '1 day' + (ARRAY[7, 15, 30])[id % 3 + 1] * interval '1 day',
    'bench:' || id
  FROM users`);
await db.execute(sql`INSERT INTO balances (user_id, account, asset, amount)
  SELECT id, 'asset', 'USDT', ${(98n * U).toString()}::numeric FROM users`);
await db.execute(sql`INSERT INTO token_allocations (user_id, kind, total, unlock_at, end_at, ref)
  SELECT id, 'airdrop', ${(1000n * U).toString()}::numeric, timestamptz '2027-01-01', timestamptz '2027-03-01', 'bench-air:' || id
  FROM users`);
await db.execute(sql`ANALYZE`);
await fundFomo(db, 1_000_000n * U, 'bench');
const setupMs = performance.now() - t0;

const t1 = performance.now();
const stepTimes: Record<string, number> = {};
let last = performance.now();
const result = await runSettlement(handle, DAY, {
  afterStep: (step) => {
    const now = performance.now();
    stepTimes[step] = now - last;
    last = now;
  },
});
const runMs = performance.now() - t1;
const before = await ledgerState();
const t2 = performance.now();
const rerun = await runSettlement(handle, DAY);
const rerunMs = performance.now() - t2;
const after = await ledgerState();

/** What a run may change: ledger rows, their sum, every balance (as one digest), negative balances. */
async function ledgerState() {
  const [r] = rowsOf<{ n: string | number; sum: string; balances: string; negative: string | number }>(
    await db.execute(sql`SELECT
      (SELECT count(*) FROM ledger_entries) AS n,
      (SELECT coalesce(sum(amount), 0)::text FROM ledger_entries) AS sum,
      (SELECT md5(coalesce(string_agg(user_id || ':' || account || ':' || asset || ':' || amount, ',' ORDER BY id), ''))
        FROM balances) AS balances,
      (SELECT count(*) FROM balances WHERE amount < 0 AND NOT allow_negative) AS negative`),
  );
  return {
    rows: Number(r?.n ?? 0),
    sum: r?.sum ?? '?',
    balances: r?.balances ?? '',
    negative: Number(r?.negative ?? -1),
  };
}
const failures: string[] = [];
if (result.held) failures.push(`the run was held: ${result.held.reason}`);
for (const step of ['static', 'dynamic', 'maturity', 'unlocks'] as const) {
  if (!result.steps.some((s) => s.step === step && s.done === 'now' && s.rows > 0))
    failures.push(`step ${step} paid nothing`);
}
if (before.sum !== '0') failures.push(`ledger sums to ${before.sum} after the run, not 0`);
if (before.negative !== 0) failures.push(`${before.negative} negative balances after the run`);
if (rerun.steps.some((s) => s.done !== 'before') || rerun.held)
  failures.push('the second run of the day did a step again');
if (after.rows !== before.rows || after.balances !== before.balances || after.sum !== before.sum)
  failures.push(`the second run moved money: ${before.rows} → ${after.rows} ledger rows`);
const ledger = { n: before.rows };
const rows = result.steps.reduce((a, s) => a + s.rows, 0);
console.log(`settlement bench: ${N} users on PGlite (setup ${(setupMs / 1000).toFixed(1)} s)`);
for (const s of result.steps) {
  const ms = stepTimes[s.step] ?? 0;
  console.log(
    `  ${s.step.padEnd(9)} ${String(s.rows).padStart(7)} payments  ${(ms / 1000).toFixed(2).padStart(6)} s  ${Math.round((s.rows / ms) * 1000)} rows/s`,
  );
}
console.log(
  `  total     ${String(rows).padStart(7)} payments  ${(runMs / 1000).toFixed(2).padStart(6)} s  ${Math.round((rows / runMs) * 1000)} rows/s  (${ledger?.n} ledger rows)`,
);
console.log(`  users settled per second: ${Math.round((N / runMs) * 1000)}`);
console.log(`  second run of the same day (pays nothing): ${(rerunMs / 1000).toFixed(2)} s`);
console.log(
  `  ledger sum ${before.sum}, negative balances ${before.negative}; second run: ${after.rows - before.rows} new ledger rows, balances ${after.balances === before.balances ? 'unchanged' : 'CHANGED'}`,
);
writeBenchResult({
  bench: 'settlement',
  title: 'Daily settlement',
  method: `${N} users on in-memory PGlite, each with a balance order (7/15/30 days, half auto-renewing) and an airdrop allocation, in a binary referral tree (10 generations of closure rows), 10 % ignited; one full run of a day, then a second run of the same day`,
  metrics: [
    { name: `settlement of ${N} users`, value: runMs / 1000, unit: 's', target: { op: '<', value: 25 } },
    { name: 'second run of the same day', value: rerunMs / 1000, unit: 's' },
  ],
  table: {
    head: ['step', 'payments', 'seconds'],
    rows: result.steps.map((s) => [s.step, String(s.rows), ((stepTimes[s.step] ?? 0) / 1000).toFixed(2)]),
  },
});
await handle.close();
if (failures.length) {
  console.error(`correctness checks failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
