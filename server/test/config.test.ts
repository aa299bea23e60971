import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_KEYS } from '@free/protocol/deployment';
import { LOCAL_ACCOUNTS } from '@free/protocol/local-accounts';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  LOCAL_CLIENT_SECRET,
  type LoadOptions,
  loadConfig,
  loadOpsConfig,
  resolveConfig,
  safeUrl,
  withSecretFiles,
} from '../src/config.ts';

const base = { DEPLOYMENT_FILE: '/nonexistent/deployment.json' };
const KEY = `0x${'11'.repeat(32)}`;
const KEY2 = `0x${'22'.repeat(32)}`;
const ANVIL_10 = '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897';
const OPERATOR = '0x00000000000000000000000000000000000000A1:admin';

const dir = mkdtempSync(join(tmpdir(), 'free-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A deployment file (made-up contract addresses) for `fields.chainId`. */
function deploymentFile(
  name: string,
  fields: { chainId: number; signer?: string | undefined; hotWallet?: string | undefined },
): string {
  const file = join(dir, `${name}.json`);
  const contracts = Object.fromEntries(
    CONTRACT_KEYS.map((k, i) => [k, `0x${(i + 1).toString(16).padStart(40, '0')}`]),
  );
  writeFileSync(file, JSON.stringify({ network: name, ...contracts, ...fields }));
  return file;
}
const addressOf = (key: string) => privateKeyToAccount(key as `0x${string}`).address;
/** chain 56's deployment, naming the signer and hot wallet of KEY and KEY2 (as the deploy writes it) */
const bsc = deploymentFile('bsc', { chainId: 56, signer: addressOf(KEY), hotWallet: addressOf(KEY2) });
const local = deploymentFile('local', { chainId: 31337 });
/** What every process shares off the local chain: one PostgreSQL, one Redis, the proxy, the domain. */
const SHARED = {
  DATABASE_URL: 'postgres://free@db.internal:5432/free',
  REDIS_URL: 'redis://cache.internal:6379',
  SIWE_DOMAINS: 'app.example.com',
  TRUST_PROXY: '1',
};
/** Everything a chain-56 API needs. */
const PROD = {
  ...SHARED,
  DEPLOYMENT_FILE: bsc,
  OPERATOR_ADDRESSES: OPERATOR,
  SIGNER_KEY: KEY,
  HOT_WALLET_KEY: KEY2,
  FREE_CLIENT_SECRET: 'a-real-secret',
};

const fails = (env: Record<string, string>, opts?: LoadOptions) => {
  try {
    loadConfig({ ...base, ...env } as NodeJS.ProcessEnv, opts);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected loadConfig to refuse');
};

describe('server settings', () => {
  it('has the local defaults: 127.0.0.1:8787, anvil accounts 10 and 11, the local client secret', () => {
    const c = loadConfig(base as NodeJS.ProcessEnv);
    expect(c).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:8545',
      clientSecret: LOCAL_CLIENT_SECRET,
    });
    expect(c.signerAddress).toBe('0xBcd4042DE499D14e55001CcbB24a551F3b954096');
    expect(c.hotWalletAddress).toBe('0x71bE63f3384f5fb98995898A86B02Fb2426c5788');
    expect(c.siweDomains).toEqual(['127.0.0.1:5173', 'localhost:5173']);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.deployment).toBeNull();
    // rate limits in this process unless REDIS_URL names a Redis shared by every API process
    expect(c.redisUrl).toBeUndefined();
    expect(c.redisKeyPrefix).toBe('free:');
    expect(c.rateLimits).toEqual({ perIp: 600, perAddress: 240 });
  });

  it('takes the rate limits per minute from RATE_LIMIT_PER_IP and RATE_LIMIT_PER_ADDRESS', () => {
    const c = loadConfig({
      ...base,
      RATE_LIMIT_PER_IP: '900',
      RATE_LIMIT_PER_ADDRESS: '1200',
    } as NodeJS.ProcessEnv);
    expect(c.rateLimits).toEqual({ perIp: 900, perAddress: 1200 });
  });

  it("takes the hot wallet's fee ceiling in gwei and its most re-signs, 50 gwei and 10 by default", () => {
    const d = loadConfig(base as NodeJS.ProcessEnv);
    expect([d.hotWalletMaxFeePerGas, d.hotWalletMaxResigns]).toEqual([50_000_000_000n, 10]);
    const c = loadConfig({
      ...base,
      HOT_WALLET_MAX_FEE_GWEI: '2.5',
      HOT_WALLET_MAX_RESIGNS: '0',
    } as NodeJS.ProcessEnv);
    expect([c.hotWalletMaxFeePerGas, c.hotWalletMaxResigns]).toEqual([2_500_000_000n, 0]);
  });

  it('takes a redis:// or rediss:// URL for the shared rate limits', () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://user:pw@cache.internal:6380/2']) {
      expect(loadConfig({ ...base, REDIS_URL: url } as NodeJS.ProcessEnv).redisUrl).toBe(url);
    }
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ RPC_URL: 'not a url' }, 'RPC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SIGNER_KEY: '0x1234' }, 'SIGNER_KEY'],
    [{ FINALITY_DEPTH: '-1' }, 'FINALITY_DEPTH'],
    [{ SIWE_DOMAINS: ' , ' }, 'SIWE_DOMAINS'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: '127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_KEY_PREFIX: 'has space' }, 'REDIS_KEY_PREFIX'],
    [{ RATE_LIMIT_PER_IP: '0' }, 'RATE_LIMIT_PER_IP'],
    [{ RATE_LIMIT_PER_ADDRESS: 'lots' }, 'RATE_LIMIT_PER_ADDRESS'],
    [{ RATE_LIMIT_PER_ADDRESS: '2.5' }, 'RATE_LIMIT_PER_ADDRESS'],
    [{ HOT_WALLET_MAX_FEE_GWEI: '0' }, 'HOT_WALLET_MAX_FEE_GWEI'],
    [{ HOT_WALLET_MAX_FEE_GWEI: '-5' }, 'HOT_WALLET_MAX_FEE_GWEI'],
    [{ HOT_WALLET_MAX_FEE_GWEI: '1e3' }, 'HOT_WALLET_MAX_FEE_GWEI'],
    [{ HOT_WALLET_MAX_RESIGNS: '-1' }, 'HOT_WALLET_MAX_RESIGNS'],
    [{ HOT_WALLET_MAX_RESIGNS: 'many' }, 'HOT_WALLET_MAX_RESIGNS'],
  ])('names the bad variable: %o', (env, name) => {
    expect(fails(env)).toContain(name);
  });

  it('requires real keys and secret off the local chain and refuses the local defaults there', () => {
    const on56 = { ...SHARED, DEPLOYMENT_FILE: bsc, OPERATOR_ADDRESSES: OPERATOR };
    expect(fails(on56)).toBe('SIGNER_KEY: required on chain 56 (local defaults apply only to 31337)');
    expect(fails({ ...on56, SIGNER_KEY: KEY })).toContain('HOT_WALLET_KEY');
    expect(fails({ ...on56, SIGNER_KEY: KEY, HOT_WALLET_KEY: KEY2 })).toBe(
      'FREE_CLIENT_SECRET: required on chain 56',
    );
    expect(fails({ ...PROD, SIGNER_KEY: ANVIL_10 })).toBe(
      'SIGNER_KEY: an anvil test key (the public "test … junk" mnemonic) is refused on chain 56',
    );
    expect(fails({ ...PROD, FREE_CLIENT_SECRET: LOCAL_CLIENT_SECRET })).toBe(
      'FREE_CLIENT_SECRET: the local default is refused on chain 56',
    );
    const ok = loadConfig(PROD as NodeJS.ProcessEnv);
    expect(ok.chainId).toBe(56);
    expect(ok.finalityDepth).toBe(15);
    expect(loadConfig(base as NodeJS.ProcessEnv).finalityDepth).toBe(0);
    expect(loadConfig({ ...base, FINALITY_DEPTH: '3' } as NodeJS.ProcessEnv).finalityDepth).toBe(3);
  });

  it('turns the dev clock on with DEV_CLOCK=1 on the local chain only', () => {
    expect(loadConfig(base as NodeJS.ProcessEnv).devClock).toBe(false);
    expect(loadConfig({ ...base, DEV_CLOCK: '1' } as NodeJS.ProcessEnv).devClock).toBe(true);
    expect(loadConfig({ ...base, DEV_CLOCK: '0' } as NodeJS.ProcessEnv).devClock).toBe(false);
    expect(fails({ DEV_CLOCK: 'yes' })).toContain('DEV_CLOCK');
    expect(fails({ ...PROD, DEV_CLOCK: '1' })).toBe(
      'DEV_CLOCK: the dev clock is local-only (chain id 31337); refused on chain 56',
    );
    expect(loadConfig({ ...PROD, DEV_CLOCK: '0' } as NodeJS.ProcessEnv).devClock).toBe(false);
  });
});

