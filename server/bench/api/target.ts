// One side of the API benchmark, in its own process so that the load generator never shares its
// event loop: `hello` is a bare Fastify hello-world, `api` the real app on PGlite (`memory://`) or
// PostgreSQL (a fresh schema, dropped on exit) with the bench fixtures. Started by api.bench.ts
// through `fork`; it answers { port, tokens } once listening and runs the ledger check on request.
import { randomBytes } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { buildSiweMessage } from '@free/protocol/siwe';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { type Hex, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DbHandle, openDb, rowsOf } from '../../src/db/client.ts';
import { requestKey } from '../../src/services/command.ts';
import { systemAccount, transfer, userAccount } from '../../src/services/ledger.ts';
import { seedSettings, writeSetting } from '../../src/services/settings.ts';

export type TargetReady = {
  port: number;
  tokens: Record<'team' | 'ledger' | 'withdraw' | 'drain', string> | null;
  /** the `cursor` of the ledger user's finance page 500 (size 20): the last id of page 499 */
  cursor500: string;
  /** whole USDT the drain user holds (withdrawn 1 at a time until nothing is left) */
  drainUnits: number;
};
/** the Idempotency-Keys the bench saw answered `code: 200` for the withdraw user */
export type CheckRequest = { keys: string[] };
export type LedgerCheck = {
  sum: string;
  negative: number;
  /** withdrawals of the withdraw user, and how many of them carry a ledger key of an answered key */
  withdrawals: number;
  matching: number;
  /** ledger pairs of kind `withdraw` (every user) */
  withdrawLedgerPairs: number;
  /** the drain user's wallet USDT, in wei */
  drainBalance: string;
};

const TEAM_SIZE = Number(process.env.BENCH_TEAM_SIZE ?? 100_000);
const LEDGER_ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 100_000);
const U = 10n ** 18n;
const HEADERS = { platform: 'h5', 'accept-language': 'en' };
const DRAIN_UNITS = 200;
const devNull = openSync('/dev/null', 'w');

// run as a script (forked by api.bench.ts); imported, it only exports buildBenchApi
if (process.argv[1] === import.meta.filename) {
  const [mode, dbUrl] = process.argv.slice(2);
  if (mode === 'hello') {
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    reply({ port: portOf(app.server.address()), tokens: null, cursor500: '', drainUnits: 0 });
  } else if (mode === 'api') {
    await startApi(dbUrl ?? 'memory://');
  } else {
    console.error('usage: target.ts hello | api <database url>');
    process.exit(2);
  }
}

function portOf(address: ReturnType<import('node:net').Server['address']>): number {
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

function reply(message: TargetReady | LedgerCheck) {
  process.send?.(message);
}

/** The app with the bench fixtures, not listening yet; `close` drops the bench schema. */
export async function buildBenchApi(url: string) {
  const schema = url === 'memory://' ? undefined : `bench_${randomBytes(4).toString('hex')}`;
  const handle: DbHandle = await openDb(url, schema ? { schema, poolSize: 20 } : {});
  const config = {
    ...loadConfig({
      DEPLOYMENT_FILE: '/nonexistent/deployment.json',
      LOG_LEVEL: 'info',
    } as NodeJS.ProcessEnv),
    chainId: 31337,
  };
  await seedSettings(handle.db);
  // the daily withdrawal caps stay on (their check is part of every withdrawal) but above what the
  // loads withdraw, so that a refusal can only mean something went wrong
  for (const key of ['withdraw_user_daily_wei', 'withdraw_platform_daily_wei'] as const)
    await writeSetting(handle.db, key, String(100_000_000n * U));
  // Bench-only: limits raised through the `rateLimit` dependency, which `npm start` never passes.
  const app = await buildApp({
    db: handle,
    config,
    clock: () => new Date(),
    chain: {
      paymentTerms: async () => ({ treasury: config.hotWalletAddress, burnBps: 0n, executorRewardBps: 0n }),
    },
    // production's request log (info level, one synchronous write per line), into /dev/null
    logger: { stream: { write: (line: string) => writeSync(devNull, line) } },
    rateLimit: { perIp: 1_000_000_000, perAddress: 1_000_000_000 },
  });
  await app.ready();

  const signIn = async (label: string) => {
    const account = privateKeyToAccount(keccak256(toHex(`free-bench:${label}`)) as Hex);
    const n = await app.inject({ url: `/api/common/nonce?address=${account.address}`, headers: HEADERS });
    const now = new Date();
    const message = buildSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: config.siweDomains[0] ?? '127.0.0.1:5173',
      nonce: n.json().data.nonce,
      uri: `http://${config.siweDomains[0] ?? '127.0.0.1:5173'}`,
      issuedAt: now,
      expirationTime: new Date(now.getTime() + 5 * 60_000),
    });
    const r = await app.inject({
      method: 'POST',
      url: '/api/common/login',
      headers: HEADERS,
      payload: { message, signature: await account.signMessage({ message }) },
    });
    const body = r.json();
    if (body.code !== 200) throw new Error(`bench sign-in failed: ${r.body}`);
    return { token: body.data.token as string, userId: body.data.user.id as number };
  };

  const team = await signIn('team');
  const ledger = await signIn('ledger');
  const withdraw = await signIn('withdraw');
  const drain = await signIn('drain');
  await buildTeam(handle, team.userId, TEAM_SIZE);
  await buildLedger(handle, ledger.userId, LEDGER_ENTRIES);
  await handle.db.transaction((tx) =>
    transfer(tx, {
      key: 'bench:withdraw-funds',
      from: systemAccount('recharge'),
      to: userAccount(withdraw.userId, 'wallet'),
      asset: 'USDT',
      amount: 10_000_000n * U,
      kind: 'recharge',
      ref: 'bench',
    }),
  );
  await handle.db.transaction((tx) =>
    transfer(tx, {
      key: 'bench:drain-funds',
      from: systemAccount('recharge'),
      to: userAccount(drain.userId, 'wallet'),
      asset: 'USDT',
      amount: BigInt(DRAIN_UNITS) * U,
      kind: 'recharge',
      ref: 'bench',
    }),
  );
  // as autovacuum leaves a table that has settled: statistics and the visibility map (index-only
  // reads of ledger pages) set, not the state right after a bulk load
  await handle.db.execute(sql`VACUUM ANALYZE`);
  const cursor500 = await cursorOfPage(handle, ledger.userId, 500, 20);
  return {
    app,
    handle,
    users: { team, ledger, withdraw, drain },
    tokens: { team: team.token, ledger: ledger.token, withdraw: withdraw.token, drain: drain.token },
    cursor500,
    async close() {
      await app.close();
      if (schema) await handle.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
      await handle.close();
    },
  };
}

