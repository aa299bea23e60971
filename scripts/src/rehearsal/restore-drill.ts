// The restore drill of the rehearsal (docs/deploy.md, "Backup, and restore"): WAL archiving and a
// base backup of the rehearsal's PostgreSQL; a withdrawal waits in review, a restore point, the
// operator approves it and it is paid; then the database is restored to the restore point (before
// the payout) by point-in-time recovery. The API processes started on it hold their jobs until
// `restore:check` (keyless, as a cron job would run it) has recorded the payout from the chain; then
// the user is paid exactly once, and reconcile finds nothing short.
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { until } from '@free/devchain/wait';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import { type ApiProcess, asPostgres, isRoot, type Postgres, psql, ROOT, run, runOk } from './services.ts';

type Row = { id: number; state: string; txHash?: string | null };

export type DrillDeps = {
  dir: string;
  pg: Postgres;
  /** every api and jobs process: stopped for the restore, started on the restored database */
  apis: ApiProcess[];
  /** every process's settings (docs/deploy.md "Settings") */
  apiEnv: Record<string, string>;
  pub: PublicClient;
  usdt: Address;
  hotWallet: Address;
  user: Address;
  /** the operator's address (OPS_ACTOR) */
  operator: Address;
  fromBlock: bigint;
  /** the user asks a 1 USDT withdrawal (the day is above the review threshold already) */
  apply: () => Promise<void>;
  withdrawals: () => Promise<Row[]>;
  log: (s: string) => void;
};

const pgCmd = async (cmd: string, args: string[]) => {
  const c = asPostgres(cmd, args);
  return runOk(c.cmd, c.args);
};

/** A folder the `postgres` user owns (PostgreSQL refuses to run as root). */
async function pgDir(path: string) {
  mkdirSync(path, { recursive: true });
  if (isRoot()) {
    const id = async (flag: string) => Number((await runOk('id', [flag, 'postgres'])).trim());
    chownSync(path, await id('-u'), await id('-g'));
  }
}

/** The operator tool of the build with what a cron job is given: no key. */
function ops(d: DrillDeps, args: string[]) {
  // the deployment's settings the operator tool reads: its chain, database and finality (with the
  // default of 15 blocks instead of the processes' 2, a payout mined 14 blocks ago is not yet final)
  const only = [
    'PATH',
    'HOME',
    'NODE_ENV',
    'RPC_URL',
    'DATABASE_URL',
    'DEPLOYMENT_FILE',
    'FINALITY_DEPTH',
  ] as const;
  const env = Object.fromEntries(only.map((k) => [k, d.apiEnv[k] ?? process.env[k] ?? '']));
  return run(process.execPath, ['server/dist/ops.js', ...args], {
    cwd: ROOT,
    env: { ...env, OPS_ACTOR: d.operator },
  });
}