describe("server settings decided by the RPC's chain id", () => {
  const rpc56: LoadOptions = { rpc: { chainId: 56 } };
  const env = (e: Record<string, string | undefined>) => e as NodeJS.ProcessEnv;
  const refusal = (e: Record<string, string | undefined>, opts: LoadOptions = rpc56) => {
    try {
      loadConfig(env(e), opts);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected loadConfig to refuse');
  };
  const without = (name: string) => ({ ...PROD, [name]: undefined });

  it("starts on chain 56 only fully configured, with the RPC's chain id", () => {
    const c = loadConfig(env(PROD), rpc56);
    expect(c.chainId).toBe(56);
    expect([...c.operators]).toEqual([[OPERATOR.split(':')[0], 'admin']]);
    expect(c.devClock).toBe(false);
  });

  it('never falls back to deployments/local.json off the local chain', () => {
    expect(refusal(without('DEPLOYMENT_FILE'))).toBe(
      'DEPLOYMENT_FILE: required on chain 56; deployments/local.json is assumed only on the local chain 31337',
    );
    expect(refusal({ ...PROD, DEPLOYMENT_FILE: join(dir, 'missing.json') })).toBe(
      `DEPLOYMENT_FILE: ${join(dir, 'missing.json')} does not exist (required on chain 56)`,
    );
  });

  it("refuses a deployment file of another chain than the RPC's", () => {
    expect(refusal({ ...PROD, DEPLOYMENT_FILE: local })).toBe(
      `RPC_URL: http://127.0.0.1:8545 answers chain id 56, but DEPLOYMENT_FILE ${local} is for chain 31337`,
    );
    // and the other way round: the local chain with a deployment made for chain 56
    expect(refusal(PROD, { rpc: { chainId: 31337 } })).toBe(
      `RPC_URL: http://127.0.0.1:8545 answers chain id 31337, but DEPLOYMENT_FILE ${bsc} is for chain 56`,
    );
    expect(refusal({ ...PROD, CHAIN_ID: '97' })).toBe(
      "CHAIN_ID: 97 differs from the deployment's chainId 56",
    );
  });

  it('requires operators, and none of the anvil accounts', () => {
    expect(refusal(without('OPERATOR_ADDRESSES'))).toBe(
      'OPERATOR_ADDRESSES: required on chain 56 (0x<address>:admin,…; anvil account 0 is the default only on the local chain)',
    );
    const anvil0 = LOCAL_ACCOUNTS[0]?.[0] as string;
    expect(refusal({ ...PROD, OPERATOR_ADDRESSES: `${OPERATOR},${anvil0}:finance` })).toBe(
      `OPERATOR_ADDRESSES: ${anvil0} is an anvil test account (public key), refused on chain 56`,
    );
  });

  it('requires a client secret of its own', () => {
    expect(refusal(without('FREE_CLIENT_SECRET'))).toBe('FREE_CLIENT_SECRET: required on chain 56');
    expect(refusal({ ...PROD, FREE_CLIENT_SECRET: LOCAL_CLIENT_SECRET })).toBe(
      'FREE_CLIENT_SECRET: the local default is refused on chain 56',
    );
  });

  it('refuses the dev clock', () => {
    expect(refusal({ ...PROD, DEV_CLOCK: '1' })).toBe(
      'DEV_CLOCK: the dev clock is local-only (chain id 31337); refused on chain 56',
    );
  });

  it('refuses every key and account of the anvil test mnemonic as signer or hot wallet', () => {
    for (const i of [0, 10, 19]) {
      const key = LOCAL_ACCOUNTS[i]?.[1];
      for (const name of ['SIGNER_KEY', 'HOT_WALLET_KEY']) {
        expect(refusal({ ...PROD, [name]: key })).toBe(
          `${name}: an anvil test key (the public "test … junk" mnemonic) is refused on chain 56`,
        );
      }
    }
    expect(refusal(without('HOT_WALLET_KEY'))).toBe(
      'HOT_WALLET_KEY: required on chain 56 (local defaults apply only to 31337)',
    );
    const anvilSigner = deploymentFile('anvil-signer', { chainId: 56, signer: LOCAL_ACCOUNTS[10]?.[0] });
    expect(refusal({ ...PROD, DEPLOYMENT_FILE: anvilSigner })).toBe(
      `DEPLOYMENT_FILE: its signer ${LOCAL_ACCOUNTS[10]?.[0]} is an anvil test account (public key), refused on chain 56`,
    );
  });

  it('takes an RPC that does not answer for anything but the local chain', () => {
    const down: LoadOptions = { rpc: { error: 'fetch failed' } };
    expect(refusal({}, down)).toBe(
      'DEPLOYMENT_FILE: required when the RPC is not the local chain 31337 (RPC_URL http://127.0.0.1:8545 did not answer eth_chainId: fetch failed); deployments/local.json is assumed only on the local chain 31337',
    );
    // a full configuration starts; the jobs wait for the RPC to answer chain 56
    expect(loadConfig(env(PROD), down).chainId).toBe(56);
  });

  it('keeps the local defaults when the RPC answers 31337', () => {
    const c = loadConfig(env(base), { rpc: { chainId: 31337 } });
    expect(c).toMatchObject({ chainId: 31337, clientSecret: LOCAL_CLIENT_SECRET, devClock: false });
    expect([...c.operators]).toEqual([[LOCAL_ACCOUNTS[0]?.[0], 'admin']]);
    expect(loadConfig(env({ ...base, DEV_CLOCK: '1' }), { rpc: { chainId: 31337 } }).devClock).toBe(true);
  });
});

describe('settings shared by every process off the local chain (fail closed, round 2)', () => {
  const rpc56: LoadOptions = { rpc: { chainId: 56 } };
  const refusal = (e: Record<string, string | undefined>) => {
    try {
      loadConfig(e as NodeJS.ProcessEnv, rpc56);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected loadConfig to refuse');
  };

  it('requires a postgres:// DATABASE_URL: no embedded PGlite, no memory://', () => {
    const line =
      'DATABASE_URL: a postgres:// URL is required on chain 56 (the embedded PGlite — unset, file:// or memory:// — is for the local chain 31337 only)';
    for (const url of [undefined, 'memory://', 'file:///var/lib/free']) {
      expect(refusal({ ...PROD, DATABASE_URL: url })).toBe(line);
    }
    expect(
      loadConfig({ ...PROD, DATABASE_URL: 'postgresql://u@h/free' } as NodeJS.ProcessEnv, rpc56).databaseUrl,
    ).toBe('postgresql://u@h/free');
  });

  it('PROCESS_ROLE=api needs no hot-wallet key and refuses one; jobs and all need it', () => {
    const api = loadConfig(
      { ...PROD, PROCESS_ROLE: 'api', HOT_WALLET_KEY: undefined } as NodeJS.ProcessEnv,
      rpc56,
    );
    expect(api.role).toBe('api');
    expect(api.hotWalletKey).toBeUndefined();
    // the dashboard and reconcile still know the wallet: the deployment file names it
    expect(api.hotWalletAddress).toBe(addressOf(KEY2));
    for (const name of ['HOT_WALLET_KEY', 'HOT_WALLET_KEY_FILE'])
      expect(refusal({ ...PROD, HOT_WALLET_KEY: undefined, PROCESS_ROLE: 'api', [name]: KEY2 })).toBe(
        `${name}: refused with PROCESS_ROLE=api (the hot wallet's key belongs to the jobs processes only)`,
      );
    for (const role of ['jobs', 'all'])
      expect(refusal({ ...PROD, PROCESS_ROLE: role, HOT_WALLET_KEY: undefined })).toMatch(
        /^HOT_WALLET_KEY: required on chain 56/,
      );
    expect(loadConfig({ ...PROD, PROCESS_ROLE: 'jobs' } as NodeJS.ProcessEnv, rpc56).hotWalletKey).toBe(KEY2);
    expect(loadConfig(PROD as NodeJS.ProcessEnv, rpc56).role).toBe('all');
    expect(refusal({ ...PROD, PROCESS_ROLE: 'web' })).toContain('PROCESS_ROLE: must be api, jobs or all');
  });

  it('drains 5 s after SIGTERM off the local chain, none locally, DRAIN_SECONDS when given', () => {
    expect(loadConfig(PROD as NodeJS.ProcessEnv, rpc56).drainMs).toBe(5_000);
    expect(loadConfig({ ...PROD, DRAIN_SECONDS: '12' } as NodeJS.ProcessEnv, rpc56).drainMs).toBe(12_000);
    expect(loadConfig({} as NodeJS.ProcessEnv).drainMs).toBe(0);
  });

  it('requires REDIS_URL, SIWE_DOMAINS and an explicit TRUST_PROXY', () => {
    expect(refusal({ ...PROD, REDIS_URL: undefined })).toMatch(/^REDIS_URL: required on chain 56 \(/);
    expect(refusal({ ...PROD, SIWE_DOMAINS: undefined })).toMatch(/^SIWE_DOMAINS: required on chain 56 \(/);
    expect(refusal({ ...PROD, TRUST_PROXY: undefined })).toMatch(
      /^TRUST_PROXY: required on chain 56: 1 behind/,
    );
    // explicit "no proxy" is an answer too
    expect(loadConfig({ ...PROD, TRUST_PROXY: 'false' } as NodeJS.ProcessEnv, rpc56).trustProxy).toBe(false);
  });

  it('refuses a FINALITY_DEPTH below 2, and keeps 15 when unset', () => {
    expect(refusal({ ...PROD, FINALITY_DEPTH: '1' })).toBe(
      'FINALITY_DEPTH: 1 is below the minimum of 2 on chain 56 (blocks on top of an event before it counts; 15 when unset)',
    );
    expect(refusal({ ...PROD, FINALITY_DEPTH: '0' })).toContain(
      'FINALITY_DEPTH: 0 is below the minimum of 2',
    );
    expect(loadConfig({ ...PROD, FINALITY_DEPTH: '2' } as NodeJS.ProcessEnv, rpc56).finalityDepth).toBe(2);
    expect(loadConfig(PROD as NodeJS.ProcessEnv, rpc56).finalityDepth).toBe(15);
  });

  it('refuses a signer or hot-wallet key of another address than the deployment file names', () => {
    const KEY3 = `0x${'33'.repeat(32)}`;
    expect(refusal({ ...PROD, SIGNER_KEY: KEY3 })).toBe(
      `SIGNER_KEY: its address ${addressOf(KEY3)} is not the signer ${addressOf(KEY)} of DEPLOYMENT_FILE; refused on chain 56`,
    );
    expect(refusal({ ...PROD, HOT_WALLET_KEY: KEY3 })).toBe(
      `HOT_WALLET_KEY: its address ${addressOf(KEY3)} is not the hotWallet ${addressOf(KEY2)} of DEPLOYMENT_FILE; refused on chain 56`,
    );
    const unnamed = deploymentFile('no-hot-wallet', { chainId: 56, signer: addressOf(KEY) });
    expect(refusal({ ...PROD, DEPLOYMENT_FILE: unnamed })).toBe(
      'DEPLOYMENT_FILE: names no hotWallet address; required on chain 56 to check HOT_WALLET_KEY against',
    );
  });

  it("refuses a SIGNER_KEY that a deployed contract does not accept (the RPC's answer)", async () => {
    const chain56 = async () => 56;
    const env = PROD as NodeJS.ProcessEnv;
    const asked: string[] = [];
    await expect(
      resolveConfig(env, chain56, async (_url, _c, signer) => {
        asked.push(signer);
        return { staking: true, payment: false };
      }),
    ).rejects.toThrow(
      new RegExp(
        `^SIGNER_KEY: its address ${addressOf(KEY)} is not a signer the deployed Payment 0x0*5 accepts; refused on chain 56$`,
        'i',
      ),
    );
    expect(asked).toEqual([addressOf(KEY)]);
    await expect(
      resolveConfig(env, chain56, async () => {
        throw new Error('execution reverted\nURL: http://127.0.0.1:8545');
      }),
    ).rejects.toThrow(
      /^DEPLOYMENT_FILE: cannot read isSigner\(\) of its Staking .* on chain 56 \(execution reverted\)$/,
    );
    // during a rotation both keys are accepted: the new one starts
    const ok = await resolveConfig(env, chain56, async () => ({ staking: true, payment: true }));
    expect(ok.signerAddress).toBe(addressOf(KEY));
  });
});

describe('keys and secrets from files (<NAME>_FILE)', () => {
  const secret = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('reads every key and secret from its _FILE, without the trailing newline', () => {
    const c = loadConfig(
      {
        ...PROD,
        SIGNER_KEY: undefined,
        SIGNER_KEY_FILE: secret('signer', `${KEY}\n`),
        HOT_WALLET_KEY: undefined,
        HOT_WALLET_KEY_FILE: secret('hot', KEY2),
        FREE_CLIENT_SECRET: undefined,
        FREE_CLIENT_SECRET_FILE: secret('client', 'from-a-file\n'),
        DATABASE_URL: undefined,
        DATABASE_URL_FILE: secret('db', 'postgres://free:pw@db/free\n'),
        REDIS_URL: undefined,
        REDIS_URL_FILE: secret('redis', 'redis://:pw@cache:6379'),
      } as NodeJS.ProcessEnv,
      { rpc: { chainId: 56 } },
    );
    expect(c.signerAddress).toBe(addressOf(KEY));
    expect(c.hotWalletAddress).toBe(addressOf(KEY2));
    expect(c.clientSecret).toBe('from-a-file');
    expect(c.databaseUrl).toBe('postgres://free:pw@db/free');
    expect(c.redisUrl).toBe('redis://:pw@cache:6379');
  });

  it('refuses both set, an unreadable file and an empty one, naming the variable and never the value', () => {
    expect(fails({ SIGNER_KEY: KEY, SIGNER_KEY_FILE: secret('s2', KEY) })).toBe(
      'SIGNER_KEY_FILE: SIGNER_KEY is set too; set one of them',
    );
    expect(fails({ HOT_WALLET_KEY_FILE: join(dir, 'absent') })).toBe(
      `HOT_WALLET_KEY_FILE: cannot read ${join(dir, 'absent')} (ENOENT)`,
    );
    expect(fails({ FREE_CLIENT_SECRET_FILE: secret('empty', '\n') })).toBe(
      `FREE_CLIENT_SECRET_FILE: ${join(dir, 'empty')} is empty`,
    );
    const bad = fails({ SIGNER_KEY_FILE: secret('bad', 'not-a-key-but-secret') });
    expect(bad).toContain('SIGNER_KEY');
    expect(bad).not.toContain('not-a-key-but-secret');
    expect(withSecretFiles({ DEPLOYER_KEY_FILE: secret('deployer', `${KEY}\n`) }).DEPLOYER_KEY).toBe(KEY);
  });

  it('shows URLs without user, password, path or query', () => {
    expect(safeUrl('https://bsc.provider.example/v1/SECRETKEY?x=1')).toBe('https://bsc.provider.example/…');
    expect(safeUrl('postgres://free:pw@db:5432/free')).toBe('postgres://db:5432/…');
    expect(safeUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
    const refused = fails(
      { ...PROD, RPC_URL: 'https://bsc.provider.example/v1/SECRETKEY' },
      { rpc: { chainId: 97 } },
    );
    expect(refused).toMatch(
      /^RPC_URL: https:\/\/bsc\.provider\.example\/… answers chain id 97, but DEPLOYMENT_FILE/,
    );
    expect(refused).not.toContain('SECRETKEY');
  });
});

describe('the operator tool on chain 56 (read-only commands from a cron job)', () => {
  it('needs RPC_URL, DATABASE_URL and DEPLOYMENT_FILE only: no SIGNER_KEY, no hot-wallet key', () => {
    const c = loadOpsConfig({
      RPC_URL: 'https://bsc.provider.example/v1/k',
      DATABASE_URL: SHARED.DATABASE_URL,
      DEPLOYMENT_FILE: bsc,
    } as NodeJS.ProcessEnv);
    expect(c.chainId).toBe(56);
    // reconcile counts what the deployment's hot wallet holds
    expect(c.hotWalletAddress).toBe(addressOf(KEY2));
    expect(c.databaseUrl).toBe(SHARED.DATABASE_URL);
  });

  it('refuses the embedded database and a missing deployment file as the API does', () => {
    const missing = join(dir, 'missing.json');
    expect(() => loadOpsConfig({ DEPLOYMENT_FILE: bsc } as NodeJS.ProcessEnv)).toThrow(
      /^DATABASE_URL: a postgres:\/\/ URL is required on chain 56/,
    );
    expect(() =>
      loadOpsConfig({
        DATABASE_URL: SHARED.DATABASE_URL,
        DEPLOYMENT_FILE: missing,
        CHAIN_ID: '56',
      } as NodeJS.ProcessEnv),
    ).toThrow(`DEPLOYMENT_FILE: ${missing} does not exist (required on chain 56)`);
  });
});
