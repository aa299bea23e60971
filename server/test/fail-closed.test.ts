// Production fails closed: pointed at an RPC that is not the local chain (anvil --chain-id 56
// stands in for BSC), the API starts only fully configured for that chain, and refuses with one
// line naming the variable otherwise. The jobs check the chain id again and stop on another one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AnvilHandle, startAnvil } from '@free/devchain/anvil';
import { CONTRACT_KEYS } from '@free/protocol/deployment';
import { LOCAL_ACCOUNTS } from '@free/protocol/local-accounts';
import { createPublicClient, http, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChainMismatch, chainGuard } from '../src/chain/chain-guard.ts';
import { ConfigError, LOCAL_CLIENT_SECRET, loadConfig, SERVER_ROOT } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { runLoop } from '../src/jobs/loop.ts';
import { startServer } from '../src/main.ts';
import { openTestDb, testConfig } from './helpers.ts';

let anvil: AnvilHandle;
let client: PublicClient;
const dir = mkdtempSync(join(tmpdir(), 'free-fail-closed-'));
const deploymentFile = join(dir, 'bsc.json');
const OPERATOR = '0x00000000000000000000000000000000000000A1';
/** Everything an API on chain 56 needs, but the RPC. */
const PROD = {
  DEPLOYMENT_FILE: deploymentFile,
  OPERATOR_ADDRESSES: `${OPERATOR}:admin`,
  SIGNER_KEY: `0x${'11'.repeat(32)}`,
  HOT_WALLET_KEY: `0x${'22'.repeat(32)}`,
  FREE_CLIENT_SECRET: 'a-real-secret',
  // any free port: the default 9464 may be another process's on this machine
  METRICS_PORT: '0',
};
let env: (extra: Record<string, string | undefined>) => NodeJS.ProcessEnv;

beforeAll(async () => {
  anvil = await startAnvil({ port: 0, stateFile: null, reuse: false, chainId: 56 });
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  const contracts = Object.fromEntries(
    CONTRACT_KEYS.map((k, i) => [k, `0x${(i + 1).toString(16).padStart(40, '0')}`]),
  );
  writeFileSync(deploymentFile, JSON.stringify({ network: 'bsc', chainId: 56, ...contracts }));
  // only what is given here: none of this process's settings leak in
  env = (extra) =>
    ({
      RPC_URL: anvil.rpcUrl,
      DATABASE_URL: 'memory://',
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...extra,
    }) as NodeJS.ProcessEnv;
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const without = (name: keyof typeof PROD) => ({ ...PROD, [name]: undefined });

describe('the API on an RPC answering chain id 56', () => {
  it('with no settings exits 1 with one line: DEPLOYMENT_FILE is required (never deployments/local.json)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(SERVER_ROOT, 'src', 'main.ts')], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH, ...env({}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(out).not.toContain('listening');
    expect(err.trim()).toBe(
      'DEPLOYMENT_FILE: required on chain 56; deployments/local.json is assumed only on the local chain 31337',
    );
    expect(code).toBe(1);
  }, 120_000);

  it.each([
    [
      'no DEPLOYMENT_FILE',
      without('DEPLOYMENT_FILE'),
      'DEPLOYMENT_FILE: required on chain 56; deployments/local.json is assumed only on the local chain 31337',
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
      'a deployment file of the local chain',
      { ...PROD, DEPLOYMENT_FILE: resolve(SERVER_ROOT, '..', 'deployments', 'local.json') },
      null,
    ],
  ])(
    'refuses to start with %s',
    async (_what, settings, line) => {
      const started = startServer({ env: env(settings), jobs: false, logger: false });
      await expect(started).rejects.toBeInstanceOf(ConfigError);
      const message = await started.catch((err: Error) => err.message);
      if (line) expect(message).toBe(line);
      // the local deployment file may not exist in a fresh clone: either way it is refused
      else
        expect(message).toMatch(/^(RPC_URL: .* answers chain id 56, but DEPLOYMENT_FILE|DEPLOYMENT_FILE: )/);
    },
    60_000,
  );

  it('refuses startServer({ devClock: true }) as DEV_CLOCK=1', async () => {
    await expect(startServer({ env: env(PROD), devClock: true, jobs: false, logger: false })).rejects.toThrow(
      /^DEV_CLOCK: the dev clock is local-only \(chain id 31337\); refused on chain 56$/,
    );
  }, 120_000);

  it('starts fully configured and serves chain 56', async () => {
    const s = await startServer({ env: env(PROD), jobs: false, logger: false });
    try {
      expect(s.config.chainId).toBe(56);
      const res = await fetch(`${s.url}/api/common/config`, { headers: { platform: 'h5' } });
      const body = (await res.json()) as { data: { chain_id: number } };
      expect(body.data.chain_id).toBe(56);
      // Prometheus's port of its own, on 127.0.0.1 (9464 unless METRICS_PORT says otherwise)
      expect(s.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scraped = await (await fetch(s.metricsUrl as string)).text();
      expect(scraped).toMatch(/^free_ready [01]$/m);
      expect(loadConfig(env({ ...PROD, METRICS_PORT: undefined }), { rpc: { chainId: 56 } }).metrics).toEqual(
        {
          host: '127.0.0.1',
          port: 9464,
        },
      );
    } finally {
      await s.close();
    }
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
