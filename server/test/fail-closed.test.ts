// Production fails closed: pointed at an RPC that is not the local chain (anvil --chain-id 56
// stands in for BSC), the API starts only fully configured for that chain, and refuses with one
// line naming the variable otherwise. Each case runs the production entry as production does
// (`node dist/main.js`, built by server/build.mjs, NODE_ENV=production). The jobs check the chain id
// again and stop on another one. The cases that start it need PostgreSQL (TEST_DATABASE_URL) and
// Redis; they skip saying why otherwise.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AnvilHandle, startAnvil } from '@free/devchain/anvil';
import { ensureContractsBuilt, localAccount, ownArtifact } from '@free/devchain/deploy';
import { CONTRACT_KEYS } from '@free/protocol/deployment';
import { LOCAL_ACCOUNTS } from '@free/protocol/local-accounts';
import pg from 'pg';
import { createPublicClient, createWalletClient, defineChain, type Hex, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChainMismatch, chainGuard } from '../src/chain/chain-guard.ts';
import { LOCAL_CLIENT_SECRET, loadConfig, SERVER_ROOT } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { runLoop } from '../src/jobs/loop.ts';
import { startServer } from '../src/main.ts';
import { openTestDb, testConfig } from './helpers.ts';
import { probeRedis } from './redis.ts';
import { runEntry } from './support/built-server.ts';

let anvil: AnvilHandle;
let client: PublicClient;
const dir = mkdtempSync(join(tmpdir(), 'free-fail-closed-'));
const deploymentFile = join(dir, 'bsc.json');
const OPERATOR = '0x00000000000000000000000000000000000000A1';
const SIGNER_KEY: Hex = `0x${'11'.repeat(32)}`;
const HOT_WALLET_KEY: Hex = `0x${'22'.repeat(32)}`;
/** the key of an account no contract names */
const OTHER_KEY: Hex = `0x${'33'.repeat(32)}`;
const addressOf = (key: Hex) => privateKeyToAccount(key).address;
/** Everything an API on chain 56 needs, but the RPC (and the database: never reached when refused). */
const PROD = {
  NODE_ENV: 'production',
  DEPLOYMENT_FILE: deploymentFile,
  OPERATOR_ADDRESSES: `${OPERATOR}:admin`,
  SIGNER_KEY,
  HOT_WALLET_KEY,
  FREE_CLIENT_SECRET: 'a-real-secret',
  DATABASE_URL: 'postgres://free@127.0.0.1:1/free',
  REDIS_URL: 'redis://127.0.0.1:1',
  SIWE_DOMAINS: 'app.example.com',
  TRUST_PROXY: '1',
  // any free port: the default 9464 may be another process's on this machine
  METRICS_PORT: '0',
};
let env: (extra: Record<string, string | undefined>) => Record<string, string | undefined>;
/** a deployment file whose signer is OTHER_KEY's while the contracts name SIGNER_KEY's */
let otherSignerFile = '';

beforeAll(async () => {
  anvil = await startAnvil({ port: 0, stateFile: null, reuse: false, chainId: 56 });
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  // Staking and Payment as deployed, naming SIGNER_KEY's address (the other contracts: made-up
  // addresses, none is called at start)
  ensureContractsBuilt();
  const wallet = createWalletClient({
    account: localAccount(0),
    chain: defineChain({
      id: 56,
      name: 'bsc-stand-in',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    }),
    transport: http(anvil.rpcUrl),
  });
  const contracts: Record<string, string> = Object.fromEntries(
    CONTRACT_KEYS.map((k, i) => [k, `0x${(i + 1).toString(16).padStart(40, '0')}`]),
  );
  const deployed = async (name: 'Staking' | 'Payment' | 'TestUSDT' | 'FreeToken', args: unknown[]) => {
    const art = ownArtifact(name);
    const hash = await wallet.deployContract({ abi: art.abi, bytecode: art.bytecode, args });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return receipt.contractAddress as string;
  };
  const signer = addressOf(SIGNER_KEY);
  const owner = localAccount(0).address;
  // real tokens: the operator tool's reconcile reads what the hot wallet holds of each
  contracts.usdt = await deployed('TestUSDT', [owner]);
  contracts.free = await deployed('FreeToken', [owner, 10n ** 27n]);
  const { usdt, free, router } = contracts as Record<'usdt' | 'free' | 'router', string>;
  contracts.staking = await deployed('Staking', [usdt, free, router, signer, localAccount(0).address]);
  contracts.payment = await deployed('Payment', [localAccount(0).address, signer, router, free]);
  const file = (signerAddress: string) => ({
    network: 'bsc',
    chainId: 56,
    ...contracts,
    signer: signerAddress,
    hotWallet: addressOf(HOT_WALLET_KEY),
  });
  writeFileSync(deploymentFile, JSON.stringify(file(signer)));
  otherSignerFile = join(dir, 'other-signer.json');
  writeFileSync(otherSignerFile, JSON.stringify(file(addressOf(OTHER_KEY))));
  // only what is given here: none of this process's settings leak in
  env = (extra) => ({ RPC_URL: anvil.rpcUrl, PORT: '0', LOG_LEVEL: 'info', ...extra });
}, 180_000);
afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const without = (name: keyof typeof PROD) => ({ ...PROD, [name]: undefined });

