// Server entry: settings, database, app, background jobs, listen; graceful shutdown.

import { fileURLToPath } from 'node:url';
import { type App, buildApp, type ChainDeps, type DevTools } from './app.ts';
import { chainGuard } from './chain/chain-guard.ts';
import { chainTimeReader } from './chain/chain-time.ts';
import { makeChainClient } from './chain/client.ts';
import { type Config, ConfigError, resolveConfig } from './config.ts';
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
  /** start the background jobs: indexer, payouts, product jobs (default true) */
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
    const jobs: Jobs | null =
      opts.jobs === false
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
        if (readyTimer) clearInterval(readyTimer);
        await jobs?.stop().catch((err) => log.error({ err }, 'jobs stop failed'));
        devClock?.stop();
        await running.close();
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
      console.log(
        `FREE API listening on ${s.url} (chain ${s.config.chainId}, docs ${s.url}/api/docs, metrics ${s.metricsUrl ?? 'off'})`,
      );
      const stop = (signal: string) => {
        console.log(`${signal}: shutting down`);
        s.close().then(
          () => process.exit(0),
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
