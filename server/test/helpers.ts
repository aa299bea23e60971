// Test fixtures: a fresh database per file (in-memory PGlite; with TEST_DATABASE_URL also a fresh
// PostgreSQL schema), an app with a controllable clock, and signed-in users.
import { signRequest } from '@free/protocol/signing';
import { buildSiweMessage, type SiweInput } from '@free/protocol/siwe';
import { sql } from 'drizzle-orm';
import { type Hex, keccak256, toHex } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { type App, buildApp, type ChainDeps, type DevTools } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DbHandle, type Executor, rowsOf } from '../src/db/client.ts';
import { config as configTable } from '../src/db/schema/index.ts';
import { SESSION_TTL_MS } from '../src/services/auth.ts';
import { forgetSettings, getSettings } from '../src/services/settings.ts';
import { openTestDb } from './support/test-db.ts';

export const DEPLOYMENT = {
  network: 'local',
  chainId: 31337,
  usdt: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  free: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  fcc: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  staking: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  payment: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  factory: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  router: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
  pair: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
} as const;

// the one test database (test/support/test-db.ts), here too for the suites that take their fixtures from here
export { BACKEND, BACKENDS, openTestDb } from './support/test-db.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    DEPLOYMENT_FILE: '/nonexistent/deployment.json',
    LOG_LEVEL: 'silent',
  } as NodeJS.ProcessEnv);
  // Tests move the clock by days with one token; the idle limit is tested where it is set.
  return {
    ...base,
    deployment: { ...DEPLOYMENT },
    chainId: 31337,
    sessionIdleMs: SESSION_TTL_MS,
    ...overrides,
  };
}

export class TestClock {
  constructor(public now = new Date('2026-11-20T12:00:00.000Z')) {}
  get = () => new Date(this.now.getTime());
  advance(ms: number) {
    this.now = new Date(this.now.getTime() + ms);
  }
}

export type TestCtx = { app: App; db: DbHandle; clock: TestClock; config: Config; ownsDb?: boolean };

export const TREASURY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export type MakeAppOptions = {
  config?: Partial<Config>;
  chain?: ChainDeps;
  /** share a database between apps of one file (the caller closes it) */
  db?: DbHandle;
  rateLimit?: { perIp: number; perAddress: number };
  logger?: Record<string, unknown>;
  requestBudgetMs?: number;
  devTools?: DevTools;
};

export async function makeApp(url: string, opts: MakeAppOptions = {}): Promise<TestCtx> {
  const db = opts.db ?? (await openTestDb(url));
  const clock = new TestClock();
  const config = testConfig(opts.config);
  const app = await buildApp({
    db,
    config,
    clock: clock.get,
    chain: opts.chain ?? {
      paymentTerms: async () => ({ treasury: TREASURY, burnBps: 200n, executorRewardBps: 10n }),
    },
    logger: opts.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
    rateLimit: opts.rateLimit ?? { perIp: 1_000_000, perAddress: 1_000_000 },
    ...(opts.requestBudgetMs ? { requestBudgetMs: opts.requestBudgetMs } : {}),
    ...(opts.devTools ? { devTools: opts.devTools } : {}),
  });
  await app.ready();
  return { app, db, clock, config, ownsDb: !opts.db };
}

export async function closeApp(t: TestCtx | undefined) {
  if (!t) return;
  await t.app.close();
  if (t.ownsDb !== false) await t.db.close();
}

export const account = (label: string): PrivateKeyAccount =>
  privateKeyToAccount(keccak256(toHex(`free-test:${label}`)));

export function siweMessage(
  a: { address: `0x${string}` },
  nonce: string,
  now: Date,
  over: Partial<SiweInput> = {},
) {
  return buildSiweMessage({
    address: a.address,
    chainId: 31337,
    domain: '127.0.0.1:5173',
    nonce,
    uri: 'http://127.0.0.1:5173',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60_000),
    ...over,
  });
}

export const BASE_HEADERS = { platform: 'h5', 'accept-language': 'en' };

export function authHeaders(t: TestCtx, token: string, at: Date = t.clock.get()) {
  const times = String(at.getTime());
  return {
    ...BASE_HEADERS,
    authorization: `Bearer ${token}`,
    times,
    sign: signRequest(t.config.clientSecret, token, times),
  };
}

export async function getNonce(t: TestCtx, address: string): Promise<string> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/common/nonce?address=${address}`,
    headers: BASE_HEADERS,
  });
  const body = r.json();
  if (body.code !== 200) throw new Error(`nonce failed: ${r.body}`);
  return body.data.nonce;
}

export async function signIn(
  t: TestCtx,
  a: PrivateKeyAccount,
  inviter?: string,
): Promise<{ token: string; userId: number }> {
  const nonce = await getNonce(t, a.address);
  const message = siweMessage(a, nonce, t.clock.get());
  const signature = await a.signMessage({ message });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/common/login',
    headers: BASE_HEADERS,
    payload: { message, signature, ...(inviter ? { inviter } : {}) },
  });
  const body = r.json();
  if (body.code !== 200) throw new Error(`login failed: ${r.body}`);
  return { token: body.data.token, userId: body.data.user.id };
}

export async function count(db: DbHandle, table: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.db.execute(sql.raw(`SELECT count(*) AS n FROM "${table}"`)),
  );
  return Number(row?.n ?? 0);
}

/** A snapshot of every table's row count, to assert that a refused request changed nothing. */
export async function snapshot(db: DbHandle): Promise<Record<string, number>> {
  const tables = [
    'users',
    'sessions',
    'ledger_entries',
    'balances',
    'withdrawals',
    'recharge_orders',
    'idempotency_keys',
    'team_paths',
    'team_stats',
    'inviter_nonces',
  ];
  const counts = tables.map((t) => `(SELECT count(*) FROM "${t}")::text AS "${t}"`).join(', ');
  const [row] = rowsOf<Record<string, string>>(
    await db.db.execute(
      sql.raw(`SELECT ${counts},
        (SELECT count(*) FROM nonces WHERE used_at IS NOT NULL)::text AS nonces_used,
        (SELECT coalesce(sum(amount), 0) FROM balances)::text AS balance_sum`),
    ),
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

/** Writes a config row as it is (unvalidated, to test fallbacks too), then drops the settings cache. */
export async function setConfig(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(configTable)
    .values({ key, value })
    .onConflictDoUpdate({ target: configTable.key, set: { value } });
  forgetSettings(db);
}

/** Opens or closes module switches, leaving the others as they are. */
export async function setModules(db: Executor, modules: Record<string, boolean>): Promise<void> {
  await setConfig(db, 'modules', { ...(await getSettings(db)).modules, ...modules });
}

export type { Hex };
