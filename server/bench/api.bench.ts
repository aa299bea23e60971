// Benchmark (not a test): the API measured from outside, side by side with a bare Fastify
// hello-world on the same Node, interleaved hello, api, hello, api per endpoint, 50 connections.
// Only ratios from one run mean anything on a shared 2-core machine (NOTES.md).
// Run: node --import tsx server/bench/api.bench.ts [--seconds 5]
// PostgreSQL too when BENCH_DATABASE_URL is set (a fresh schema, dropped afterwards).
// Fails (exit 1) when a correctness check fails: an answer that is not `code: 200`, or a ledger
// that no longer sums to zero / holds a negative balance after the withdrawal load.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signRequest } from '@free/protocol/signing';
import autocannon from 'autocannon';
import { LOCAL_CLIENT_SECRET } from '../src/config.ts';
import type { LedgerCheck, TargetReady } from './api/target.ts';
import { type Metric, writeBenchResult } from './result.ts';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '5' } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = 50;

type Target = { child: ChildProcess; ready: TargetReady };
type Run = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
export type Row = {
  backend: string;
  endpoint: string;
  connections: number;
  api: Run;
  hello: Run;
  /** api req/s ÷ hello-world req/s (mean of the two hello runs around it) */
  ratio: number;
};

function start(mode: 'hello' | 'api', url?: string): Promise<Target> {
  const child = fork(join(import.meta.dirname, 'api/target.ts'), [mode, ...(url ? [url] : [])], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as TargetReady }));
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code} before it was ready`)));
  });
}

function stop(t: Target): Promise<void> {
  return new Promise((resolve) => {
    t.child.once('exit', () => resolve());
    if (t.ready.tokens) t.child.send('stop');
    else t.child.kill();
  });
}

function ask(t: Target): Promise<LedgerCheck> {
  return new Promise((resolve) => {
    t.child.once('message', (m) => resolve(m as LedgerCheck));
    t.child.send('check');
  });
}

function authHeaders(token: string): Record<string, string> {
  const times = String(Date.now());
  return {
    platform: 'h5',
    'accept-language': 'en',
    authorization: `Bearer ${token}`,
    times,
    sign: signRequest(LOCAL_CLIENT_SECRET, token, times),
  };
}

type Endpoint = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  token?: 'team' | 'ledger' | 'withdraw';
  /** a JSON body; with `idempotent`, every request carries a fresh Idempotency-Key */
  body?: unknown;
  idempotent?: boolean;
  connections?: number;
};

const TEAM = Number(process.env.BENCH_TEAM_SIZE ?? 100_000).toLocaleString('en-US');
const LEDGER = Number(process.env.BENCH_LEDGER_ENTRIES ?? 100_000).toLocaleString('en-US');
const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/common/config', path: '/api/common/config' },
  { name: 'GET /api/user', path: '/api/user', token: 'ledger' },
  { name: `GET /api/user/team_info (${TEAM}-member team)`, path: '/api/user/team_info', token: 'team' },
  {
    name: 'GET /api/user/team_info, one client',
    path: '/api/user/team_info',
    token: 'team',
    connections: 1,
  },
  {
    name: `GET /api/user/finance?page=1 (${LEDGER} entries)`,
    path: '/api/user/finance?page=1&size=20',
    token: 'ledger',
  },
  { name: 'GET /api/user/finance?page=500', path: '/api/user/finance?page=500&size=20', token: 'ledger' },
  {
    name: 'POST /api/user/withdraw/apply (Idempotency-Key each)',
    path: '/api/user/withdraw/apply',
    method: 'POST',
    token: 'withdraw',
    body: { amount: '1', coin: 'USDT' },
    idempotent: true,
  },
];

async function load(port: number, path: string, e: Endpoint | null, ready: TargetReady): Promise<Run> {
  const headers: Record<string, string> =
    e?.token && ready.tokens
      ? authHeaders(ready.tokens[e.token])
      : { platform: 'h5', 'accept-language': 'en' };
  if (e?.body) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: e?.connections ?? CONNECTIONS,
    duration: SECONDS,
    method: e?.method ?? 'GET',
    headers,
    ...(e?.body ? { body: JSON.stringify(e.body) } : {}),
    ...(e?.idempotent
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                headers: { ...req.headers, 'idempotency-key': randomUUID() },
              }),
            },
          ],
        }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** One request outside the load: the envelope must say `code: 200`. */
async function correct(port: number, e: Endpoint, ready: TargetReady): Promise<string | null> {
  const headers: Record<string, string> =
    e.token && ready.tokens
      ? authHeaders(ready.tokens[e.token])
      : { platform: 'h5', 'accept-language': 'en' };
  if (e.body) headers['content-type'] = 'application/json';
  if (e.idempotent) headers['idempotency-key'] = randomUUID();
  const r = await fetch(`http://127.0.0.1:${port}${e.path}`, {
    method: e.method ?? 'GET',
    headers,
    ...(e.body ? { body: JSON.stringify(e.body) } : {}),
  });
  const body = (await r.json()) as { code: number; msg: string };
  return body.code === 200 ? null : `${e.name}: code ${body.code} (${body.msg})`;
}

