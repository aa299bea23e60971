// The health probes as a supervisor and a load balancer call them: no app headers, no rate limit;
// readiness answers HTTP 503 naming the check that failed (database, migrations, RPC chain id,
// Redis) and never shows the secret part of a setting.
import { type AnvilHandle, freePort, startAnvil } from '@free/devchain/anvil';
import { sql } from 'drizzle-orm';
import { createPublicClient, http, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationStatus, rowsOf } from '../src/db/client.ts';
import { BACKENDS, closeApp, makeApp, type TestCtx } from './helpers.ts';
import { probeRedis } from './redis.ts';

const clientOf = (url: string) =>
  createPublicClient({ transport: http(url, { timeout: 1_000, retryCount: 0 }) }) as PublicClient;

// on both backends (test/support/test-db.ts BACKENDS): readiness reads the migrations each backend
// recorded
describe.each(BACKENDS)('health probes ($name)', ({ url }) => {
  let anvil: AnvilHandle;
  let t: TestCtx;

  beforeAll(async () => {
    anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
    t = await makeApp(url, {
      chain: { publicClient: clientOf(anvil.rpcUrl) },
      rateLimit: { perIp: 2, perAddress: 2 },
    });
  }, 60_000);
  afterAll(async () => {
    await closeApp(t);
    await anvil?.stop();
  });

  it('answers liveness and readiness without a platform header, past the rate limit', async () => {
    for (let i = 0; i < 5; i++) {
      const live = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ code: 200, data: { status: 'live' } });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      const body = ready.json();
      expect(body.data.ready).toBe(true);
      expect(body.data.checks).toMatchObject({
        database: { state: 'ok' },
        migrations: { state: 'ok' },
        rpc: { state: 'ok' },
        redis: { state: 'skipped' },
      });
    }
    // an app route past the same limit is refused: the probes alone are exempt
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/api/common/config', headers: { platform: 'h5' } })).json()
          .code,
      );
    expect(codes).toContain(429);
  });

  it('is not ready while a migration is pending or the database has one this code does not know', async () => {
    const before = await migrationStatus(t.db);
    expect(before).toEqual({ pending: [], unknown: [] });
    const [last] = rowsOf<{ tag: string }>(
      await t.db.db.execute(sql`SELECT tag FROM "__free_migrations" ORDER BY tag DESC LIMIT 1`),
    );
    const tag = last?.tag as string;
    await t.db.db.execute(sql`DELETE FROM "__free_migrations" WHERE tag = ${tag}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, data: { ready: false } });
      expect(res.json().data.checks.migrations).toMatchObject({ state: 'failed' });
      expect(res.json().data.checks.migrations.detail).toContain(tag);
      expect(res.json().data.checks.database.state).toBe('ok');
    } finally {
      await t.db.db.execute(sql`INSERT INTO "__free_migrations" (tag) VALUES (${tag})`);
    }
    await t.db.db.execute(sql`INSERT INTO "__free_migrations" (tag) VALUES ('9999_from_the_future')`);
    try {
      expect(await migrationStatus(t.db)).toEqual({ pending: [], unknown: ['9999_from_the_future'] });
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data.checks.migrations.detail).toContain('9999_from_the_future');
    } finally {
      await t.db.db.execute(sql`DELETE FROM "__free_migrations" WHERE tag = '9999_from_the_future'`);
    }
  });
});

describe('readiness of the chain and Redis', () => {
  let other: AnvilHandle;
  beforeAll(async () => {
    other = await startAnvil({ port: 0, stateFile: null, reuse: false, chainId: 56 });
  }, 60_000);
  afterAll(() => other?.stop());

  async function ready(opts: Parameters<typeof makeApp>[1]) {
    const t = await makeApp('memory://', opts);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      return { status: res.statusCode, body: res.json(), text: res.body };
    } finally {
      await closeApp(t);
    }
  }

  it('is not ready when the RPC answers another chain id than the deployment', async () => {
    const r = await ready({ chain: { publicClient: clientOf(other.rpcUrl) } });
    expect(r.status).toBe(503);
    expect(r.body.data.checks.rpc).toMatchObject({ state: 'failed' });
    expect(r.body.data.checks.rpc.detail).toContain('56');
  });

  it('is not ready when the RPC does not answer, and never shows the key in its URL', async () => {
    const key = 'planted0provider0key0h28';
    const r = await ready({
      chain: { publicClient: clientOf(`http://127.0.0.1:${await freePort()}/v3/${key}`) },
    });
    expect(r.status).toBe(503);
    expect(r.body.data.checks.rpc.state).toBe('failed');
    expect(r.text).not.toContain(key);
  });

  it('checks Redis where one is configured', async () => {
    const closed = await ready({ config: { redisUrl: `redis://127.0.0.1:${await freePort()}` } });
    expect(closed.status).toBe(503);
    expect(closed.body.data.checks.redis.state).toBe('failed');
    const redisUrl = await probeRedis('health: Redis up');
    if (!redisUrl) return;
    const up = await ready({ config: { redisUrl } });
    expect(up.status, up.text).toBe(200);
    expect(up.body.data.checks.redis.state).toBe('ok');
  });
});
