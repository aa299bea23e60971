// Where the rate-limit counters live: in this process (REDIS_URL unset), or in Redis so that every
// API process behind the proxy counts against the same limits. Fails open: while Redis does not
// answer, requests are not limited (one warning per outage) rather than refused — the limits
// protect the API from floods, and refusing every user because Redis is down would be worse.
import rateLimit, { type FastifyRateLimitStore, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/** A rate-limit check never waits longer than this for Redis (then the request goes through). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

// One fixed window per key, as the in-memory store counts: the first hit starts the window.
const INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type CountingRedis = Redis & {
  freeRateLimit: (key: string, windowMs: number) => Promise<[number, number]>;
};

/** Tells once when Redis stops answering and once when it answers again. */
function outageLog(log: FastifyBaseLogger) {
  let down = false;
  return {
    failed(err: Error) {
      if (down) return;
      down = true;
      log.warn(
        { err: err.message },
        'rate limits: Redis does not answer; requests are not limited until it does',
      );
    },
    answered() {
      if (!down) return;
      down = false;
      log.info({}, 'rate limits: Redis answers again; limits shared again');
    },
  };
}

class RedisCounters implements FastifyRateLimitStore {
  constructor(
    private readonly redis: CountingRedis,
    private readonly prefix: string,
    private readonly outage: ReturnType<typeof outageLog>,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.redis.freeRateLimit(this.prefix + key, timeWindow).then(
      ([current, ttl]) => {
        this.outage.answered();
        callback(null, { current, ttl });
      },
      (err: Error) => {
        this.outage.failed(err);
        callback(err);
      },
    );
  }

  /** A limiter of its own (a route's config or `createRateLimit`): counters under their own prefix. */
  child(options: object): FastifyRateLimitStore {
    const route = (options as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
    return new RedisCounters(
      this.redis,
      `${this.prefix}${route.method ?? ''}${route.url ?? ''}:`,
      this.outage,
    );
  }
}

/**
 * The options that put the counters in Redis when REDIS_URL is set (nothing otherwise); the
 * connection closes with the app. Every limiter of the app, `createRateLimit` ones included,
 * inherits the store and `skipOnError`.
 */
export async function sharedRateLimitOptions(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<Pick<RateLimitPluginOptions, 'store' | 'skipOnError'>> {
  if (!config.redisUrl) return {};
  const outage = outageLog(app.log);
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    // while disconnected a check fails at once instead of queueing behind the reconnection
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  }) as CountingRedis;
  redis.defineCommand('freeRateLimit', { numberOfKeys: 1, lua: INCR_LUA });
  redis.on('error', (err: Error) => outage.failed(err));
  redis.on('ready', () => outage.answered());
  // a Redis down at start does not stop the API: it keeps reconnecting and limits fail open
  await redis.connect().catch((err: Error) => outage.failed(err));
  app.addHook('onClose', async () => redis.disconnect());
  const prefix = `${config.redisKeyPrefix}rl:`;
  // the plugin constructs its store itself: a class bound to this connection
  const store = class extends RedisCounters {
    constructor() {
      super(redis, prefix, outage);
    }
  };
  return {
    store,
    skipOnError: true,
  };
}

/** Requests per minute: per client IP (every request) and per signed-in address. */
export type RateLimits = { perIp: number; perAddress: number };
export const DEFAULT_RATE_LIMITS: RateLimits = { perIp: 600, perAddress: 240 };

/**
 * The per-IP limit on every request (a refusal answers TooManyRequests through the error
 * handler); the per-address one is added by the signed-in scope (http/auth.ts).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limits.perIp,
    timeWindow: 60_000,
    keyGenerator: (req) => `ip:${req.ip}`,
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
    // REDIS_URL: counters shared by every API process (the per-address limiter inherits them)
    ...(await sharedRateLimitOptions(app, config)),
  });
}
