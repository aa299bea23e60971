// Benchmark (not a test): how many event streams one host holds behind the shipped front door.
// deploy/nginx.conf as the rehearsal fills it (HTTPS with a certificate made for the run, only
// addresses, paths and the certificate substituted) in front of two API processes on a PostgreSQL
// of its own (capacity-api.ts). From this process, STREAMS event streams (GET /api/stream over
// HTTPS/1.1, each on a TLS connection of its own: the worst case, two nginx connections per stream)
// from ADDRESSES client addresses of the loopback range (127.1.x.y, STREAMS / ADDRESSES each), while
// READERS signed-in users (capacity-reads.ts, another process, one address each) read GET /api/user
// once a second. Then EVENTS times one FOMO funding in the first process: the time from asking for
// it until each stream got its `fomo` frame. Figures: streams held (ready, heard every event, open
// at the end), one event's arrival p50/p99 and until the last stream, the reads' p99 while the
// streams are held, and the RSS and file descriptors per stream of nginx and of the API processes.
// Run: npm run bench -- capacity   (or node --import tsx scripts/src/bench/capacity.ts [--streams N])
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@free/devchain/anvil';
import { type Metric, writeBenchResult } from '../../../server/bench/result.ts';
import { LOCAL_CLIENT_SECRET } from '../../../server/src/config.ts';
import { makeCertificate, startNginx, startPostgres } from '../rehearsal/services.ts';
import type { CapacityApiMessage } from './capacity-api.ts';
import type { ReadSample, ReadsStart } from './capacity-reads.ts';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    addresses: { type: 'string', default: '1000' },
    readers: { type: 'string', default: '100' },
    events: { type: 'string', default: '3' },
  },
});
const STREAMS = Number(args.streams);
const ADDRESSES = Number(args.addresses);
const READERS = Math.min(250, Number(args.readers));
const EVENTS = Number(args.events);
/** how long the streams are held, readers reading, before and between the events */
const HOLD_MS = 10_000;
const OPEN_AT_ONCE = 200;

const now = () => performance.timeOrigin + performance.now();
const log = (s: string) => console.log(s);
const load = loadavg().map((l) => l.toFixed(1));
log(`capacity bench: load average ${load.join(', ')} on ${cpus().length} cores`);

const dir = mkdtempSync(join(tmpdir(), 'free-capacity-'));
const stops: (() => Promise<unknown> | unknown)[] = [];
async function stopAll() {
  for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
}
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

function forkApi(dbUrl: string, role: 'first' | 'second') {
  const child = fork(join(import.meta.dirname, 'capacity-api.ts'), [dbUrl, role, String(READERS)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  stops.push(() => stopChild(child));
  return child;
}
function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send('stop');
  });
}
function next<K extends CapacityApiMessage['kind']>(child: ChildProcess, kind: K) {
  return new Promise<Extract<CapacityApiMessage, { kind: K }>>((resolve, reject) => {
    const on = (m: CapacityApiMessage) => {
      if (m.kind !== kind) return;
      child.off('message', on);
      resolve(m as Extract<CapacityApiMessage, { kind: K }>);
    };
    child.on('message', on);
    child.once('exit', (code) => reject(new Error(`an API process exited (${code})`)));
  });
}

/** RSS (bytes) and open file descriptors of a process. */
function usageOf(pid: number) {
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  return { rss, fds: readdirSync(`/proc/${pid}/fd`).length };
}
/** nginx's master and its workers, summed. */
function nginxUsage(prefix: string) {
  const master = Number(readFileSync(join(prefix, 'nginx.pid'), 'utf8').trim());
  const pids = [master];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat = '';
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master) pids.push(Number(entry));
  }
  const each = pids.map((p) => usageOf(p));
  const workerLimit = /Max open files\s+(\d+)/.exec(
    readFileSync(`/proc/${pids[1] ?? master}/limits`, 'utf8'),
  )?.[1];
  return {
    workers: pids.length - 1,
    workerFdLimit: Number(workerLimit ?? 0),
    rss: each.reduce((s, u) => s + u.rss, 0),
    fds: each.reduce((s, u) => s + u.fds, 0),
  };
}
async function apiUsage(apis: ChildProcess[]) {
  const each = await Promise.all(
    apis.map((a) => {
      const m = next(a, 'usage');
      a.send('usage');
      return m;
    }),
  );
  return { rss: each.reduce((s, u) => s + u.rss, 0), fds: each.reduce((s, u) => s + u.fds, 0) };
}

type Stream = {
  ready: boolean;
  closed: boolean;
  /** arrival (epoch ms) of each `fomo` frame */
  fomo: number[];
  status: number;
  destroy: () => void;
};

