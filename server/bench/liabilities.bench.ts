// Benchmark (not a test): a proof-of-liabilities snapshot of N users (default 100,000) built and
// stored, then proofs answered, on in-memory PGlite (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
// Run: node --import tsx server/bench/liabilities.bench.ts [users]
// Targets (issue "Proof of liabilities"): the snapshot in at most 10 s, a proof with p99 under 20 ms.
// Fails (exit 1) when a correctness check fails: the totals differ from the ledger's balances, or a
// sampled proof does not verify with protocol's verifier.
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { verifyLiabilityProof } from '@free/protocol/liabilities-verify';
import { sql } from 'drizzle-orm';
import { createPublicClient, getAddress, http } from 'viem';
import { openDb, rowsOf } from '../src/db/client.ts';
import { liabilityProofOf, takeLiabilitySnapshot } from '../src/services/liabilities.ts';
import { writeBenchResult } from './result.ts';

const N = Number(process.argv[2] ?? 100_000);
const PROOFS = 2_000;

const handle = await openDb(process.env.BENCH_DATABASE_URL ?? 'memory://');
const db = handle.db;
await db.execute(
  sql`INSERT INTO users (address) SELECT '0x' || lpad(to_hex(g), 40, '0') FROM generate_series(1, ${N}) g`,
);
await db.execute(sql`INSERT INTO balances (user_id, account, asset, amount)
  SELECT id, 'wallet', 'USDT', (id % 1000 + 1)::numeric * ${U.toString()}::numeric / 100 FROM users`);
await db.execute(sql`INSERT INTO balances (user_id, account, asset, amount)
  SELECT id, 'wallet', 'FREE', (id % 777)::numeric * ${U.toString()}::numeric FROM users WHERE id % 3 = 0`);
await db.execute(sql`ANALYZE`);
// no withdrawal has a transaction here: the chain is never asked
const client = createPublicClient({ transport: http('http://127.0.0.1:1') });

const t0 = performance.now();
const snapshot = await takeLiabilitySnapshot(handle, client, new Date(), null);
const snapshotMs = performance.now() - t0;

const [ledger] = rowsOf<{ usdt: string; free: string }>(
  await db.execute(sql`SELECT
    (SELECT sum(amount)::text FROM balances WHERE user_id IS NOT NULL AND asset = 'USDT') AS usdt,
    (SELECT sum(amount)::text FROM balances WHERE user_id IS NOT NULL AND asset = 'FREE') AS free`),
);
const problems: string[] = [];
if (BigInt(ledger?.usdt ?? -1) !== snapshot.usdt || BigInt(ledger?.free ?? -1) !== snapshot.free)
  problems.push(
    `totals ${snapshot.usdt}/${snapshot.free} differ from the ledger's ${ledger?.usdt}/${ledger?.free}`,
  );

// published proofs are asked for by id here (the bench publishes nothing)
const times: number[] = [];
for (let i = 0; i < PROOFS; i++) {
  const userId = 1 + ((i * 7919) % N);
  const t = performance.now();
  const p = await liabilityProofOf(db, userId, snapshot.id);
  times.push(performance.now() - t);
  if (i % 100 === 0) {
    const address = getAddress(`0x${userId.toString(16).padStart(40, '0')}`);
    const ok = verifyLiabilityProof(
      {
        root: { hash: snapshot.root, usdt: snapshot.usdt, free: snapshot.free },
        leafCount: snapshot.leafCount,
        ...p,
      },
      address as never,
    );
    if (!ok.ok) problems.push(`user ${userId}: ${ok.reason}`);
  }
}
times.sort((a, b) => a - b);
const pct = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
await handle.close();

console.log(
  `liabilities: ${N} users, snapshot (read, tree, store) ${Math.round(snapshotMs)} ms; ${PROOFS} proofs p50 ${pct(0.5).toFixed(2)} ms, p99 ${pct(0.99).toFixed(2)} ms`,
);
if (problems.length) {
  console.error(`correctness: ${problems.join('; ')}`);
  process.exit(1);
}
writeBenchResult({
  bench: 'liabilities',
  title: 'proof of liabilities',
  method: `${N.toLocaleString('en')} users with USDT (and a third with FREE) balances on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'in-memory PGlite'}: one snapshot (repeatable-read read of every claim, tree of ${snapshot.leafCount.toLocaleString('en')} leaves, leaves and inner nodes stored), then ${PROOFS} proofs of users spread over the tree (service call, no HTTP); every 100th proof verified with protocol's verifier`,
  metrics: [
    {
      name: 'snapshot built and stored',
      value: snapshotMs / 1000,
      unit: 's',
      target: { op: '<=', value: 10 },
    },
    { name: 'proof p50', value: pct(0.5), unit: 'ms' },
    { name: 'proof p99', value: pct(0.99), unit: 'ms', target: { op: '<', value: 20 } },
  ],
});
