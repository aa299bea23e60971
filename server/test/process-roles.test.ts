// Process roles and stopping (docs/deploy.md "Process roles", "Stopping"), run as production runs
// them: `node dist/main.js` (built by server/build.mjs) on a local chain of the test's own, each
// process on its own embedded database. PROCESS_ROLE=api serves the API without the hot wallet's key
// and starts no job; PROCESS_ROLE=jobs leads the jobs and answers only the health probes (and
// Prometheus on METRICS_PORT). SIGTERM: readiness answers 503 first, then the event streams end,
// a request in flight still gets its answer, and the process exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnvilHandle, startAnvil } from '@free/devchain/anvil';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/config.ts';
import { BASE_HEADERS } from './helpers.ts';
import { builtEntry, runEntry } from './support/built-server.ts';
import { pgliteFolderFromTemplate } from './support/test-db.ts';

let anvil: AnvilHandle;
/** The folders of the started processes' databases. */
let dbDirs: string;
/**
 * A local stack's settings: own anvil, no deployment, any free ports, an in-memory database (a
 * started process gets a folder of its own instead, `start`).
 */
const env = (extra: Record<string, string>) => ({
  RPC_URL: anvil.rpcUrl,
  DATABASE_URL: 'memory://',
  DEPLOYMENT_FILE: '/nonexistent/deployment.json',
  PORT: '0',
  METRICS_PORT: '0',
  LOG_LEVEL: 'info',
  ...extra,
});

/**
 * One api process for the api cases and, last, the SIGTERM case (each start costs seconds of CPU,
 * minutes on a busy machine). Its drain window is long enough for the probe to see 503.
 */
let apiStarting: Promise<Proc>;

beforeAll(async () => {
  dbDirs = mkdtempSync(join(tmpdir(), 'free-roles-'));
  anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
  // build once before the cases run at once
  await builtEntry('main');
  apiStarting = start(env({ PROCESS_ROLE: 'api', DRAIN_SECONDS: '6' }));
  // awaited by the cases; a failed start fails them, not an unhandled rejection
  apiStarting.catch(() => {});
}, 180_000);
afterAll(async () => {
  const api = await apiStarting.catch(() => null);
  if (api && api.child.exitCode === null) {
    api.child.kill('SIGKILL');
    await api.exited;
  }
  await anvil?.stop();
  if (dbDirs) rmSync(dbDirs, { recursive: true, force: true });
});

type Proc = {
  child: ChildProcess;
  url: string;
  metricsUrl: string;
  out: () => string;
  exited: Promise<number | null>;
};

/**
 * Starts `node dist/main.js` with exactly `vars` (and PATH) and waits until it listens. Its database
 * is a folder of its own copied from the run's migrated template, so the process does not make and
 * migrate one from nothing.
 */