async function startApi(url: string) {
  const bench = await buildBenchApi(url);
  const { app, handle, users } = bench;
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (msg) => {
    if (typeof msg === 'object' && msg && 'check' in msg)
      reply(
        await ledgerCheck(
          handle,
          users.withdraw.userId,
          users.drain.userId,
          (msg as { check: CheckRequest }).check,
        ),
      );
    if (msg === 'stop') {
      await bench.close();
      process.exit(0);
    }
  });
  reply({
    port: portOf(app.server.address()),
    tokens: bench.tokens,
    cursor500: bench.cursor500,
    drainUnits: DRAIN_UNITS,
  });
}

/** A 10-ary tree of `size` members under `rootId`, with closure rows, counters, legs and history. */
async function buildTeam(h: DbHandle, rootId: number, size: number) {
  const db = h.db;
  await db.execute(sql`CREATE TEMP TABLE bench_nodes (i int PRIMARY KEY, id int NOT NULL)`);
  await db.execute(sql`INSERT INTO bench_nodes VALUES (0, ${rootId})`);
  await db.execute(sql`
    WITH created AS (
      INSERT INTO users (address)
      SELECT '0x' || lpad(to_hex(4000000 + g), 40, '0') FROM generate_series(1, ${size}) g RETURNING id)
    INSERT INTO bench_nodes SELECT row_number() OVER (ORDER BY id), id FROM created`);
  await db.execute(sql`
    INSERT INTO team_paths (ancestor_id, descendant_id, depth, leg_id)
    WITH RECURSIVE p(anc, des, depth, leg) AS (
      SELECT (i - 1) / 10, i, 1, i FROM bench_nodes WHERE i > 0
      UNION ALL SELECT (anc - 1) / 10, des, depth + 1, anc FROM p WHERE anc > 0)
    SELECT a.id, d.id, p.depth, l.id FROM p
      JOIN bench_nodes a ON a.i = p.anc JOIN bench_nodes d ON d.i = p.des JOIN bench_nodes l ON l.i = p.leg`);
  await db.execute(sql`
    INSERT INTO team_stats (user_id, inviter_id, bound_at, own_principal, own_amount, active_stakes, is_valid)
    SELECT n.id, p.id, now(), (n.i % 7) * ${U.toString()}::numeric, (n.i % 7) * ${U.toString()}::numeric,
      CASE WHEN n.i % 7 > 0 THEN 1 ELSE 0 END, n.i % 7 > 0
    FROM bench_nodes n JOIN bench_nodes p ON p.i = (n.i - 1) / 10 WHERE n.i > 0
    ON CONFLICT (user_id) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO team_stats (user_id) SELECT id FROM bench_nodes WHERE i = 0 ON CONFLICT (user_id) DO NOTHING`);
  await db.execute(sql`
    UPDATE team_stats s SET team_count = a.cnt, valid_count = a.valid, performance = a.perf, direct_count = a.direct
    FROM (SELECT p.ancestor_id, count(*) AS cnt, count(*) FILTER (WHERE d.is_valid) AS valid,
            sum(d.own_principal) AS perf, count(*) FILTER (WHERE p.depth = 1) AS direct
          FROM team_paths p JOIN team_stats d ON d.user_id = p.descendant_id GROUP BY p.ancestor_id) a
    WHERE s.user_id = a.ancestor_id`);
  await db.execute(sql`
    INSERT INTO team_legs (user_id, leg_id, performance)
    SELECT p.ancestor_id, p.leg_id, sum(d.own_principal) FROM team_paths p
      JOIN team_stats d ON d.user_id = p.descendant_id GROUP BY p.ancestor_id, p.leg_id`);
  await db.execute(sql`
    INSERT INTO team_daily (user_id, day, new_count, valid_count)
    SELECT s.user_id, d.day, s.team_count, s.valid_count FROM team_stats s
    CROSS JOIN (VALUES (current_date - 5), (current_date - 6)) d(day)`);
}

