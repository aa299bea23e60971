import { describe, expect, it } from 'vitest';
import { ConfigError, LOCAL_CLIENT_SECRET, loadConfig } from '../src/config.ts';

const base = { DEPLOYMENT_FILE: '/nonexistent/deployment.json' };
const KEY = `0x${'11'.repeat(32)}`;
const KEY2 = `0x${'22'.repeat(32)}`;
const ANVIL_10 = '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897';

const fails = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env } as NodeJS.ProcessEnv);
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
  ])('names the bad variable: %o', (env, name) => {
    expect(fails(env)).toContain(name);
  });

  it('requires real keys and secret off the local chain and refuses the local defaults there', () => {
    expect(fails({ CHAIN_ID: '56' })).toContain('SIGNER_KEY');
    expect(fails({ CHAIN_ID: '56', SIGNER_KEY: KEY })).toContain('HOT_WALLET_KEY');
    expect(fails({ CHAIN_ID: '56', SIGNER_KEY: KEY, HOT_WALLET_KEY: KEY2 })).toContain('FREE_CLIENT_SECRET');
    expect(
      fails({
        CHAIN_ID: '56',
        SIGNER_KEY: ANVIL_10,
        HOT_WALLET_KEY: KEY2,
        FREE_CLIENT_SECRET: 'a-real-secret',
      }),
    ).toContain('SIGNER_KEY');
    expect(
      fails({
        CHAIN_ID: '56',
        SIGNER_KEY: KEY,
        HOT_WALLET_KEY: KEY2,
        FREE_CLIENT_SECRET: LOCAL_CLIENT_SECRET,
      }),
    ).toContain('FREE_CLIENT_SECRET');
    const ok = loadConfig({
      ...base,
      CHAIN_ID: '56',
      SIGNER_KEY: KEY,
      HOT_WALLET_KEY: KEY2,
      FREE_CLIENT_SECRET: 'a-real-secret',
    } as NodeJS.ProcessEnv);
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
    const real = {
      CHAIN_ID: '56',
      SIGNER_KEY: KEY,
      HOT_WALLET_KEY: KEY2,
      FREE_CLIENT_SECRET: 'a-real-secret',
    };
    expect(fails({ ...real, DEV_CLOCK: '1' })).toMatch(
      /DEV_CLOCK: the dev clock is local-only \(chain id 31337\)/,
    );
    expect(loadConfig({ ...base, ...real, DEV_CLOCK: '0' } as NodeJS.ProcessEnv).devClock).toBe(false);
  });
});