describe('the production entry (node dist/main.js) on an RPC answering chain id 56', () => {
  it.concurrent.each([
    [
      'no settings',
      {},
      'DEPLOYMENT_FILE: required on chain 56; deployments/local.json is assumed only on the local chain 31337',
    ],
    [
      'no DEPLOYMENT_FILE',
      without('DEPLOYMENT_FILE'),
      'DEPLOYMENT_FILE: required on chain 56; deployments/local.json is assumed only on the local chain 31337',
    ],
    [
      'no DATABASE_URL (an embedded PGlite per process)',
      without('DATABASE_URL'),
      'DATABASE_URL: a postgres:// URL is required on chain 56 (the embedded PGlite — unset, file:// or memory:// — is for the local chain 31337 only)',
    ],
    [
      'DATABASE_URL=memory://',
      { ...PROD, DATABASE_URL: 'memory://' },
      'DATABASE_URL: a postgres:// URL is required on chain 56 (the embedded PGlite — unset, file:// or memory:// — is for the local chain 31337 only)',
    ],
    [
      'no REDIS_URL',
      without('REDIS_URL'),
      'REDIS_URL: required on chain 56 (the rate limits every API process shares; counting in each process alone is for the local chain)',
    ],
    [
      'no SIWE_DOMAINS',
      without('SIWE_DOMAINS'),
      'SIWE_DOMAINS: required on chain 56 (the host[:port] users open, e.g. app.example.com; 127.0.0.1:5173,localhost:5173 is the local default)',
    ],
    [
      'no TRUST_PROXY',
      without('TRUST_PROXY'),
      'TRUST_PROXY: required on chain 56: 1 behind one reverse proxy (nginx), false when clients connect directly (a wrong guess rate-limits every user as one client, or lets a client choose its address)',
    ],
    [
      'FINALITY_DEPTH=1',
      { ...PROD, FINALITY_DEPTH: '1' },
      'FINALITY_DEPTH: 1 is below the minimum of 2 on chain 56 (blocks on top of an event before it counts; 15 when unset)',
    ],
    [
      'no OPERATOR_ADDRESSES',
      without('OPERATOR_ADDRESSES'),
      'OPERATOR_ADDRESSES: required on chain 56 (0x<address>:admin,…; anvil account 0 is the default only on the local chain)',
    ],
    [
      'anvil account 0 as operator',
      { ...PROD, OPERATOR_ADDRESSES: `${LOCAL_ACCOUNTS[0]?.[0]}:admin` },
      `OPERATOR_ADDRESSES: ${LOCAL_ACCOUNTS[0]?.[0]} is an anvil test account (public key), refused on chain 56`,
    ],
    ['no FREE_CLIENT_SECRET', without('FREE_CLIENT_SECRET'), 'FREE_CLIENT_SECRET: required on chain 56'],
    [
      'the local client secret',
      { ...PROD, FREE_CLIENT_SECRET: LOCAL_CLIENT_SECRET },
      'FREE_CLIENT_SECRET: the local default is refused on chain 56',
    ],
    [
      'DEV_CLOCK=1',
      { ...PROD, DEV_CLOCK: '1' },
      'DEV_CLOCK: the dev clock is local-only (chain id 31337); refused on chain 56',
    ],
    [
      'anvil account 10 as signer',
      { ...PROD, SIGNER_KEY: LOCAL_ACCOUNTS[10]?.[1] },
      'SIGNER_KEY: an anvil test key (the public "test … junk" mnemonic) is refused on chain 56',
    ],
    [
      'anvil account 11 as hot wallet',
      { ...PROD, HOT_WALLET_KEY: LOCAL_ACCOUNTS[11]?.[1] },
      'HOT_WALLET_KEY: an anvil test key (the public "test … junk" mnemonic) is refused on chain 56',
    ],
    [
      'a signer key of another address than the deployment names',
      { ...PROD, SIGNER_KEY: OTHER_KEY },
      `SIGNER_KEY: its address ${addressOf(OTHER_KEY)} is not the signer ${addressOf(SIGNER_KEY)} of DEPLOYMENT_FILE; refused on chain 56`,
    ],
    [
      'a hot-wallet key of another address than the deployment names',
      { ...PROD, HOT_WALLET_KEY: OTHER_KEY },
      `HOT_WALLET_KEY: its address ${addressOf(OTHER_KEY)} is not the hotWallet ${addressOf(HOT_WALLET_KEY)} of DEPLOYMENT_FILE; refused on chain 56`,
    ],
    [
      'a signer key the deployment file names but the deployed contracts do not',
      { ...PROD, SIGNER_KEY: OTHER_KEY, DEPLOYMENT_FILE: '<other-signer>' },
      /^SIGNER_KEY: its address 0x\w{40} is not a signer the deployed Staking 0x\w{40} accepts; refused on chain 56$/,
    ],
    [
      'a deployment file of the local chain',
      { ...PROD, DEPLOYMENT_FILE: resolve(SERVER_ROOT, '..', 'deployments', 'local.json') },
      // the local deployment file may not exist in a fresh clone: either way it is refused
      /^(RPC_URL: .* answers chain id 56, but DEPLOYMENT_FILE|DEPLOYMENT_FILE: )/,
    ],
  ] as [string, Record<string, string | undefined>, string | RegExp][])(
    'exits 1 with one line, never listening: %s',
    async (_what, settings, line) => {
      const given =
        settings.DEPLOYMENT_FILE === '<other-signer>'
          ? { ...settings, DEPLOYMENT_FILE: otherSignerFile }
          : settings;
      const r = await runEntry('main', env(given));
      expect(r.stdout).not.toContain('listening');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      if (typeof line === 'string') expect(r.stderr.trim()).toBe(line);
      else expect(r.stderr.trim()).toMatch(line);
      expect(r.code).toBe(1);
      // no key or secret in what it printed
      for (const secret of [SIGNER_KEY, HOT_WALLET_KEY, OTHER_KEY, PROD.FREE_CLIENT_SECRET])
        expect(r.stderr + r.stdout).not.toContain(secret.slice(2));
    },
    // a bound for a hung process, not a speed requirement: at a load of 39 on 2 cores one took 61 s
    180_000,
  );

  it('serves Prometheus on a port of its own, 127.0.0.1:9464 unless METRICS_PORT or METRICS_HOST say otherwise', () => {
    expect(
      loadConfig(env({ ...PROD, METRICS_PORT: undefined }) as NodeJS.ProcessEnv, { rpc: { chainId: 56 } })
        .metrics,
    ).toEqual({
      host: '127.0.0.1',
      port: 9464,
    });
  });

  it('refuses startServer({ devClock: true }) as DEV_CLOCK=1', async () => {
    await expect(
      startServer({ env: env(PROD) as NodeJS.ProcessEnv, devClock: true, jobs: false, logger: false }),
    ).rejects.toThrow(/^DEV_CLOCK: the dev clock is local-only \(chain id 31337\); refused on chain 56$/);
  }, 120_000);
});

