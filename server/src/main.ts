// Server entry: settings, database, app, background jobs, listen; graceful shutdown.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPublicClient, defineChain, http, type PublicClient } from 'viem';
import { type App, buildApp, type ChainDeps, registerProductModules } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DbHandle, openDb } from './db/client.ts';
import { paymentTermsReader } from './lib/payment-terms.ts';

export type StartOptions = {
  /** override settings (tests, scripts); the rest comes from the environment */
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  /** start the indexer and payout worker (default true) */
  jobs?: boolean;
  logger?: boolean;
};

export type RunningServer = {
  url: string;
  app: App;
  db: DbHandle;
  config: Config;
  close: () => Promise<void>;
};

export function chainClient(config: Config): PublicClient {
  const chain = defineChain({
    id: config.chainId,
    name: `chain-${config.chainId}`,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  // fail fast: the request budget is 10 s and sign-in must not hang on a dead RPC
  return createPublicClient({
    chain,
    transport: http(config.rpcUrl, { timeout: 5_000, retryCount: 1 }),
  }) as PublicClient;
}

type JobsModule = { startJobs?: (ctx: Record<string, unknown>) => { stop: () => Promise<void> } };

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const config = { ...loadConfig(opts.env ?? process.env), ...opts.config };
  const db = await openDb(config.databaseUrl, { handleSignals: false });
  const publicClient = chainClient(config);
  const chain: ChainDeps = {
    publicClient,
    ...(config.deployment
      ? { paymentTerms: paymentTermsReader(publicClient, config.deployment.payment) }
      : {}),
  };
  let app: App;
  try {
    app = await buildApp({ db, config, chain, logger: opts.logger ?? true });
    await registerProductModules(app);
  } catch (err) {
    await db.close();
    throw err;
  }

  let jobs: { stop: () => Promise<void> } | null = null;
  const jobsFile = fileURLToPath(new URL('./jobs/index.ts', import.meta.url));
  if (opts.jobs !== false && existsSync(jobsFile)) {
    const mod = (await import(/* @vite-ignore */ pathToFileURL(jobsFile).href)) as JobsModule;
    if (typeof mod.startJobs === 'function') {
      jobs = mod.startJobs({ config, db, client: publicClient, log: app.log });
    }
  }

  const address = await app.listen({ port: config.port, host: config.host });
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await jobs?.stop().catch((err) => app.log.error({ err }, 'jobs stop failed'));
      await app.close();
      await db.close();
    })();
    return closing;
  };
  return { url: address, app, db, config, close };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  startServer()
    .then((s) => {
      console.log(`FREE API listening on ${s.url} (chain ${s.config.chainId}, docs ${s.url}/api/docs)`);
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
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
