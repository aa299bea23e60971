// Server entry: settings, database, app, background jobs, listen; graceful shutdown.

import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type App, buildApp, type ChainDeps, type DevTools } from './app.ts';
import { chainGuard } from './chain/chain-guard.ts';
import { chainTimeReader } from './chain/chain-time.ts';
import { makeChainClient } from './chain/client.ts';
import { type Config, ConfigError, resolveConfig, runsJobs } from './config.ts';
import {
  type DbHandle,
  MigrationsNotCurrent,
  migrationsAtOpen,
  openDb,
  setBusinessClock,
} from './db/client.ts';
import { type Jobs, startJobs } from './jobs/index.ts';
import { type DevClock, startDevClock } from './lib/dev-clock.ts';
import { type MetricsServer, startMetricsServer } from './lib/metrics.ts';
import { paymentTermsReader } from './lib/payment-terms.ts';
import { redact, rememberSecrets, secretsOfEnv } from './lib/redact.ts';
import { advanceLocal } from './ops/dev-advance.ts';
import { checkReady } from './routes/health.ts';

/** How often each process checks its readiness for free_ready, whether or not a probe asks. */
const READY_SAMPLE_MS = 15_000;

export type StartOptions = {
  /** override settings (tests, scripts); the rest comes from the environment */
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  /** start the background jobs: indexer, payouts, product jobs (default: unless PROCESS_ROLE=api) */
  jobs?: boolean;
  logger?: boolean;
  /**
   * Local chain only (npm start): the server's clock follows the chain's when `npm run dev:advance`
   * moves it forward, and POST /api/dev/advance is served. Refused on any other chain, as
   * DEV_CLOCK=1 is. Default: the DEV_CLOCK setting (config.devClock).
   */
  devClock?: boolean;
};

export type RunningServer = {
  url: string;
  /** where Prometheus scrapes this process (null: METRICS_PORT off) */
  metricsUrl: string | null;
  app: App;
  db: DbHandle;
  config: Config;
  /**
   * Stops in order (docs/deploy.md "Stopping"): readiness answers 503 at once and the jobs finish
   * their step; after DRAIN_SECONDS the event streams end and no connection is taken, the requests
   * in flight finish; then the database closes.
   */
  close: () => Promise<void>;
};

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  // before anything can fail: a refusal at start must not print a key or a provider's URL either
  rememberSecrets(secretsOfEnv(env));
  // the settings are read knowing the RPC's chain: anywhere but 31337 only a full configuration starts
  const loaded = await resolveConfig(opts.devClock ? { ...env, DEV_CLOCK: '1' } : env);
  const config = { ...loaded, ...opts.config };
  const db = await openDb(config.databaseUrl, { handleSignals: false, migrations: migrationsAtOpen(env) });
  // fail fast: the request budget is 10 s and sign-in must not hang on a dead RPC
  const publicClient = makeChainClient(config, { timeoutMs: 5_000 });
  const chainTime = chainTimeReader(publicClient);
  // checked at start by resolveConfig; the jobs ask again (periodically, after failures) and stop on another chain
  const guard = chainGuard({ client: publicClient, chainId: config.chainId });
  const chain: ChainDeps = {
    publicClient,
    chainTime,
    guard,
    ...(config.deployment
      ? { paymentTerms: paymentTermsReader(publicClient, config.deployment.payment) }
      : {}),
  };
  let devClock: DevClock | null = null;
  let app: App | null = null;
  let metrics: MetricsServer | null = null;
  try {
    if (opts.devClock ?? config.devClock) {
      devClock = await startDevClock(chainTime);
      // ledger entries are dated by the day the server counts in, not the database's
      setBusinessClock(db.db, devClock.now);
    }
    const clock = devClock?.now;
    const dev = devClock;
    const devTools: DevTools | undefined = dev
      ? {
          advance: async (seconds) => {
            const r = await advanceLocal({
              db,
              config,
              client: makeChainClient(config),
              seconds,
              onMoved: () => dev.sync(),
            });
            return { ...r, serverTime: dev.now().toISOString() };
          },
        }
      : undefined;
    app = await buildApp({ db, config, chain, clock, devTools, logger: opts.logger ?? true });
    const url = await app.listen({ port: config.port, host: config.host });
    // its own port, never behind nginx; a port already taken stops the start like the API's own
    if (config.metrics) metrics = await startMetricsServer(config.metrics);
    // jobs only once the API answers: a port already taken must not leave workers running
    const log = app.log;
    // PROCESS_ROLE=api leads no job (and holds no hot-wallet key); jobs and all do
    const jobs: Jobs | null =
      opts.jobs === false || !runsJobs(config.role)
        ? null
        : startJobs({ config, db, client: publicClient, log, clock, chainGuard: guard });
    const running = app;
    const metricsServer = metrics;
    const sampleReady = () =>
      void checkReady(running).catch((err: Error) =>
        log.warn({ err: err.message }, 'readiness sample failed'),
      );
    const readyTimer = metricsServer ? setInterval(sampleReady, READY_SAMPLE_MS).unref() : null;
    if (metricsServer) sampleReady();
    let closing: Promise<void> | null = null;
    const close = () => {
      closing ??= (async () => {
        // readiness answers 503 from now on: the load balancer stops sending new requests here
        running.ctx.stopping = true;
        log.info({ drainMs: config.drainMs }, 'stopping: readiness answers 503');
        if (readyTimer) clearInterval(readyTimer);
        // each job finishes the step it is in and lets go of its lock (another process takes over)
        const jobsStopped = jobs
          ?.stop()
          .then(() => log.info({}, 'stopping: jobs finished their step'))
          .catch((err) => log.error({ err }, 'jobs stop failed'));
        if (config.drainMs > 0) await delay(config.drainMs);
        const streams = running.ctx.streams.size;
        // ends the event streams (their clients reconnect elsewhere), takes no new connection and
        // waits for the requests in flight
        await running.close();
        log.info({ streams }, 'stopping: event streams ended, requests in flight finished');
        await jobsStopped;
        devClock?.stop();
        await metricsServer?.close();
        await db.close();
      })();
      return closing;
    };
    return { url, metricsUrl: metricsServer?.url ?? null, app: running, db, config, close };
  } catch (err) {
    devClock?.stop();
    await metrics?.close().catch(() => {});
    await app?.close().catch(() => {});
    await db.close();
    throw err;
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  startServer()
    .then((s) => {
      const role = s.config.role;
      const serves = role === 'jobs' ? 'health only' : `docs ${s.url}/api/docs`;
      console.log(
        `FREE API listening on ${s.url} (role ${role}, chain ${s.config.chainId}, ${serves}, metrics ${s.metricsUrl ?? 'off'})`,
      );
      const stop = (signal: string) => {
        console.log(`${signal}: shutting down`);
        s.close().then(
          () => {
            console.log(`${signal}: stopped`);
            process.exit(0);
          },
          (err) => {
            console.error(err);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    })
    .catch((err) => {
      // a setting or the database's migrations: one line naming what to change (never a secret)
      console.error(
        redact(
          err instanceof ConfigError || err instanceof MigrationsNotCurrent
            ? err.message
            : String((err as Error)?.stack ?? err),
        ),
      );
      process.exit(1);
    });
}