describe('the chain id check of the jobs', () => {
  it('sees the RPC come back on another chain after a failure, and stays stopped', async () => {
    const guard = chainGuard({ client, chainId: 56 });
    await guard.ensure();
    expect(guard.mismatch()).toBeNull();
    await client.request({ method: 'anvil_setChainId' as never, params: [97] as never });
    try {
      // a step failed (the RPC went away): the next step asks the chain id again
      guard.suspect();
      await expect(guard.ensure()).rejects.toBeInstanceOf(ChainMismatch);
      expect(guard.mismatch()).toEqual({ expected: 56, rpc: 97 });
    } finally {
      await client.request({ method: 'anvil_setChainId' as never, params: [56] as never });
    }
    // the RPC is right again, but nobody checked why it was not: stopped until a restart
    await expect(guard.ensure()).rejects.toThrow(
      'the RPC answers chain id 97, the deployment is for chain 56: jobs stopped',
    );
  }, 120_000);

  it('asks again after recheckMs while all goes well', async () => {
    let t = 0;
    let answers = 0;
    const counting = {
      getChainId: async () => {
        answers++;
        return 56;
      },
    };
    const guard = chainGuard({ client: counting, chainId: 56, recheckMs: 1000, now: () => t });
    await Promise.all([guard.ensure(), guard.ensure()]);
    expect(answers).toBe(1);
    t = 999;
    await guard.ensure();
    expect(answers).toBe(1);
    t = 1000;
    await guard.ensure();
    expect(answers).toBe(2);
  });

  it('ends a job loop when the RPC answers another chain', async () => {
    const db: DbHandle = await openTestDb('memory://');
    let rpcChain = 56;
    let steps = 0;
    const lines: string[] = [];
    const log = {
      info: () => {},
      warn: () => {},
      error: (o: object, msg?: string) => lines.push(`${msg} ${JSON.stringify(o)}`),
    };
    const guard = chainGuard({ client: { getChainId: async () => rpcChain }, chainId: 56 });
    const loop = runLoop(
      { config: testConfig(), db, log, chainGuard: guard },
      'probe',
      'free:probe',
      1,
      async () => {
        steps++;
        if (steps === 3) {
          // the RPC drops and comes back behind another chain
          rpcChain = 97;
          throw new Error('socket hang up');
        }
      },
    );
    try {
      await vi.waitFor(() => expect(lines.some((l) => l.startsWith('jobs: stopped'))).toBe(true), {
        timeout: 30_000,
        interval: 10,
      });
      expect(steps).toBe(3);
      expect(lines.at(-1)).toContain('the RPC answers chain id 97, the deployment is for chain 56');
    } finally {
      await loop.stop();
      await db.close();
    }
    expect(steps).toBe(3);
  }, 120_000);
});