function openStream(url: string, ca: string, localAddress: string): Promise<Stream> {
  return new Promise((resolve) => {
    const s: Stream = { ready: false, closed: false, fomo: [], status: 0, destroy: () => {} };
    const req = request(`${url}/api/stream`, { ca, agent: false, localAddress, timeout: 60_000 }, (res) => {
      s.status = res.statusCode ?? 0;
      if (s.status !== 200) {
        res.resume();
        s.closed = true;
        return resolve(s);
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!s.ready && chunk.includes('event: ready')) {
          s.ready = true;
          resolve(s);
        }
        if (chunk.includes('event: fomo')) s.fomo.push(now());
      });
      res.on('close', () => {
        s.closed = true;
      });
      res.on('error', () => {});
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => {
      s.closed = true;
      resolve(s);
    });
    s.destroy = () => req.destroy();
    req.end();
  });
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  const pg = await startPostgres(dir, await freePort(), log);
  stops.push(() => pg.stop());
  const a = forkApi(pg.url, 'first');
  const readyA = await next(a, 'ready');
  const b = forkApi(pg.url, 'second');
  const readyB = await next(b, 'ready');
  log(`  API processes on ${readyA.port} and ${readyB.port}; ${readyA.tokens.length} readers signed in`);

  // nginx serves no app here: an index.html and a CSP stand in for web/dist
  const www = join(dir, 'www');
  mkdirSync(www);
  writeFileSync(join(www, 'index.html'), '<!doctype html><title>capacity</title>');
  writeFileSync(join(www, 'csp-header.txt'), "default-src 'self'");
  const tls = await makeCertificate(dir);
  const ng = await startNginx(
    dir,
    {
      port: await freePort(),
      httpPort: await freePort(),
      webRoot: www,
      apis: [readyA.port, readyB.port],
      tls,
    },
    log,
  );
  stops.push(() => ng.stop());

  const before = { nginx: nginxUsage(ng.dir), api: await apiUsage([a, b]) };

  const reads = fork(join(import.meta.dirname, 'capacity-reads.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const samples = new Promise<ReadSample[]>((resolve) =>
    reads.once('message', (m) => resolve(m as ReadSample[])),
  );
  stops.push(() => (reads.exitCode === null ? reads.kill() : undefined));
  const start: ReadsStart = {
    url: ng.url,
    ca: tls.pem,
    secret: LOCAL_CLIENT_SECRET,
    tokens: readyA.tokens,
    everyMs: 1_000,
  };
  reads.send({ start });

  // the streams, OPEN_AT_ONCE at a time, address after address
  const address = (i: number) => {
    const n = i % ADDRESSES;
    return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
  const streams: Stream[] = [];
  stops.push(() => {
    for (const s of streams) s.destroy();
  });
  const openedAt = now();
  for (let i = 0; i < STREAMS; i += OPEN_AT_ONCE) {
    const batch = Array.from({ length: Math.min(OPEN_AT_ONCE, STREAMS - i) }, (_, k) =>
      openStream(ng.url, tls.pem, address(i + k)),
    );
    streams.push(...(await Promise.all(batch)));
    if ((i / OPEN_AT_ONCE) % 10 === 9) log(`  ${streams.filter((s) => s.ready).length} streams open`);
  }
  const openMs = now() - openedAt;
  const ready = streams.filter((s) => s.ready);
  const refused = new Map<number, number>();
  for (const s of streams) if (!s.ready) refused.set(s.status, (refused.get(s.status) ?? 0) + 1);
  log(
    `  ${ready.length} of ${STREAMS} streams open in ${(openMs / 1000).toFixed(1)} s` +
      (refused.size ? ` (not opened, by HTTP status: ${JSON.stringify(Object.fromEntries(refused))})` : ''),
  );

  const heldFrom = now();
  await sleep(HOLD_MS);
  const held = { nginx: nginxUsage(ng.dir), api: await apiUsage([a, b]) };

  // one event to all, EVENTS times
  const rounds: { last: number; arrivals: number[]; reached: number }[] = [];
  for (let e = 0; e < EVENTS; e++) {
    const t0 = now();
    const funded = next(a, 'funded');
    a.send('fund');
    await funded;
    const deadline = t0 + 30_000;
    while (ready.some((s) => !s.closed && s.fomo.length <= e) && now() < deadline) await sleep(5);
    const arrivals = ready.filter((s) => s.fomo.length > e).map((s) => (s.fomo[e] as number) - t0);
    rounds.push({ last: Math.max(...arrivals), arrivals, reached: arrivals.length });
    log(
      `  event ${e + 1}: reached ${arrivals.length} streams, p50 ${quantile(arrivals, 0.5).toFixed(0)} ms, p99 ${quantile(arrivals, 0.99).toFixed(0)} ms, last ${Math.max(...arrivals).toFixed(0)} ms`,
    );
    await sleep(HOLD_MS / 2);
  }
  const heldUntil = now();
  const stillOpen = ready.filter((s) => !s.closed && s.fomo.length === EVENTS).length;

  reads.send('stop');
  const all = await samples;
  const during = (from: number, to: number) => all.filter(([t]) => t >= from && t <= to);
  const heldReads = during(heldFrom, heldUntil);
  const openingReads = during(openedAt, heldFrom);
  const failedReads = heldReads.filter(([, , ok]) => !ok).length;
  const readP99 = quantile(
    heldReads.map(([, ms]) => ms),
    0.99,
  );
  const arrivals = rounds.flatMap((r) => r.arrivals);
  const lastMedian = quantile(
    rounds.map((r) => r.last),
    0.5,
  );
  const KB = 1024;
  const per = (d: number) => d / Math.max(1, ready.length);
  const nginxRss = per(held.nginx.rss - before.nginx.rss) / KB;
  const nginxFds = per(held.nginx.fds - before.nginx.fds);
  const apiRss = per(held.api.rss - before.api.rss) / KB;
  const apiFds = per(held.api.fds - before.api.fds);
  log(
    `  held ${stillOpen}; reads while held: ${heldReads.length} (${failedReads} failed), p99 ${readP99.toFixed(0)} ms; while opening p99 ${quantile(
      openingReads.map(([, ms]) => ms),
      0.99,
    ).toFixed(0)} ms`,
  );
  log(
    `  per stream: nginx ${nginxRss.toFixed(1)} KB and ${nginxFds.toFixed(2)} fds (${held.nginx.workers} workers, ${held.nginx.workerFdLimit} fds each at most), API ${apiRss.toFixed(1)} KB and ${apiFds.toFixed(2)} fds`,
  );
  if (failedReads > 0) console.log(`  ${failedReads} reads failed while the streams were held`);

  const metrics: Metric[] = [
    {
      name: 'event streams held through nginx (HTTPS)',
      value: stillOpen,
      unit: 'streams',
      target: { op: '>=', value: 10_000 },
    },
    {
      name: `one event to all ${ready.length} streams (the last one; median of ${EVENTS})`,
      value: lastMedian,
      unit: 'ms',
      target: { op: '<', value: 2_000 },
    },
    { name: 'one event, arrival p50', value: quantile(arrivals, 0.5), unit: 'ms' },
    { name: 'one event, arrival p99', value: quantile(arrivals, 0.99), unit: 'ms' },
    {
      name: `signed-in read p99 while the streams are held (${READERS} users, 1 read/s each)`,
      value: readP99,
      unit: 'ms',
      target: { op: '<', value: 250 },
    },
    { name: 'signed-in reads that failed while held', value: failedReads, unit: 'reads' },
    {
      name: 'signed-in read p99 while the streams open',
      value: quantile(
        openingReads.map(([, ms]) => ms),
        0.99,
      ),
      unit: 'ms',
    },
    { name: 'time to open all streams', value: openMs / 1000, unit: 's' },
    { name: 'nginx memory per stream (RSS, master and workers)', value: nginxRss, unit: 'KB' },
    { name: 'nginx file descriptors per stream', value: nginxFds, unit: 'fds' },
    { name: 'API memory per stream (RSS, both processes)', value: apiRss, unit: 'KB' },
    { name: 'API file descriptors per stream', value: apiFds, unit: 'fds' },
  ];
  writeBenchResult({
    bench: 'capacity',
    title: 'capacity (nginx, two API processes, PostgreSQL)',
    method:
      `deploy/nginx.conf as shipped (HTTPS, a certificate made for the run; ${held.nginx.workers} workers, each allowed ${held.nginx.workerFdLimit} file descriptors on this machine) in front of two API processes of the app (tsx, production limits, TRUST_PROXY=1) on a PostgreSQL of their own; ` +
      `${STREAMS} event streams opened ${OPEN_AT_ONCE} at a time over HTTPS/1.1, one TLS connection each, from ${ADDRESSES} loopback addresses (127.1.x.y, ${STREAMS / ADDRESSES} each), all from one Node process; ` +
      `meanwhile ${READERS} signed-in users (another process, one address each) read GET /api/user once a second over keep-alive HTTPS; ` +
      `after ${HOLD_MS / 1000} s held, one FOMO funding committed in the first process ${EVENTS} times, each timed from asking for it until each stream's Node client had read its fomo frame (the client's own event loop included); ` +
      `memory and descriptors: RSS and /proc/<pid>/fd of nginx (master and workers) and of both API processes, held minus before, per open stream. Load average at the start ${load.join(', ')} (2 cores shared with other work)`,
    metrics,
  });
} finally {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
