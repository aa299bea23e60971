// Sign-in dates its SIWE message by the server's clock (the nonce's issue), not the device's: a
// device clock that is off, or a local chain moved forward by dev:advance, must not make the server
// refuse the message as too old or from the future.
import { SIWE_NONCE_TTL_MS } from '@free/protocol/constants';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import pkg from '@spruceid/siwe-parser';
import { parseSiweMessage } from 'viem/siwe';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { signIn } from './signIn';
import { session } from './store';

vi.mock('../components/toast', () => ({ showToast: vi.fn() }));

// the EIP-4361 reference parser (CommonJS)
const { ParsedMessage } = pkg;

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Signs in against a stubbed API whose clock is `serverIssue`; returns the message sent to login. */
async function signedMessage(serverIssue: Date, address: `0x${string}` = ADDRESS): Promise<string> {
  const expiresAt = new Date(serverIssue.getTime() + SIWE_NONCE_TTL_MS).toISOString();
  let sent: { message: string } | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input).pathname;
      let data: unknown = null;
      if (path === '/api/common/nonce')
        data = { nonce: 'n0nce12345678', address: ADDRESS, chainId: 31337, expiresAt };
      if (path === '/api/common/login') {
        sent = JSON.parse(String(init.body));
        data = { token: 'tok', expiresAt, user: { id: 1, address: ADDRESS, inviter: null } };
      }
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
    }),
  );
  await signIn({ address, chainId: 31337, signMessage: async () => '0xsig' });
  if (!sent) throw new Error('no login request');
  return (sent as { message: string }).message;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

describe('sign-in message', () => {
  it('is issued at the server time of the nonce, whatever the device clock says', async () => {
    // the server's clock is 8 days ahead of this device (a chain moved by dev:advance)
    const serverIssue = new Date(Date.now() + 8 * 86_400_000);
    const m = parseSiweMessage(await signedMessage(serverIssue));
    expect(m.issuedAt?.toISOString()).toBe(serverIssue.toISOString());
    expect(m.expirationTime?.toISOString()).toBe(
      new Date(serverIssue.getTime() + SIWE_NONCE_TTL_MS).toISOString(),
    );
    expect(session.token()).toBe('tok');
  });

  it.each(LANGUAGE_CODES)('is valid EIP-4361 for the reference parser with the page in %s', async (lang) => {
    await initI18n(lang);
    try {
      // a lower-case address from the wallet still makes an EIP-55 message
      const message = await signedMessage(new Date(), ADDRESS.toLowerCase() as `0x${string}`);
      const parsed = new ParsedMessage(message);
      expect(parsed.address).toBe(ADDRESS);
      expect(parsed.domain).toBe(window.location.host);
      expect(parsed.chainId).toBe(31337);
      expect(parsed.statement).toMatch(/^[\x20-\x7e]+$/);
    } finally {
      await initI18n('en');
    }
  });
});
