// Redis for the tests of shared rate limits: TEST_REDIS_URL, else the local one on 6379. Suites
// skip (saying why) when it does not answer; each run writes under a prefix of its own.
import { randomBytes } from 'node:crypto';
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
