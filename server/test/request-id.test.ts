// Request ids end to end: the proxy's X-Request-Id is kept when well formed (else one is made),
// answered as a header, written in every log line of the request and in the ops_log entry a console
// command causes. And no secret planted in the settings (a provider key in RPC_URL, a database
// password, a signer key) reaches a log line or an answer, even when the RPC fails with its URL.
import { Writable } from 'node:stream';
import type { OperatorRole } from '@free/protocol/api/admin';
import { sql } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { makeChainClient } from '../src/chain/client.ts';
import { rowsOf } from '../src/db/client.ts';
import { startJobs } from '../src/jobs/index.ts';
import { account, authHeaders, closeApp, DEPLOYMENT, makeApp, signIn, type TestCtx } from './helpers.ts';

/** A pino destination that keeps every line. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

let t: TestCtx | undefined;
afterEach(async () => {
  await closeApp(t);
  t = undefined;
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id, makes one otherwise, and logs and answers it', async () => {
    const log = capture();
    const operator = account('request-id-operator');
    t = await makeApp('memory://', {
      config: { operators: new Map<Address, OperatorRole>([[getAddress(operator.address), 'admin']]) },
      logger: { level: 'info', stream: log.stream },
    });
    const given = 'f3b2c1d0e9a8b7c6d5e4f3a2b1c0d9e8';
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/common/config',
      headers: { platform: 'h5', 'x-request-id': given },
    });
    expect(kept.headers['x-request-id']).toBe(given);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/common/config',
      headers: { platform: 'h5', 'x-request-id': 'no spaces\nor newlines' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/common/config',
      headers: { platform: 'h5' },
    });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(bad.headers['x-request-id']);
    const lineOf = (id: string) => log.lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === id);
    expect(lineOf(given)).toEqual([expect.objectContaining({ msg: 'request', status: 200 })]);

    // an operator command of the console: its ops_log entry names the request
    const s = await signIn(t, operator);
    const consoleId = 'console-request-0001';
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals',
      headers: { ...authHeaders(t, s.token), 'x-request-id': consoleId },
    });
    expect(listed.json().code).toBe(200);
    const [entry] = rowsOf<{ command: string; request_id: string | null }>(
      await t.db.db.execute(sql`SELECT command, request_id FROM ops_log ORDER BY id DESC LIMIT 1`),
    );
    expect(entry).toEqual({ command: 'withdrawals:list', request_id: consoleId });
    expect(lineOf(consoleId).length).toBeGreaterThan(0);
  });
});

describe('secrets in the settings', () => {
  it('never reach a log line or an answer, even in an RPC error that names its URL', async () => {
    const log = capture();
    const providerKey = 'PLANTEDproviderKEY0h28ops';
    const password = 'PLANTEDdbPASSWORD0h28';
    const signerKey = `0x${'5a'.repeat(32)}` as const;
    // a port nothing listens on: every RPC request fails, and viem's error names the URL
    const rpcUrl = `http://127.0.0.1:9/v3/${providerKey}`;
    t = await makeApp('memory://', {
      config: {
        rpcUrl,
        databaseUrl: `postgres://free:${password}@127.0.0.1:9/free`,
        signerKey,
        deployment: { ...DEPLOYMENT, startBlock: 0 } as never,
      },
      logger: { level: 'info', stream: log.stream },
    });
    const client = makeChainClient(t.config, { timeoutMs: 1_000 });
    // the indexer's step fails on the RPC and logs why
    const jobs = startJobs({
      config: { ...t.config, databaseUrl: undefined },
      db: t.db,
      client,
      log: t.app.log,
      payout: false,
      burn: false,
      product: false,
      monitor: false,
      intervalMs: 50,
      leaderCheckMs: 50,
    });
    try {
      for (let i = 0; i < 200 && !log.lines.some((l) => l.includes('step failed')); i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await jobs.stop();
    }
    const failed = log.lines.find((l) => l.includes('step failed'));
    expect(failed).toBeDefined();
    // the RPC's origin stays, the rest is hidden: by the transport's own errors (lib/rpc.ts) or,
    // failing that, by the log's redaction (lib/redact.ts)
    expect(failed).toMatch(/127\.0\.0\.1:9\/(…|\[redacted\])/);
    t.app.log.info({ settings: t.config.databaseUrl, key: signerKey.slice(2) }, 'a careless line');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    const everything = [...log.lines, ready.body].join('\n');
    for (const secret of [providerKey, password, signerKey.slice(2)])
      expect(everything).not.toContain(secret);
    expect(everything).toContain('127.0.0.1:9');
  }, 60_000);
});
