import { describe, expect, it } from 'vitest';
import { buildEnv, LOCAL_BUILD } from './build-env';

describe('the build settings', () => {
  it('serve this machine with the local defaults', () => {
    expect(buildEnv({})).toEqual(LOCAL_BUILD);
    expect(buildEnv({ VITE_API_URL: 'http://127.0.0.1:41000' }).secret).toBe(LOCAL_BUILD.secret);
  });

  it('refuse a build for another host that lacks its own secret or RPC', () => {
    const api = { VITE_API_URL: 'https://app.example.com' };
    expect(() => buildEnv(api)).toThrow(/FREE_CLIENT_SECRET is not set; VITE_RPC_URL is not set/);
    expect(() =>
      buildEnv({ ...api, FREE_CLIENT_SECRET: LOCAL_BUILD.secret, VITE_RPC_URL: 'https://rpc.example' }),
    ).toThrow(/public local one/);
    expect(() => buildEnv({ ...api, FREE_CLIENT_SECRET: 's3cret-of-ours' })).toThrow(/VITE_RPC_URL/);
  });

  it('take what a build for another host names', () => {
    const env = {
      VITE_API_URL: 'https://app.example.com',
      FREE_CLIENT_SECRET: 's3cret-of-ours',
      VITE_RPC_URL: 'https://rpc.example',
    };
    expect(buildEnv(env)).toEqual({
      secret: 's3cret-of-ours',
      apiUrl: 'https://app.example.com',
      rpcUrl: 'https://rpc.example',
    });
  });
});
