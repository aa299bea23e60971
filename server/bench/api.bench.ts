// Benchmark (not a test): the API measured from outside, side by side with a bare Fastify
// hello-world on the same Node, interleaved hello, api, hello, api per endpoint, 50 connections.
// Only ratios from one run mean anything on a shared 2-core machine (see docs/benchmarks.md).
// Run: node --import tsx server/bench/api.bench.ts [--seconds 5]
// PostgreSQL too when BENCH_DATABASE_URL is set (a schema of its own, dropped afterwards).
// Fails (exit 1) when a correctness check fails: any answer during a load whose envelope is not
// `code: 200` (a product refusal travels as HTTP 200 too; a refusal is not throughput); a withdrawal key that did
// its work other than once; a ledger that no longer sums to zero or holds a negative balance; a
// balance drained by concurrent withdrawals that does not stop at exactly zero.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ErrorCode, errorCodeName } from '@free/protocol';
import { signRequest } from '@free/protocol/signing';
import autocannon from 'autocannon';
import { LOCAL_CLIENT_SECRET } from '../src/config.ts';
import type { CheckRequest, LedgerCheck, TargetReady } from './api/target.ts';
import { type Metric, writeBenchResult } from './result.ts';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '5' } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = 50;

type Target = { child: ChildProcess; ready: TargetReady };
/** `codes`: envelope codes of the answers (product refusals are HTTP 200); `errors`: socket errors,
 * timeouts and answers that were not HTTP 2xx. */
type Run = { rps: number; p50: number; p99: number; codes: Map<number, number>; errors: number };
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

function ask(t: Target, request: CheckRequest): Promise<LedgerCheck> {
  return new Promise((resolve) => {
    t.child.once('message', (m) => resolve(m as LedgerCheck));
    t.child.send({ check: request });
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
  /** the path, or built from what the target reported (e.g. a cursor) */
  path: string | ((ready: TargetReady) => string);
  method?: 'GET' | 'POST';
  token?: 'team' | 'ledger' | 'withdraw' | 'drain';
  body?: unknown;
  /** withdraw/apply: every request carries an Idempotency-Key, every other one a key already answered */
  withdraw?: boolean;
  connections?: number;
};
const pathOf = (e: Endpoint, ready: TargetReady) => (typeof e.path === 'string' ? e.path : e.path(ready));

const WITHDRAW_AMOUNT = '1';
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
    name: 'GET /api/user/finance?cursor= (page 500 by cursor)',
    path: (ready) => `/api/user/finance?size=20&cursor=${ready.cursor500}`,
    token: 'ledger',
  },
  {
    name: 'POST /api/user/withdraw/apply (half of them replays)',
    path: '/api/user/withdraw/apply',
    method: 'POST',
    token: 'withdraw',
    body: { amount: WITHDRAW_AMOUNT, coin: 'USDT' },
    withdraw: true,
  },
];

/** The envelope's `code` of an answer (product refusals are HTTP 200; the envelope carries the outcome). */
function envelopeCode(body: string): number {
  if (body.startsWith('{"code":200,')) return 200;
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'number' ? code : -1;
  } catch {
    return -1;
  }
}

/**
 * What the withdrawal loads did, across runs: the Idempotency-Key of every request sent, the
 * withdrawal id each key was first answered with, and how its replays were answered.
 */
type Withdrawals = {
  sent: Set<string>;
  /** key → withdrawal id of its first `code: 200` answer */
  first: Map<string, number>;
  /** keys answered once and not yet sent again */
  toReplay: string[];
  replays: number;
  /** replays answered with another withdrawal than the first answer */
  replayMismatches: number;
};
const newWithdrawals = (): Withdrawals => ({
  sent: new Set(),
  first: new Map(),
  toReplay: [],
  replays: 0,
  replayMismatches: 0,
});

function recordWithdrawal(w: Withdrawals, key: string, replay: boolean, body: string) {
  const id = (JSON.parse(body) as { data: { id: number } }).data.id;
  if (!replay) {
    w.first.set(key, id);
    w.toReplay.push(key);
    return;
  }
  w.replays++;
  if (w.first.get(key) !== id) w.replayMismatches++;
}

