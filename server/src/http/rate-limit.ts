// Where the rate-limit counters live: in this process (REDIS_URL unset), or in Redis so that every
// API process behind the proxy counts against the same limits. While Redis does not answer, each
// process counts on its own (one warning per outage): requests are neither refused for want of
// Redis nor let through unlimited — a flood is still refused, only per process instead of shared.
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import type { Config, RateLimits } from '../config.ts';
import { isHealthProbe } from './api-headers.ts';
import { clientKey } from './client-key.ts';

/** A rate-limit check never waits longer than this for Redis (then this process counts it). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** While Redis is down, it is asked whether it is back at most this often (in the background). */
export const REDIS_PROBE_MS = 1_000;

// The plugin's own in-process counters (what it uses without Redis), as the fallback.
type LocalStoreClass = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as LocalStoreClass;

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

/**
 * Whether Redis answers, shared by every limiter of the app. Tells once when Redis stops answering
 * and once when it answers again; while it is down, checks go straight to the process's counters
 * and Redis is pinged now and then to notice its return (also when the connection never dropped
 * and it merely stopped answering).
 */
class RedisHealth {
  down = false;
  private probing = false;
  private lastProbe = 0;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  failed(err: Error) {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: err.message },
      'rate limits: Redis does not answer; each process counts on its own until it does',
    );
  }

  answered() {
    if (!this.down) return;
    this.down = false;
    this.log.info({}, 'rate limits: Redis answers again; limits shared again');
  }

  probe() {
    const now = Date.now();
    if (this.probing || now - this.lastProbe < REDIS_PROBE_MS) return;
    this.probing = true;
    this.lastProbe = now;
    this.redis
      .ping()
      .then(
        () => this.answered(),
        () => {},
      )
      .finally(() => {
        this.probing = false;
      });
  }
}

class RedisCounters implements FastifyRateLimitStore {
  /** this limiter's counters while Redis does not answer */
  private readonly local = new LocalStore(false, false);

  constructor(
    private readonly redis: CountingRedis,
    private readonly prefix: string,
    private readonly health: RedisHealth,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    if (this.health.down) {
      this.health.probe();
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.redis.freeRateLimit(this.prefix + key, timeWindow).then(
      ([current, ttl]) => {
        this.health.answered();
        callback(null, { current, ttl });
      },
      (err: Error) => {
        this.health.failed(err);
        this.local.incr(key, callback, timeWindow, max);
      },
    );
  }

  /** A limiter of its own (a route's config or `createRateLimit`): counters under their own prefix. */
  child(options: object): FastifyRateLimitStore {
    const route = (options as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
    return new RedisCounters(
      this.redis,
      `${this.prefix}${route.method ?? ''}${route.url ?? ''}:`,
      this.health,
    );
  }
}

/** What a readiness probe asks of the shared counters' Redis. */
export type RedisProbe = { ping: () => Promise<unknown> };

/**
 * The options that put the counters in Redis when REDIS_URL is set (nothing otherwise), and that
 * connection for the readiness probe; the connection closes with the app. Every limiter of the
 * app, `createRateLimit` ones included, inherits the store.
 */
export async function sharedRateLimitOptions(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<{ options: Pick<RateLimitPluginOptions, 'store'>; redis?: RedisProbe }> {
  if (!config.redisUrl) return { options: {} };
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
  const health = new RedisHealth(redis, app.log);
  redis.on('error', (err: Error) => health.failed(err));
  redis.on('ready', () => health.answered());
  // a Redis down at start does not stop the API: it keeps reconnecting, the process counts alone
  await redis.connect().catch((err: Error) => health.failed(err));
  app.addHook('onClose', async () => redis.disconnect());
  const prefix = `${config.redisKeyPrefix}rl:`;
  // the plugin constructs its store itself: a class bound to this connection
  const store = class extends RedisCounters {
    constructor() {
      super(redis, prefix, health);
    }
  };
  return { options: { store }, redis };
}

/** The headers that tell a client where it stands with a limit (CORS exposes them to the web app). */
export const RATE_LIMIT_HEADERS = [
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;

/**
 * Puts a limit's counters on the answer, replacing another limit's, and on a refusal `Retry-After`
 * (seconds until its window ends), as the plugin does for the limit it runs itself.
 */
export function setLimitHeaders(
  reply: FastifyReply,
  limit: { max: number; remaining: number; ttlInSeconds: number },
  refused: boolean,
): void {
  reply
    .header('x-ratelimit-limit', limit.max)
    .header('x-ratelimit-remaining', refused ? 0 : limit.remaining)
    .header('x-ratelimit-reset', limit.ttlInSeconds);
  if (refused) reply.header('retry-after', limit.ttlInSeconds);
}

/**
 * The per-IP limit on every request (a refusal answers TooManyRequests through the error
 * handler); the per-address one is added by the signed-in scope (http/auth.ts). Returns the
 * counters' Redis connection when there is one (the readiness probe pings it).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<RedisProbe | undefined> {
  const shared = await sharedRateLimitOptions(app, config);
  await app.register(rateLimit, {
    global: true,
    max: limits.perIp,
    timeWindow: 60_000,
    // one client: an IPv4 address or an IPv6 /64 (client-key.ts)
    keyGenerator: (req) => `ip:${clientKey(req.ip)}`,
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
    // the health probes are asked every few seconds by nginx and the supervisor
    allowList: (req) => isHealthProbe(req.url),
    // REDIS_URL: counters shared by every API process (the per-address limiter inherits them)
    ...shared.options,
  });
  return shared.redis;
}
