// Sign-in dates its SIWE message by the server's clock (the nonce's issue), not the device's: a
// device clock that is off, or a local chain moved forward by dev:advance, must not make the server
// refuse the message as too old or from the future.
import { SIWE_NONCE_TTL_MS } from '@free/protocol/constants';
import { parseSiweMessage } from 'viem/siwe';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { signIn } from './signIn';
import { session } from './store';

vi.mock('../components/toast', () => ({ showToast: vi.fn() }));

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

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
    await signIn({ address: ADDRESS, chainId: 31337, signMessage: async () => '0xsig' });
    expect(sent).not.toBeNull();
    const m = parseSiweMessage((sent as unknown as { message: string }).message);
    expect(m.issuedAt?.toISOString()).toBe(serverIssue.toISOString());
    expect(m.expirationTime?.toISOString()).toBe(expiresAt);
    expect(session.token()).toBe('tok');
  });
});