async function start(vars: Record<string, string>): Promise<Proc> {
  const file = await builtEntry('main');
  const databaseUrl = await pgliteFolderFromTemplate(mkdtempSync(join(dbDirs, 'db-')));
  const child = spawn(process.execPath, [file], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, ...vars, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  const up = await new Promise<{ url: string; metricsUrl: string }>((resolve, reject) => {
    const seen = (c: Buffer) => {
      out += c.toString();
      const m = /FREE API listening on (http:\/\/\S+) .*metrics (http:\/\/[^\s)]+)/.exec(out);
      if (m?.[1] && m[2]) resolve({ url: m[1], metricsUrl: m[2] });
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    void exited.then((code) => reject(new Error(`exited ${code} before listening:\n${out}`)));
  });
  return { child, ...up, out: () => out, exited };
}

const get = (url: string) => fetch(url, { headers: BASE_HEADERS });
const metricsOf = async (p: Proc) => (await fetch(p.metricsUrl)).text();

describe('PROCESS_ROLE', () => {
  it.concurrent('api: starts without HOT_WALLET_KEY, serves the API and starts no job', async () => {
    const api = await apiStarting;
    expect(api.out()).toContain('role api');
    expect((await get(`${api.url}/api/health/ready`)).status).toBe(200);
    const config = await get(`${api.url}/api/common/config`);
    expect(config.status).toBe(200);
    expect((await get(`${api.url}/api/docs`)).status).toBe(200);
    // a job's loop says its interval the moment it starts, before the process says it listens
    const metrics = await metricsOf(api);
    expect(metrics).toContain('free_ready');
    expect(metrics).not.toMatch(/^free_job_interval_seconds\{/m);
    expect(metrics).not.toMatch(/^free_job_leading\{/m);
  }, 600_000);

  it.concurrent('api: refuses to start when given the hot wallet key, naming it', async () => {
    const run = await runEntry('main', env({ PROCESS_ROLE: 'api', HOT_WALLET_KEY: `0x${'22'.repeat(32)}` }));
    expect(run.code).toBe(1);
    expect(run.url).toBeNull();
    expect(run.stderr.trim()).toBe(
      "HOT_WALLET_KEY: refused with PROCESS_ROLE=api (the hot wallet's key belongs to the jobs processes only)",
    );
    expect(run.stderr).not.toContain('22'.repeat(32));
  }, 600_000);

  it.concurrent('jobs: leads the jobs and answers only health (404 elsewhere) and metrics', async ({
    expect,
  }) => {
    const jobs = await start(env({ PROCESS_ROLE: 'jobs' }));
    try {
      expect((await get(`${jobs.url}/api/health`)).status).toBe(200);
      expect((await get(`${jobs.url}/api/health/ready`)).status).toBe(200);
      for (const path of ['/api/common/config', '/api/docs', '/api/stream', '/api/common/nonce'])
        expect((await get(`${jobs.url}${path}`)).status, path).toBe(404);
      // alone on its database, it takes every job's lock (no deployment: the product jobs and housekeeping)
      await expect
        .poll(async () => metricsOf(jobs), { timeout: 60_000, interval: 200 })
        .toMatch(/^free_job_leading\{job="quotes"\} 1$/m);
    } finally {
      jobs.child.kill('SIGTERM');
      expect(await jobs.exited).toBe(0);
    }
    // each job finished its step before the process exited
    expect(jobs.out()).toContain('stopping: jobs finished their step');
  }, 600_000);

  it.concurrent('PROCESS_ROLE must be api, jobs or all', async () => {
    const run = await runEntry('main', env({ PROCESS_ROLE: 'web' }));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PROCESS_ROLE: must be api, jobs or all');
  }, 600_000);
});

describe('SIGTERM', () => {
  it('readiness answers 503 first, then streams end, a request in flight is answered, exit 0', async () => {
    // the api process of the cases above
    const p = await apiStarting;
    const events: string[] = [];
    // an open event stream
    let streamEnded: Promise<void> = Promise.resolve();
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${p.url}/api/stream`, { headers: { accept: 'text/event-stream' } }, (res) => {
        streamEnded = new Promise<void>((ended) =>
          res.once('end', () => {
            events.push('stream ended');
            ended();
          }),
        );
        res.resume();
        resolve(res.statusCode);
      });
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(await metricsOf(p)).toMatch(/^free_event_streams_open 1$/m);

    p.child.kill('SIGTERM');
    await expect
      .poll(
        async () => {
          const r = await get(`${p.url}/api/health/ready`);
          return {
            status: r.status,
            stopping: ((await r.json()) as { data?: { stopping?: boolean } }).data?.stopping,
          };
        },
        { timeout: 5_000, interval: 50 },
      )
      .toEqual({ status: 503, stopping: true });
    events.push('not ready');

    // a request in flight: its headers are in, its body is not yet
    const body = '{"message":"x","signature":"0x"}';
    const socket = connect(Number(new URL(p.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    const answered = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/common/login HTTP/1.1\r\nHost: 127.0.0.1\r\nplatform: h5\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );

    await streamEnded;
    let exited = false;
    void p.exited.then(() => {
      exited = true;
    });
    expect(exited).toBe(false);
    socket.write(body.slice(5));
    await answered;
    events.push('request answered');
    // the request was routed before the server closed: a real answer (bad sign-in), not the closing 503
    expect(answer).toMatch(/^HTTP\/1\.1 (400|401)/);

    expect(await p.exited).toBe(0);
    expect(events).toEqual(['not ready', 'stream ended', 'request answered']);
    const out = p.out();
    // the process's own log says the same order (console lines and the logger's may interleave)
    const order = [
      'stopping: readiness answers 503',
      'stopping: event streams ended, requests in flight finished',
    ].map((line) => out.indexOf(line));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(out).toContain('SIGTERM: stopped');
  }, 600_000);
});
