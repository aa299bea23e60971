// Benchmark (not a test) of the event stream (GET /api/stream, docs/api.md "Event stream"):
//  1. requests per active user per minute on the AI trade page, polling against the stream, from
//     the page's own intervals and the events a round sends (counted, not timed);
//  2. the memory of one API process holding 5,000 open streams (RSS and heap after a full GC, in a
//     process of its own), and how long one notification takes to reach all of them.
// Run: node --import tsx server/bench/stream.bench.ts [--streams 5000]
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PUBLIC_REFRESH_GAP_MS } from '@free/protocol/stream';
import { type Metric, writeBenchResult } from './result.ts';
import type { StreamTargetMessage } from './stream/target.ts';

const { values: args } = parseArgs({ options: { streams: { type: 'string', default: '5000' } } });
const STREAMS = Number(args.streams);

// 1. The AI trade page's reads. Polling (before): the current round every 5 s and the chart every
// 60 s (web/src/api/rounds.ts before the stream). Stream (after): a round of the default 60 s
// period sends `open` and `bet` events (the round read again) and `settled` (the round and the
// chart), the round read at most once per PUBLIC_REFRESH_GAP_MS however many events come.
const PERIOD_MIN = 1;
const polling = 60 / 5 + 60 / 60;
const streamAt = (betsPerMinute: number) =>
  Math.min(2 / PERIOD_MIN + betsPerMinute, 60_000 / PUBLIC_REFRESH_GAP_MS) + 1 / PERIOD_MIN;
const traffic = [0, 2, 10, 100].map((bets) => ({ bets, after: streamAt(bets) }));

// 2. Memory of 5,000 open streams.
const child = fork(join(import.meta.dirname, 'stream/target.ts'), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const next = <K extends StreamTargetMessage['kind']>(kind: K) =>
  new Promise<Extract<StreamTargetMessage, { kind: K }>>((resolve) => {
    const on = (m: StreamTargetMessage) => {
      if (m.kind !== kind) return;
      child.off('message', on);
      resolve(m as Extract<StreamTargetMessage, { kind: K }>);
    };
    child.on('message', on);
  });
const { port } = await next('ready');
const memory = async () => {
  const m = next('mem');
  child.send('mem');
  return m;
};
const before = await memory();

type Held = { ready: boolean; fomo: number; close: () => void };
const held: Held[] = [];
const open = () =>
  new Promise<void>((resolve, reject) => {
    const h: Held = { ready: false, fomo: 0, close: () => {} };
    const req = request({ host: '127.0.0.1', port, path: '/api/stream', agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!h.ready && chunk.includes('event: ready')) {
          h.ready = true;
          resolve();
        }
        h.fomo += chunk.split('event: fomo').length - 1;
      });
      res.on('error', () => {});
    });
    req.on('error', (e) => (h.ready ? undefined : reject(e)));
    h.close = () => req.destroy();
    req.end();
    held.push(h);
  });
const opening = performance.now();
for (let i = 0; i < STREAMS; i += 250)
  await Promise.all(Array.from({ length: Math.min(250, STREAMS - i) }, open));
const openMs = performance.now() - opening;
const after = await memory();

// one notification to every stream: from the commit to the last stream's frame
const sentAt = performance.now();
const funded = next('funded');
child.send('fund');
await funded;
while (held.some((h) => h.fomo === 0)) await new Promise((r) => setImmediate(r));
const fanoutMs = performance.now() - sentAt;

for (const h of held) h.close();
child.send('stop');
await new Promise((r) => child.once('exit', r));

const MB = 2 ** 20;
const perStreamKb = ((after.rss - before.rss) / STREAMS / 1024) as number;
const heapPerStreamKb = (after.heapUsed - before.heapUsed) / STREAMS / 1024;
// (RSS moves with what the allocator keeps; the heap after a full GC is what the streams hold)
console.log(
  `  polling ${polling} req/min; stream ${traffic.map((t) => `${t.after} (${t.bets} bets/min)`).join(', ')}`,
);
console.log(
  `  ${STREAMS} streams opened in ${Math.round(openMs)} ms; RSS ${Math.round(before.rss / MB)} → ${Math.round(after.rss / MB)} MB ` +
    `(${perStreamKb.toFixed(1)} KB each), heap ${Math.round(before.heapUsed / MB)} → ${Math.round(after.heapUsed / MB)} MB; ` +
    `one event reached all in ${Math.round(fanoutMs)} ms`,
);
const metrics: Metric[] = [
  { name: 'AI trade page, requests per active user per minute, polling', value: polling, unit: 'req/min' },
  {
    name: 'AI trade page, requests per active user per minute, stream (no bets)',
    value: streamAt(0),
    unit: 'req/min',
    target: { op: '<', value: polling },
  },
  {
    name: 'AI trade page, requests per active user per minute, stream (100 bets a minute)',
    value: streamAt(100),
    unit: 'req/min',
  },
  {
    name: `memory of one API process holding ${STREAMS} streams (RSS growth)`,
    value: (after.rss - before.rss) / MB,
    unit: 'MB',
  },
  { name: 'memory per open stream (RSS growth)', value: perStreamKb, unit: 'KB' },
  { name: 'memory per open stream (JS heap after a full GC)', value: heapPerStreamKb, unit: 'KB' },
  { name: `one event to all ${STREAMS} streams`, value: fanoutMs, unit: 'ms' },
];
writeBenchResult({
  bench: 'stream',
  title: 'event stream',
  method: `AI trade page: the requests its queries make per minute, counted from the code (not timed): polling (round every 5 s, chart every 60 s) against the stream (a 60 s round sends open and one bet event per bet, each reading the round, and settled, reading round and chart; the round read at most once per ${PUBLIC_REFRESH_GAP_MS / 1000} s); memory: the app on in-memory PGlite in its own process (--expose-gc, measured after a full GC), ${STREAMS} visitor streams opened from the bench process over plain HTTP, RSS and heap before and after; fan-out: one FOMO funding committed in the API process until the last stream got its frame`,
  metrics,
  table: {
    head: ['bets a minute (all users)', 'polling req/min', 'stream req/min'],
    rows: traffic.map((t) => [String(t.bets), String(polling), String(t.after)]),
  },
});