const dbUrl = process.env.TEST_DATABASE_URL;
if (!dbUrl) console.warn('fail-closed, production database: skipped, TEST_DATABASE_URL is not set');
const redisUrl = dbUrl ? await probeRedis('fail-closed, production database') : null;

describe.skipIf(!dbUrl || !redisUrl)(
  'production with its database: migrations as a deploy step, keys from files',
  () => {
    const schema = `t_prod_${Math.random().toString(36).slice(2, 10)}`;
    /** DATABASE_URL that puts every connection in this test's schema */
    const schemaUrl = () => {
      const u = new URL(dbUrl as string);
      u.searchParams.set('options', `-c search_path=${schema}`);
      return u.toString();
    };
    const admin = () => new pg.Client({ connectionString: dbUrl });
    const sqlOnce = async (text: string) => {
      const c = admin();
      await c.connect();
      try {
        return await c.query(text);
      } finally {
        await c.end();
      }
    };
    const secretFile = (name: string, text: string) => {
      const f = join(dir, name);
      writeFileSync(f, `${text}\n`, { mode: 0o600 });
      return f;
    };
    const prod = () =>
      env({
        ...PROD,
        DATABASE_URL: schemaUrl(),
        REDIS_URL: redisUrl as string,
        REDIS_KEY_PREFIX: `free-test:${schema}:`,
        SIGNER_KEY: undefined,
        SIGNER_KEY_FILE: secretFile('signer-key', SIGNER_KEY),
        HOT_WALLET_KEY: undefined,
        HOT_WALLET_KEY_FILE: secretFile('hot-wallet-key', HOT_WALLET_KEY),
        FREE_CLIENT_SECRET: undefined,
        FREE_CLIENT_SECRET_FILE: secretFile('client-secret', 'a-real-secret-from-a-file'),
      });
    const noSecretIn = (text: string) => {
      for (const secret of [SIGNER_KEY.slice(2), HOT_WALLET_KEY.slice(2), 'a-real-secret-from-a-file'])
        expect(text).not.toContain(secret);
    };

    beforeAll(async () => {
      await sqlOnce(`CREATE SCHEMA "${schema}"`);
    });
    afterAll(async () => {
      await sqlOnce(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    });

    it('refuses to start while migrations are pending, naming npm run migrate; the operator tool too', async () => {
      const api = await runEntry('main', prod());
      expect(api.stderr.trim()).toMatch(
        /^DATABASE_URL: \d+ migration\(s\) pending \(0000_\w+, .*\): run `npm run migrate` first \(docs\/deploy.md, "Upgrade"\)$/,
      );
      expect(api.code).toBe(1);
      const ops = await runEntry('ops', { ...prod(), OPS_ACTOR: OPERATOR }, { args: ['reconcile'] });
      expect(ops.stderr).toMatch(/migration\(s\) pending .* run `npm run migrate` first/);
      expect(ops.code).toBe(1);
      // neither migrated anything
      const tables = await sqlOnce(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = '${schema}'`);
      expect(tables.rows[0].n).toBe(0);
    }, 120_000);

    it('npm run migrate gives up after its lock_timeout behind another migrate, then applies them all', async () => {
      const holder = admin();
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT pg_advisory_xact_lock(hashtext('free_migrations'))`);
        const blocked = await runEntry('migrate', { ...prod(), MIGRATE_LOCK_TIMEOUT_MS: '300' });
        expect(blocked.stdout).toMatch(/gave up waiting 300 ms for a lock .* Run it again\.$/m);
        expect(blocked.code).toBe(1);
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
      const r = await runEntry('migrate', prod());
      expect(r.stdout).toMatch(/^migrate: applied 0000_\w+, /m);
      expect(r.code).toBe(0);
      const again = await runEntry('migrate', prod());
      expect(again.stdout.trim()).toBe('migrate: the database is up to date, nothing to apply');
    }, 120_000);

    it('starts fully configured (keys from files), serves chain 56 and prints no key or secret', async () => {
      let chainId: number | null = null;
      const r = await runEntry('main', prod(), {
        whileUp: async (url) => {
          const res = await fetch(`${url}/api/common/config`, { headers: { platform: 'h5' } });
          chainId = ((await res.json()) as { data: { chain_id: number } }).data.chain_id;
        },
      });
      expect(r.url).not.toBeNull();
      expect(chainId).toBe(56);
      noSecretIn(r.stdout + r.stderr);
    }, 120_000);

    it('the operator tool reconciles with RPC_URL, DATABASE_URL and DEPLOYMENT_FILE only: no key at all', async () => {
      const r = await runEntry(
        'ops',
        {
          NODE_ENV: 'production',
          RPC_URL: anvil.rpcUrl,
          DATABASE_URL: schemaUrl(),
          DEPLOYMENT_FILE: deploymentFile,
          OPS_ACTOR: OPERATOR,
        },
        { args: ['reconcile'] },
      );
      expect(r.stderr).toBe('');
      const rows = JSON.parse(r.stdout) as { token: string; short: string }[];
      expect(rows.map((row) => row.token).sort()).toEqual(['FREE', 'USDT']);
      expect(r.code).toBe(0);
    }, 120_000);

    it('refuses a database a newer release migrated', async () => {
      await sqlOnce(`INSERT INTO "${schema}"."__free_migrations" (tag) VALUES ('9999_from_the_future')`);
      const api = await runEntry('main', prod());
      expect(api.stderr.trim()).toBe(
        'DATABASE_URL: the database has migrations this code does not know (9999_from_the_future): it was migrated by a newer release; run that release (or a newer one), never an older one on it',
      );
      expect(api.code).toBe(1);
      const m = await runEntry('migrate', prod());
      expect(m.stdout).toContain('newer than this release; nothing applied');
      expect(m.code).toBe(1);
    }, 120_000);
  },
);
