import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, webSecurityHeaders } from './csp';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name, values];
    }),
  );

describe('content security policy', () => {
  const prod = directives(
    contentSecurityPolicy({
      apiUrl: 'https://api.free.example/base/',
      rpcUrl: 'https://bsc.rpc.example/key',
    }),
  );

  it('runs scripts only from the app origin and is never framed', () => {
    expect(prod['script-src']).toEqual(["'self'"]);
    expect(prod['object-src']).toEqual(["'none'"]);
    expect(prod['frame-ancestors']).toEqual(["'none'"]);
    expect(prod['default-src']).toEqual(["'self'"]);
  });

  it('lets the page talk to the API, the chain RPC and WalletConnect, by origin', () => {
    expect(prod['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://api.free.example',
        'https://bsc.rpc.example',
        'wss://*.walletconnect.org',
      ]),
    );
    expect(prod['connect-src']).not.toContain('*');
    expect(prod['connect-src']).not.toContain('https:');
  });

  it("allows index.html's inline shell script by its hash only", () => {
    const withShell = directives(
      contentSecurityPolicy({
        apiUrl: 'https://api.free.example',
        rpcUrl: 'https://bsc.rpc.example',
        inlineScripts: ['sha256-abc='],
      }),
    );
    expect(withShell['script-src']).toEqual(["'self'", "'sha256-abc='"]);
    expect(withShell['script-src']).not.toContain("'unsafe-inline'");
  });

  it('allows the dev server its inline preamble by nonce only, and its HMR socket', () => {
    const dev = directives(
      contentSecurityPolicy({
        apiUrl: 'http://127.0.0.1:8787',
        rpcUrl: 'http://127.0.0.1:8545',
        dev: { nonce: 'abc123', hmrOrigin: 'ws://127.0.0.1:5173' },
      }),
    );
    expect(dev['script-src']).toEqual(["'self'", "'nonce-abc123'"]);
    expect(dev['script-src']).not.toContain("'unsafe-inline'");
    expect(dev['connect-src']).toContain('ws://127.0.0.1:5173');
  });

  it('comes with nosniff and no framing', () => {
    const h = webSecurityHeaders({ apiUrl: 'http://127.0.0.1:8787', rpcUrl: 'http://127.0.0.1:8545' });
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
  });
});
