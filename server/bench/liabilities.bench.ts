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
import { type DbHandle, openDb, rowsOf } from '../src/db/client.ts';
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

// Phases of the snapshot, timed from outside the service: every statement of its transaction is
// timed and named by the table it writes; what lies between them is JavaScript (the tree).
type Step = { what: string; from: number; to: number };
const steps: Step[] = [];
const sqlText = (q: unknown): string => {
  const chunks = (q as { queryChunks?: unknown[] }).queryChunks ?? [];
  return chunks
    .map((c) => {
      const v = (c as { value?: unknown }).value;
      if (Array.isArray(v)) return v.join('');
      return (c as { queryChunks?: unknown }).queryChunks ? sqlText(c) : '';
    })
    .join(' ');
};
const timed: DbHandle = {
  ...handle,
  transaction: (fn) =>
    handle.transaction((tx) => {
      const execute = tx.execute.bind(tx);
      tx.execute = (async (q: Parameters<typeof execute>[0]) => {
        const text = sqlText(q);
        const what = /INSERT INTO liability_(\w+)/.exec(text)?.[1] ?? 'read';
        const from = performance.now();
        try {
          return await execute(q);
        } finally {
          steps.push({ what, from, to: performance.now() });
        }
      }) as typeof tx.execute;
      return fn(tx);
    }),
};

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const cpu0 = cpuMs();
const t0 = performance.now();
const snapshot = await takeLiabilitySnapshot(timed, client, new Date(), null);
const snapshotMs = performance.now() - t0;
// PGlite runs in this process: its CPU time says less about the machine's other load than the wall
const snapshotCpuMs = cpuMs() - cpu0;
const first = (what: string) => steps.find((s) => s.what === what);
const last = (what: string) => steps.findLast((s) => s.what === what);
const firstStore = steps.find((s) => s.what !== 'read');
const readEnd = steps.filter((s) => !firstStore || s.to <= firstStore.from).at(-1)?.to ?? t0;
const span = (a?: number, b?: number) => (a === undefined || b === undefined ? 0 : b - a);
const phases = {
  'read claims': readEnd - t0,
  'build tree (JS)': span(readEnd, firstStore?.from),
  'store snapshot row': span(first('snapshots')?.from, first('leaves')?.from),
  'store leaves': span(first('leaves')?.from, first('levels')?.from ?? last('leaves')?.to),
  'store inner nodes': span(first('levels')?.from, last('levels')?.to),
  commit: span(last('levels')?.to ?? last('leaves')?.to, t0 + snapshotMs),
};

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
  `liabilities: phases ${Object.entries(phases)
    .map(([k, v]) => `${k} ${Math.round(v)} ms`)
    .join(', ')}; CPU of this process ${Math.round(snapshotCpuMs)} ms`,
);
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
  method: `${N.toLocaleString('en')} users with USDT (and a third with FREE) balances on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'in-memory PGlite'}: one snapshot (repeatable-read read of every claim, tree of ${snapshot.leafCount.toLocaleString('en')} leaves, leaves stored a row each, inner nodes a row per level), then ${PROOFS} proofs of users spread over the tree (service call, no HTTP); every 100th proof verified with protocol's verifier`,
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
