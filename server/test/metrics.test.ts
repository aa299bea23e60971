// Prometheus's view of a process: /metrics on its own port (nothing else served there), every
// answered request in http_request_duration_seconds by route pattern, method and status, Node's
// process metrics, a job's failures and last success, and the METRICS_PORT / METRICS_HOST settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { runLoop } from '../src/jobs/loop.ts';
import { type MetricsServer, startMetricsServer } from '../src/lib/metrics.ts';
import { closeApp, makeApp, type TestCtx } from './helpers.ts';

describe('the metrics port', () => {
  let t: TestCtx;
  let metrics: MetricsServer;
  beforeAll(async () => {
    t = await makeApp('memory://');
    metrics = await startMetricsServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await metrics?.close();
    await closeApp(t);
  });

  const scrape = async () => {
    const res = await fetch(metrics.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts each answered request under its route pattern, method and HTTP status', async () => {
    const line = (route: string, code: number) =>
      new RegExp(
        `^http_request_duration_seconds_count\\{route="${route}",method="GET",code="${code}"\\} (\\d+)$`,
        'm',
      );
    const count = (text: string, route: string, code: number) =>
      Number(text.match(line(route, code))?.[1] ?? 0);
    const before = await scrape();
    for (let i = 0; i < 3; i++)
      await t.app.inject({
        method: 'GET',
        url: '/api/common/article/detail?id=987654',
        headers: { platform: 'h5' },
      });
    await t.app.inject({ method: 'GET', url: '/api/no/such/route/123' });
    const after = await scrape();
    // no such article: the NotFound envelope travels as HTTP 404, under the route's pattern
    expect(
      count(after, '/api/common/article/detail', 404) - count(before, '/api/common/article/detail', 404),
    ).toBe(3);
    // an unknown path is one series, whatever the path was
    expect(count(after, 'unmatched', 404) - count(before, 'unmatched', 404)).toBe(1);
    expect(after).not.toContain('/api/no/such/route');
    // Node's own process metrics and the app's gauges
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(after).toMatch(/^free_event_streams_open \d+$/m);
  });

  it('serves nothing but GET /metrics', async () => {
    const other = await fetch(metrics.url.replace('/metrics', '/api/health'));
    expect(other.status).toBe(404);
  });

  it('counts a failing job step and the time of its last success', async () => {
    let calls = 0;
    const job = `metrics-test-${Date.now()}`;
    const loop = runLoop(
      { config: t.config, db: t.db, leaderCheckMs: 50 },
      job,
      `free:${job}`,
      20,
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first step fails');
        return false;
      },
    );
    const value = (text: string, name: string) =>
      Number(text.match(new RegExp(`^${name}\\{job="${job}"\\} ([\\d.e+]+)$`, 'm'))?.[1] ?? Number.NaN);
    try {
      let text = '';
      for (let i = 0; i < 200 && calls < 2; i++) await new Promise((r) => setTimeout(r, 20));
      text = await scrape();
      expect(value(text, 'free_job_failures_total')).toBe(1);
      expect(value(text, 'free_job_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(value(text, 'free_job_interval_seconds')).toBe(0.02);
      expect(value(text, 'free_job_leading')).toBe(1);
    } finally {
      await loop.stop();
    }
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('is off by default on the local chain, and on 127.0.0.1:9464 elsewhere unless told otherwise', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9500' }).metrics).toEqual({ host: '127.0.0.1', port: 9500 });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 0,
    });
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeNull();
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
