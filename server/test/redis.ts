// Redis for the tests of shared rate limits: TEST_REDIS_URL, else the local one on 6379. Suites
// skip (saying why) when it does not answer; each run writes under a prefix of its own. Tests that
// stop Redis start one of their own (`startOwnRedis`), never the machine's.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { freePort } from '@free/devchain/anvil';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The URL when Redis answers PING within a second, else null (and a line saying the suite skips). */
export async function probeRedis(suite: string): Promise<string | null> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return TEST_REDIS_URL;
  } catch (err) {
    console.warn(`${suite}: skipped, no Redis at ${TEST_REDIS_URL} (${(err as Error).message})`);
    return null;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix no other run uses. */
export const uniquePrefix = (label: string) => `free-test:${label}:${randomBytes(5).toString('hex')}:`;

/** Deletes every key under `prefix`. */
export async function dropKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Whether this machine has a `redis-server` binary for tests that start a Redis of their own. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export type OwnRedis = {
  url: string;
  /** stops it answering (SIGSTOP): connections stay open, commands get no reply */
  pause: () => Promise<void>;
  resume: () => void;
  stop: () => Promise<void>;
};

/**
 * A `redis-server` of the test's own (nothing kept on disk), to stop and start without touching the
 * machine's. Resolves once it answers PING.
 */
export async function startOwnRedis(timeoutMs = 20_000): Promise<OwnRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    }
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    try {
      await redis.connect();
      await redis.ping();
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`redis-server on ${port} did not answer: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      redis.disconnect();
    }
  }
  return {
    url,
    pause: async () => {
      child.kill('SIGSTOP');
      // the signal is delivered asynchronously: wait until the kernel shows it stopped
      while (!/^\d+ \(.*\) T/.test(readFileSync(`/proc/${child.pid}/stat`, 'utf8'))) {
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    resume: () => child.kill('SIGCONT'),
    stop,
  };
}
