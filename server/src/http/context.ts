// What the app is built from (AppDeps), what every route reads (app.ctx), and the fields this
// app adds to Fastify's instance and request types.

import type { LanguageCode } from '@free/protocol/languages';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Address, PublicClient } from 'viem';
import type { ChainGuard } from '../chain/chain-guard.ts';
import type { ChainTime } from '../chain/chain-time.ts';
import type { Config, TrustProxy } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import type { AdvanceResult } from '../ops/dev-advance.ts';
import type { SessionUserRow } from '../services/auth.ts';
import type { EventBus } from '../services/event-bus.ts';
import type { PriceSource } from '../services/quotes.ts';
import type { ReadCache } from '../services/read-cache.ts';
import type { StreamRegistry } from './streams.ts';

export const REQUEST_BUDGET_MS = 10_000;

export type ChainDeps = {
  /** EIP-1271/6492 sign-in fallback and contract reads */
  publicClient?: PublicClient;
  /** Payment's current treasury and burn share (what an order must commit to) */
  paymentTerms?: () => Promise<{ treasury: Address; burnBps: bigint; executorRewardBps: bigint }>;
  /** FREE price in USDT (1e18); default: the deployment's DEX pair (tests inject one) */
  freePrice?: PriceSource;
  /** the chain's latest block time: signed deadlines count from it when it is ahead of the clock */
  chainTime?: ChainTime;
  /** the jobs' check of the RPC's chain id (the dashboard shows a mismatch it saw) */
  guard?: ChainGuard;
};

/** Fastify's trustProxy from TRUST_PROXY: a hop count trusts that many proxies nearest to the server (proxy-addr's rule). */
export const fastifyTrustProxy = (t: TrustProxy) =>
  typeof t === 'number' ? (_addr: string, hop: number) => hop < t : t;

export type AppDeps = {
  db: DbHandle;
  config: Config;
  clock?: () => Date;
  chain?: ChainDeps;
  /** pino options, or false (tests) */
  logger?: boolean | Record<string, unknown>;
  /** server-side budget of one request (default REQUEST_BUDGET_MS) */
  requestBudgetMs?: number;
  /** local-only developer routes (npm start on anvil): POST /api/dev/advance, /api/dev/streams/close */
  devTools?: DevTools;
  /** told of every route as it is registered (the endpoint map's test) */
  onRoute?: (route: RouteOptions) => void;
  /** rate limits (requests per minute); tests raise them */
  rateLimit?: { perIp: number; perAddress: number };
};

export type DevTools = {
  advance: (seconds: number) => Promise<AdvanceResult & { serverTime: string }>;
};

export type AppContext = Required<Pick<AppDeps, 'db' | 'config' | 'clock'>> & {
  chain: ChainDeps;
  /** this process's notifications (services/event-bus.ts): streams and caches hear them */
  events: EventBus;
  /** per-user reads kept until a notification says they changed (services/read-cache.ts) */
  reads: ReadCache;
  /** the event streams this process holds open (routes/stream.ts, http/streams.ts): counted against their caps, ended by a closing server */
  streams: StreamRegistry;
  /** the rate limits' Redis (REDIS_URL), which the readiness probe pings */
  redis?: { ping: () => Promise<unknown> };
  /**
   * Set once the process is told to stop (SIGTERM, main.ts): the readiness probe answers 503 at
   * once so the load balancer sends nothing new while requests in flight finish.
   */
  stopping: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUserRow | null;
    token: string | null;
    lang: LanguageCode;
  }
}

export type App = FastifyInstance;