export async function restoreDrill(d: DrillDeps): Promise<void> {
  const data = join(d.dir, 'pg');
  const archive = join(d.dir, 'pg-wal-archive');
  const base = join(d.dir, 'pg-base');
  await pgDir(archive);
  await pgDir(base);

  // 1. WAL archiving (a restart applies it), then a base backup
  await psql(d.pg, `ALTER SYSTEM SET archive_mode = 'on'`);
  await psql(d.pg, `ALTER SYSTEM SET archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`);
  await d.pg.restart();
  await pgCmd('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(d.pg.port), '-U', 'postgres'],
    ...['-D', base, '-X', 'stream', '-c', 'fast'],
  ]);
  d.log(`        base backup in ${base}, WAL archived to ${archive}`);

  // 2. a withdrawal in review; the restore point; approved and paid
  /** the hashes of the hot wallet's transfers to the user from `fromBlock` on */
  const paid = async (fromBlock = d.fromBlock) =>
    (
      await d.pub.getContractEvents({
        address: d.usdt,
        abi: erc20Abi,
        eventName: 'Transfer',
        args: { from: d.hotWallet, to: d.user },
        fromBlock,
      })
    ).map((l) => l.transactionHash);
  const paidBefore = (await paid()).length;
  const known = new Set((await d.withdrawals()).map((w) => w.id));
  await d.apply();
  const w = await until(
    'the new withdrawal',
    async () => (await d.withdrawals()).find((x) => !known.has(x.id)),
    15_000,
  );
  if (w.state !== 'review')
    throw new Error(
      `the drill's withdrawal is ${w.state}, not in review (a new UTC day began during the run?): no moment before its payout to restore to`,
    );
  await psql(d.pg, `SELECT pg_create_restore_point('free-drill')`);
  const approved = await ops(d, ['withdrawals:approve', String(w.id)]);
  if (approved.code !== 0) throw new Error(`withdrawals:approve: ${approved.stderr}`);
  const done = await until(
    'the withdrawal to be paid',
    async () => (await d.withdrawals()).find((x) => x.id === w.id && x.state === 'confirmed'),
    120_000,
    500,
  );
  if ((await paid()).length !== paidBefore + 1)
    throw new Error('the withdrawal was not paid once before the restore');
  const [[segment = ''] = []] = await psql(d.pg, 'SELECT pg_walfile_name(pg_switch_wal())');
  await until('the WAL of the payout to be archived', async () => existsSync(join(archive, segment)), 30_000);
  d.log(`        withdrawal ${w.id} paid by ${done.txHash}; restoring to before it`);

  // 3. the restore: the processes stopped, the cluster set aside, the base backup replayed to the point
  for (const a of d.apis) await a.stop();
  await pgCmd('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  renameSync(data, `${data}.before-restore`);
  await runOk('cp', ['-a', base, data]); // keeps the postgres user's ownership
  chmodSync(data, 0o700); // PostgreSQL refuses a data folder others can read
  // the run's socket lives in the data folder, so the backup holds its lock file, naming the old
  // postmaster's pid: a pid the system has not reaped yet reads as a server still running
  for (const f of readdirSync(data)) if (/^\.s\.PGSQL\.\d+\.lock$/.test(f)) rmSync(join(data, f));
  appendFileSync(
    join(data, 'postgresql.auto.conf'),
    [
      `restore_command = 'cp ${archive}/%f %p'`,
      `recovery_target_name = 'free-drill'`,
      `recovery_target_action = 'promote'`,
      '',
    ].join('\n'),
  );
  await pgCmd('touch', [join(data, 'recovery.signal')]);
  await d.pg.restart(); // pg_ctl starts it: it replays the WAL to the restore point and promotes
  await until(
    'the restored database to open',
    async () => (await psql(d.pg, 'SELECT pg_is_in_recovery()').catch(() => [['t']]))[0]?.[0] === 'f',
    60_000,
    300,
  );
  const [[restored = ''] = []] = await psql(d.pg, `SELECT state FROM withdrawals WHERE id = ${w.id}`);
  if (restored !== 'review')
    throw new Error(`the restored database has the withdrawal ${restored}, not in review`);

  // 4. the processes start on it: every job waits for restore:check
  const logFrom = d.apis.map((a) => (existsSync(a.logFile) ? statSync(a.logFile).size : 0));
  for (const a of d.apis) await a.start();
  const said = (text: string) =>
    d.apis.some((a, i) => readFileSync(a.logFile, 'utf8').slice(logFrom[i]).includes(text));
  await until('the jobs to wait for restore:check', async () => said('the database was restored'), 30_000);

  // 5. restore:check records the payout from the chain
  const r = await ops(d, ['restore:check']);
  if (r.code !== 0) throw new Error(`restore:check exited ${r.code}: ${r.stderr}${r.stdout}`);
  const report = JSON.parse(r.stdout) as {
    cleared: boolean;
    adopted: { refId: number; tx: string; state: string }[];
  };
  const adopted = report.adopted.find((a) => Number(a.refId) === w.id);
  if (!report.cleared || adopted?.tx !== done.txHash || adopted?.state !== 'confirmed')
    throw new Error(`restore:check did not record the payout: ${r.stdout}`);
  await until('the jobs to run again', async () => said('restore:check has run'), 30_000);

  // 6. paid exactly once, the payout worker idle on it; nothing short
  const head = await d.pub.getBlockNumber();
  await until('five more blocks', async () => (await d.pub.getBlockNumber()) >= head + 5n, 30_000);
  const after = (await d.withdrawals()).find((x) => x.id === w.id);
  if (after?.state !== 'confirmed' || after.txHash !== done.txHash)
    throw new Error(`after the restore the withdrawal is ${after?.state} (${after?.txHash})`);
  const receipt = await d.pub.getTransactionReceipt({ hash: done.txHash as `0x${string}` });
  const since = await paid(receipt.blockNumber);
  if (since.length !== 1 || since[0] !== done.txHash)
    throw new Error(`transfers from the hot wallet to the user since the payout: ${since.join(', ')}`);
  const rec = await ops(d, ['reconcile']);
  if (rec.code !== 0) throw new Error(`reconcile exited ${rec.code}: ${rec.stderr}`);
  for (const row of JSON.parse(rec.stdout) as { token: string; short: string }[])
    if (!/^0(\.0+)?$/.test(row.short))
      throw new Error(`${row.token} short by ${row.short} after the restore`);
  d.log(`        restored, checked, started: paid once (${done.txHash}); reconcile: nothing short`);
}