const backends: { name: string; url: string }[] = [
  { name: 'PGlite', url: 'memory://' },
  ...(process.env.BENCH_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL }] : []),
];
if (!process.env.BENCH_DATABASE_URL) {
  console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/bench)');
}

const fixtures = `${TEAM}-member team, ${LEDGER} ledger entries`;
const rows: Row[] = [];
const failures: string[] = [];
const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

for (const backend of backends) {
  console.log(`\n${backend.name}: building fixtures (${fixtures})…`);
  const t0 = performance.now();
  const hello = await start('hello');
  const api = await start('api', backend.url);
  console.log(`  ready in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  console.log(
    '  endpoint                                                 api req/s   p50 ms  p99 ms  hello req/s  ratio',
  );
  for (const e of ENDPOINTS) {
    const wrong = await correct(api.ready.port, e, api.ready);
    if (wrong) failures.push(`${backend.name} ${wrong}`);
    const h1 = await load(
      hello.ready.port,
      '/hello',
      { ...e, token: undefined, body: undefined, idempotent: false, method: 'GET' },
      hello.ready,
    );
    const a1 = await load(api.ready.port, e.path, e, api.ready);
    const h2 = await load(
      hello.ready.port,
      '/hello',
      { ...e, token: undefined, body: undefined, idempotent: false, method: 'GET' },
      hello.ready,
    );
    const a2 = await load(api.ready.port, e.path, e, api.ready);
    const apiRun: Run = {
      rps: (a1.rps + a2.rps) / 2,
      p50: (a1.p50 + a2.p50) / 2,
      p99: Math.max(a1.p99, a2.p99),
      non2xx: a1.non2xx + a2.non2xx,
      errors: a1.errors + a2.errors,
    };
    const helloRun: Run = { ...h1, rps: (h1.rps + h2.rps) / 2 };
    if (apiRun.non2xx || apiRun.errors)
      failures.push(`${backend.name} ${e.name}: ${apiRun.non2xx} non-2xx, ${apiRun.errors} errors`);
    const row: Row = {
      backend: backend.name,
      endpoint: e.name,
      connections: e.connections ?? CONNECTIONS,
      api: apiRun,
      hello: helloRun,
      ratio: apiRun.rps / helloRun.rps,
    };
    rows.push(row);
    console.log(
      `  ${e.name.padEnd(56)} ${fmt(apiRun.rps).padStart(9)} ${fmt(apiRun.p50, 1).padStart(8)} ${fmt(apiRun.p99, 1).padStart(7)} ${fmt(helloRun.rps).padStart(12)} ${fmt(row.ratio * 100, 1).padStart(5)} %`,
    );
  }
  const check = await ask(api);
  console.log(
    `  ledger after the withdrawal load: sum ${check.sum}, negative balances ${check.negative}, ${check.withdrawals} withdrawals`,
  );
  if (check.sum !== '0' || check.negative !== 0)
    failures.push(`${backend.name}: ledger sum ${check.sum}, ${check.negative} negative balances`);
  await stop(api);
  await stop(hello);
}

// The targets of the issue, read from the last backend measured (PostgreSQL when it ran).
const last = rows.at(-1)?.backend;
const of = (prefix: string, connections = CONNECTIONS) =>
  rows.find((r) => r.backend === last && r.endpoint.startsWith(prefix) && r.connections === connections);
const authenticated = ['GET /api/user', 'GET /api/user/team_info', 'GET /api/user/finance?page=1']
  .map((p) => of(p))
  .filter((r): r is Row => !!r);
const teamOne = of('GET /api/user/team_info', 1);
const page1 = of('GET /api/user/finance?page=1');
const page500 = of('GET /api/user/finance?page=500');
const metrics: Metric[] = [];
if (authenticated.length) {
  metrics.push({
    name: `authenticated reads, lowest ratio to hello-world (${last})`,
    value: Math.min(...authenticated.map((r) => r.ratio * 100)),
    unit: '%',
    target: { op: '>=', value: 20 },
  });
}
if (teamOne)
  metrics.push({
    name: `team_info p99, one client (${last})`,
    value: teamOne.api.p99,
    unit: 'ms',
    target: { op: '<', value: 10 },
  });
if (page1 && page500) {
  metrics.push({
    name: `finance page 500 ÷ page 1 throughput (${last})`,
    value: (page500.api.rps / page1.api.rps) * 100,
    unit: '%',
    target: { op: '>=', value: 90 },
  });
}
writeBenchResult({
  bench: 'api',
  title: 'API throughput against a bare Fastify hello-world',
  method: `autocannon, ${CONNECTIONS} connections (1 where noted), ${SECONDS} s per run, interleaved hello, api, hello, api in separate processes on the same Node; ${fixtures}; rate limits raised through a bench-only dependency`,
  metrics,
  table: {
    head: ['backend', 'endpoint', 'api req/s', 'p50 ms', 'p99 ms', 'hello req/s', 'ratio'],
    rows: rows.map((r) => [
      r.backend,
      r.endpoint,
      fmt(r.api.rps),
      fmt(r.api.p50, 1),
      fmt(r.api.p99, 1),
      fmt(r.hello.rps),
      `${fmt(r.ratio * 100, 1)} %`,
    ]),
  },
});
if (failures.length) {
  console.error(`\ncorrectness checks failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