type Codes = Map<number, number>;
const count = (codes: Codes, code: number) => codes.set(code, (codes.get(code) ?? 0) + 1);

async function load(
  port: number,
  path: string,
  e: Endpoint | null,
  ready: TargetReady,
  opts: { withdrawals?: Withdrawals; amount?: number; connections?: number; noReplays?: boolean } = {},
): Promise<Run> {
  const headers: Record<string, string> =
    e?.token && ready.tokens
      ? authHeaders(ready.tokens[e.token])
      : { platform: 'h5', 'accept-language': 'en' };
  if (e?.body) headers['content-type'] = 'application/json';
  const codes: Codes = new Map();
  const w = opts.withdrawals;
  let n = 0;
  type Ctx = { key?: string; replay?: boolean };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: opts.connections ?? e?.connections ?? CONNECTIONS,
    ...(opts.amount ? { amount: opts.amount } : { duration: SECONDS }),
    method: e?.method ?? 'GET',
    headers,
    ...(e?.body ? { body: JSON.stringify(e.body) } : {}),
    requests: [
      {
        // every other withdrawal replays a key already answered (it must get the same answer and
        // move nothing); the others carry a fresh key
        ...(w
          ? {
              setupRequest: (req: autocannon.Request, context: Ctx) => {
                const again = !opts.noReplays && ++n % 2 === 0 ? w.toReplay.shift() : undefined;
                const key = again ?? randomUUID();
                context.key = key;
                context.replay = again !== undefined;
                w.sent.add(key);
                return { ...req, headers: { ...req.headers, 'idempotency-key': key } };
              },
            }
          : {}),
        onResponse: (_status: number, body: string, context: Ctx) => {
          if (!e) return; // the hello-world answers no envelope
          const code = envelopeCode(body);
          count(codes, code);
          if (w && code === 200 && context.key) recordWithdrawal(w, context.key, !!context.replay, body);
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    codes,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** One request outside the load: the envelope must say `code: 200`. */
async function correct(
  port: number,
  e: Endpoint,
  ready: TargetReady,
  w?: Withdrawals,
): Promise<string | null> {
  const headers: Record<string, string> =
    e.token && ready.tokens
      ? authHeaders(ready.tokens[e.token])
      : { platform: 'h5', 'accept-language': 'en' };
  if (e.body) headers['content-type'] = 'application/json';
  const key = randomUUID();
  if (e.withdraw) headers['idempotency-key'] = key;
  const r = await fetch(`http://127.0.0.1:${port}${pathOf(e, ready)}`, {
    method: e.method ?? 'GET',
    headers,
    ...(e.body ? { body: JSON.stringify(e.body) } : {}),
  });
  const text = await r.text();
  const body = JSON.parse(text) as { code: number; msg: string };
  if (body.code !== 200) return `${e.name}: code ${body.code} (${body.msg})`;
  if (w) {
    w.sent.add(key);
    recordWithdrawal(w, key, false, text);
  }
  return null;
}

/**
 * Sends again, one by one, the keys whose answer the end of a load cut off: each must answer
 * `code: 200` (done now, or the stored answer of the work done then), so that every key sent has
 * a known outcome.
 */
async function settleUnanswered(port: number, e: Endpoint, ready: TargetReady, w: Withdrawals) {
  for (const key of w.sent) {
    if (w.first.has(key)) continue;
    const headers = authHeaders(ready.tokens?.[e.token ?? 'withdraw'] ?? '');
    const r = await fetch(`http://127.0.0.1:${port}${pathOf(e, ready)}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(e.body),
    });
    const body = await r.text();
    const code = envelopeCode(body);
    if (code !== 200) return `a key cut off by the end of the load answered code ${code} when sent again`;
    recordWithdrawal(w, key, false, body);
  }
  return null;
}

const codeName = (code: number) => (code === -1 ? 'not an envelope' : (errorCodeName(code) ?? String(code)));
const describe = (codes: Codes) =>
  [...codes].map(([code, n]) => `${n} × ${code} ${codeName(code)}`).join(', ');
const refusals = (codes: Codes) => [...codes].filter(([code]) => code !== 200);

const backends: { name: string; url: string }[] = [
  { name: 'PGlite', url: 'memory://' },
  ...(process.env.BENCH_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL }] : []),
];
if (!process.env.BENCH_DATABASE_URL) {
  console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/bench)');
}

const fixtures = `${TEAM}-member team, ${LEDGER} ledger entries`;
const DEPTH_ROUNDS = 3;
/** backend → finance page 500 ÷ page 1 throughput, interleaved */
const depth = new Map<string, number>();
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
  const withdrawals = newWithdrawals();
  for (const e of ENDPOINTS) {
    const wrong = await correct(api.ready.port, e, api.ready, e.withdraw ? withdrawals : undefined);
    if (wrong) failures.push(`${backend.name} ${wrong}`);
    const helloLoad = () =>
      load(hello.ready.port, '/hello', null, hello.ready, { connections: e.connections ?? CONNECTIONS });
    const apiLoad = () =>
      load(api.ready.port, pathOf(e, api.ready), e, api.ready, e.withdraw ? { withdrawals } : {});
    const h1 = await helloLoad();
    const a1 = await apiLoad();
    const h2 = await helloLoad();
    const a2 = await apiLoad();
    const codes: Codes = new Map();
    for (const [code, n] of [...a1.codes, ...a2.codes]) codes.set(code, (codes.get(code) ?? 0) + n);
    const apiRun: Run = {
      rps: (a1.rps + a2.rps) / 2,
      p50: (a1.p50 + a2.p50) / 2,
      p99: Math.max(a1.p99, a2.p99),
      codes,
      errors: a1.errors + a2.errors,
    };
    const helloRun: Run = { ...h1, rps: (h1.rps + h2.rps) / 2 };
    // a refusal (TooManyRequests, Timeout, a daily cap…) is not throughput
    if (refusals(codes).length || apiRun.errors)
      failures.push(`${backend.name} ${e.name}: ${describe(codes)}; ${apiRun.errors} errors or non-2xx`);
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
    if (e.withdraw) {
      const cut = await settleUnanswered(api.ready.port, e, api.ready, withdrawals);
      if (cut) failures.push(`${backend.name} ${e.name}: ${cut}`);
    }
  }
  depth.set(backend.name, await financeDepth(api));
  console.log(
    `  finance page 500 ÷ page 1, interleaved ${DEPTH_ROUNDS}× (page 1, page 500): ${fmt((depth.get(backend.name) ?? 0) * 100, 1)} %`,
  );
  failures.push(...(await checkWithdrawals(api, withdrawals)).map((f) => `${backend.name}: ${f}`));
  await stop(api);
  await stop(hello);
}

/**
 * Page 500 against page 1 of the finance history, measured alternately (page 1, page 500, page 1,
 * …) so that both see the same machine: the throughput of page 500 ÷ that of page 1.
 */
async function financeDepth(api: Target): Promise<number> {
  const page = (n: number) => ENDPOINTS.find((e) => e.path === `/api/user/finance?page=${n}&size=20`);
  const [p1, p500] = [page(1), page(500)];
  if (!p1 || !p500) return 0;
  let first = 0;
  let deep = 0;
  for (let i = 0; i < DEPTH_ROUNDS; i++) {
    const a = await load(api.ready.port, pathOf(p1, api.ready), p1, api.ready);
    const b = await load(api.ready.port, pathOf(p500, api.ready), p500, api.ready);
    for (const r of [a, b])
      if (refusals(r.codes).length || r.errors) failures.push(`finance depth: ${describe(r.codes)}`);
    first += a.rps;
    deep += b.rps;
  }
  return deep / first;
}

/**
 * After the loads: each key did its work once (one withdrawal per distinct key answered, replays
 * answered with the same withdrawal), the ledger sums to zero with no negative balance, and a
 * balance drained by 50 concurrent withdrawals stops at exactly zero.
 */
async function checkWithdrawals(api: Target, w: Withdrawals): Promise<string[]> {
  const out: string[] = [];
  const drainEndpoint: Endpoint = {
    name: 'drain',
    path: '/api/user/withdraw/apply',
    method: 'POST',
    token: 'drain',
    body: { amount: WITHDRAW_AMOUNT, coin: 'USDT' },
    withdraw: true,
  };
  // twice as many withdrawals of 1 as the balance holds, 50 at a time, each with a fresh key
  const drained = newWithdrawals();
  const units = api.ready.drainUnits;
  const drain = await load(api.ready.port, pathOf(drainEndpoint, api.ready), drainEndpoint, api.ready, {
    withdrawals: drained,
    amount: units * 2,
    noReplays: true,
  });
  const check = await ask(api, { keys: [...w.first.keys()] });
  const paid = drain.codes.get(200) ?? 0;
  const refused = drain.codes.get(ErrorCode.InsufficientBalance) ?? 0;
  console.log(
    `  withdrawals: ${w.first.size} keys answered, ${w.replays} replays (${w.replayMismatches} with another answer); ` +
      `${check.withdrawals} withdrawal rows, ${check.matching} of them under those keys, ${check.withdrawLedgerPairs} ledger pairs`,
  );
  console.log(
    `  drain of ${units} USDT by ${units * 2} concurrent withdrawals of ${WITHDRAW_AMOUNT}: ${describe(drain.codes)}; balance left ${check.drainBalance}`,
  );
  console.log(`  ledger: sum ${check.sum}, negative balances ${check.negative}`);
  if (w.replays === 0) out.push('no Idempotency-Key was replayed');
  if (w.replayMismatches) out.push(`${w.replayMismatches} replays answered with another withdrawal`);
  if (check.withdrawals !== w.first.size || check.matching !== w.first.size)
    out.push(
      `${check.withdrawals} withdrawals (${check.matching} under answered keys) for ${w.first.size} keys`,
    );
  if (check.withdrawLedgerPairs !== check.withdrawals + paid)
    out.push(
      `${check.withdrawLedgerPairs} withdrawal ledger pairs for ${check.withdrawals + paid} withdrawals`,
    );
  if (check.sum !== '0' || check.negative !== 0)
    out.push(`ledger sum ${check.sum}, ${check.negative} negative balances`);
  if (paid !== units || refused !== units || drain.errors)
    out.push(
      `drain: ${describe(drain.codes)}, ${drain.errors} errors (want ${units} paid, ${units} InsufficientBalance)`,
    );
  if (check.drainBalance !== '0') out.push(`drained balance ends at ${check.drainBalance}, not 0`);
  return out;
}

// The targets of the issue, read from the last backend measured (PostgreSQL when it ran).
const last = rows.at(-1)?.backend;
const of = (prefix: string, connections = CONNECTIONS) =>
  rows.find((r) => r.backend === last && r.endpoint.startsWith(prefix) && r.connections === connections);
const authenticated = ['GET /api/user', 'GET /api/user/team_info', 'GET /api/user/finance?page=1']
  .map((p) => of(p))
  .filter((r): r is Row => !!r);
const teamOne = of('GET /api/user/team_info', 1);
const metrics: Metric[] = [];
// the two hot reads with a per-process cache (services/read-cache.ts), each against its own target
for (const [prefix, name, target] of [
  ['GET /api/user/team_info', 'team_info', 20],
  ['GET /api/user', '/api/user', 15],
] as const) {
  const r = rows.find(
    (x) =>
      x.backend === last &&
      x.connections === CONNECTIONS &&
      (x.endpoint === prefix || x.endpoint.startsWith(`${prefix} (`)),
  );
  if (r)
    metrics.push({
      name: `${name} ÷ hello-world (${last})`,
      value: r.ratio * 100,
      unit: '%',
      target: { op: '>=', value: target },
    });
}
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
const lastDepth = last ? depth.get(last) : undefined;
if (lastDepth !== undefined) {
  metrics.push({
    name: `finance page 500 ÷ page 1 throughput, interleaved (${last})`,
    value: lastDepth * 100,
    unit: '%',
    target: { op: '>=', value: 90 },
  });
}
writeBenchResult({
  bench: 'api',
  title: 'API throughput against a bare Fastify hello-world',
  method: `autocannon, ${CONNECTIONS} connections (1 where noted), ${SECONDS} s per run, interleaved hello, api, hello, api in separate processes on the same Node; ${fixtures}; finance page 500 against page 1 measured alternately ${DEPTH_ROUNDS}× more; the API logs one line per request (info level, as in production) into /dev/null; rate limits raised through a bench-only dependency`,
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
