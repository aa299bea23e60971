// This process's Prometheus metrics (prom-client), served on a port of their own (METRICS_HOST,
// METRICS_PORT; never through nginx). One registry per process: the alert rules in
// deploy/prometheus/ read these names, docs/operations.md "Alerts and runbooks" says what each means.
// Figures that need the database or the chain are sampled by the jobs (jobs/monitor.ts), never
// computed while Prometheus waits for a scrape.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';

export const registry = new client.Registry();
let processMetrics = false;

/** Node's own metrics (CPU, memory, event loop lag, handles), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics({ register: registry });
}

const registers = [registry];

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Answered API requests by route pattern, method and HTTP status (event streams excluded)',
  labelNames: ['route', 'method', 'code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const jobLastSuccess = new client.Gauge({
  name: 'free_job_last_success_timestamp_seconds',
  help: 'When a step of the job last succeeded in this process (only the process leading the job has it)',
  labelNames: ['job'] as const,
  registers,
});

export const jobFailures = new client.Counter({
  name: 'free_job_failures_total',
  help: 'Failed steps of the job in this process',
  labelNames: ['job'] as const,
  registers,
});

export const jobInterval = new client.Gauge({
  name: 'free_job_interval_seconds',
  help: 'The pause between two idle steps of the job (the alert on a job without success reads it)',
  labelNames: ['job'] as const,
  registers,
});

export const jobLeading = new client.Gauge({
  name: 'free_job_leading',
  help: '1 while this process holds the job’s leadership lock',
  labelNames: ['job'] as const,
  registers,
});

export const jobRestoreHeld = new client.Gauge({
  name: 'free_job_restore_held',
  help: '1 while the job waits because the database was restored or failed over and `npm run ops -- restore:check` has not run',
  labelNames: ['job'] as const,
  registers,
});

export const indexerLag = new client.Gauge({
  name: 'free_indexer_lag_blocks',
  help: 'Blocks between the chain head and the indexer’s cursor (the finality depth included)',
  registers,
});

export const chainHead = new client.Gauge({
  name: 'free_chain_head_block',
  help: 'The latest block the RPC answers (a head that stops moving: the chain or the RPC is stuck)',
  registers,
});

export const hotWalletBalance = new client.Gauge({
  name: 'free_hot_wallet_balance',
  help: 'The payout hot wallet’s balance in whole tokens (BNB pays the gas)',
  labelNames: ['asset'] as const,
  registers,
});

export const hotWalletPending = new client.Gauge({
  name: 'free_hot_wallet_pending_transactions',
  help: 'Hot-wallet transactions signed, sent or unresolved and not settled yet',
  registers,
});

export const hotWalletOldestPending = new client.Gauge({
  name: 'free_hot_wallet_oldest_pending_seconds',
  help: 'Age of the oldest withdrawal or hot-wallet transaction still waiting for the chain (0: none)',
  registers,
});

export const withdrawalsByState = new client.Gauge({
  name: 'free_withdrawals',
  help: 'Withdrawals per state',
  labelNames: ['state'] as const,
  registers,
});

export const withdrawalHolds = new client.Gauge({
  name: 'free_withdrawal_holds',
  help: 'Withdrawals the payout worker holds, by why: funds (the hot wallet cannot pay it yet), fee_ceiling (its transaction waits at the fee ceiling), paid_after_refund (paid on chain after the operator refunded it)',
  labelNames: ['kind'] as const,
  registers,
});

export const liabilitiesPublished = new client.Gauge({
  name: 'free_liabilities_last_published_timestamp_seconds',
  help: 'When the newest proof-of-liabilities snapshot was published on chain (0: never)',
  registers,
});

export const incomeHeld = new client.Gauge({
  name: 'free_income_held_usdt',
  help: 'Income held by the daily income budget, in USDT (interest, FCC bonus at its USDT value, Huan Li Bao days)',
  registers,
});

export const reconcileShort = new client.Gauge({
  name: 'free_reconcile_short',
  help: 'What the ledger owes users beyond what the hot wallet and treasury hold, in whole tokens (the reconcile job)',
  labelNames: ['asset'] as const,
  registers,
});

export const rpcErrors = new client.Counter({
  name: 'free_rpc_errors_total',
  help: 'RPC requests that failed at the transport (no answer, HTTP error, timeout, provider error)',
  registers,
});

export const transactionsRetried = new client.Counter({
  name: 'free_db_transactions_retried_total',
  help: 'Transactions PostgreSQL rolled back to break a deadlock (40P01) or a serialization conflict (40001), run again (money commands, settlement steps); by what ran them',
  labelNames: ['what'] as const,
  registers,
});

export const ready = new client.Gauge({
  name: 'free_ready',
  help: '1 when the last readiness check passed (GET /api/health/ready), per check in free_ready_check',
  registers,
});

export const readyCheck = new client.Gauge({
  name: 'free_ready_check',
  help: '1 when the readiness check passed or does not apply, 0 when it failed',
  labelNames: ['check'] as const,
  registers,
});

// the event streams of every app of this process (tests build several)
/** what holds a process's open streams (http/streams.ts StreamRegistry): only its size is read */
type StreamCount = { readonly size: number };
const streamSets = new Set<StreamCount>();
new client.Gauge({
  name: 'free_event_streams_open',
  help: 'Event streams (GET /api/stream) this process holds open',
  registers,
  collect() {
    let n = 0;
    for (const s of streamSets) n += s.size;
    this.set(n);
  },
});

/** Counts `streams` in free_event_streams_open until the returned function is called. */
export function countStreams(streams: StreamCount): () => void {
  streamSets.add(streams);
  return () => void streamSets.delete(streams);
}

/** A job's step: when it succeeded, or one more failure. */
export function recordJobStep(job: string, ok: boolean, now = Date.now()): void {
  if (ok) jobLastSuccess.set({ job }, now / 1000);
  else jobFailures.inc({ job });
}

/** Wei (18 decimals) as whole tokens for a gauge; exact enough for an alert threshold. */
export const tokens = (wei: bigint): number => Number(wei / 10n ** 12n) / 1e6;

export type MetricsServer = { url: string; close: () => Promise<void> };

/** Serves GET /metrics on host:port (port 0: any free one); nothing else is answered. */
export async function startMetricsServer(opts: { host: string; port: number }): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