/** `count` one-wei recharges into the user's wallet: `count` user entries (seq 1…count), a balanced ledger. */
async function buildLedger(h: DbHandle, userId: number, count: number) {
  const db = h.db;
  await db.execute(sql`
    INSERT INTO ledger_entries (tx_key, side, user_id, account, asset, amount, kind, ref, created_at, seq)
    SELECT 'bench-ledger:' || g, s.side, CASE WHEN s.side = 'credit' THEN ${userId}::int END,
      CASE WHEN s.side = 'credit' THEN 'wallet' ELSE 'system:recharge' END, 'USDT',
      CASE WHEN s.side = 'credit' THEN 1 ELSE -1 END, 'recharge', 'bench',
      now() - (${count} - g) * interval '1 second', CASE WHEN s.side = 'credit' THEN g END
    FROM generate_series(1, ${count}) g CROSS JOIN (VALUES ('debit'), ('credit')) s(side)
    ORDER BY g, s.side DESC`);
  await db.execute(sql`INSERT INTO ledger_seqs (user_id, last) VALUES (${userId}, ${count})`);
  await db.execute(sql`
    INSERT INTO balances (user_id, account, asset, amount) VALUES (${userId}, 'wallet', 'USDT', ${count})
    ON CONFLICT (user_id, account, asset) DO UPDATE SET amount = balances.amount + ${count}`);
  await db.execute(sql`
    INSERT INTO balances (user_id, account, asset, amount, allow_negative) VALUES (NULL, 'system:recharge', 'USDT', ${-count}, true)
    ON CONFLICT (user_id, account, asset) DO UPDATE SET amount = balances.amount - ${count}`);
}

/** The `cursor` that asks for page `page` of the user's history: the id of the last entry before it. */
async function cursorOfPage(h: DbHandle, userId: number, page: number, size: number): Promise<string> {
  const [row] = rowsOf<{ id: string | number }>(
    await h.db.execute(sql`SELECT id FROM ledger_entries WHERE user_id = ${userId}
      ORDER BY id DESC OFFSET ${(page - 1) * size - 1} LIMIT 1`),
  );
  if (!row) throw new Error(`the bench ledger has no page ${page}`);
  return String(row.id);
}

/**
 * After the withdrawal loads: what the withdraw user's keys wrote, what the drain left, and the
 * ledger as a whole (sums to zero, no balance that may not be negative is).
 */
async function ledgerCheck(
  h: DbHandle,
  withdrawUserId: number,
  drainUserId: number,
  req: CheckRequest,
): Promise<LedgerCheck> {
  const ledgerKeys = req.keys.map((k) => requestKey('withdraw', withdrawUserId, k));
  const [row] = rowsOf<{
    sum: string;
    negative: string;
    withdrawals: string;
    matching: string;
    pairs: string;
    drain: string | null;
  }>(
    await h.db.execute(sql`SELECT
      (SELECT coalesce(sum(amount), 0)::text FROM ledger_entries) AS sum,
      (SELECT count(*)::text FROM balances WHERE amount < 0 AND NOT allow_negative) AS negative,
      (SELECT count(*)::text FROM withdrawals WHERE user_id = ${withdrawUserId}) AS withdrawals,
      (SELECT count(*)::text FROM withdrawals WHERE user_id = ${withdrawUserId}
        AND ledger_key = ANY(${`{${ledgerKeys.join(',')}}`}::text[])) AS matching,
      (SELECT count(*)::text FROM ledger_entries WHERE kind = 'withdraw' AND side = 'debit') AS pairs,
      (SELECT amount::text FROM balances WHERE user_id = ${drainUserId} AND account = 'wallet' AND asset = 'USDT') AS drain`),
  );
  return {
    sum: row?.sum ?? '?',
    negative: Number(row?.negative ?? -1),
    withdrawals: Number(row?.withdrawals ?? -1),
    matching: Number(row?.matching ?? -1),
    withdrawLedgerPairs: Number(row?.pairs ?? -1),
    drainBalance: row?.drain ?? '?',
  };
}
