import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../components/toast';
import { initI18n } from '../i18n';
import { walletSheet } from './prompt';
import { signOut } from './signOut';
import { session } from './store';

vi.mock('../components/toast', () => ({ showToast: vi.fn() }));

const USER = { address: '0x00000000000000000000000000000000000000aa' };

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  vi.mocked(showToast).mockClear();
  walletSheet.close();
  session.set({ token: 'tok-out', user: USER });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-out', () => {
  it('revokes the token on the server with the signed headers, and forgets it here', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(
      (_url: string, _init: RequestInit) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const done = signOut();
    // signed out here at once, before the server has answered
    expect(session.get()).toBeNull();
    // the request goes out once request signing (loaded on first use) is there
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/user\/logout$/);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-out');
    answer(new Response(JSON.stringify({ code: 200, msg: 'ok', data: { revoked: true } })));
    await done;
    expect(showToast).not.toHaveBeenCalled();
  });

  it('still signs out when offline, without a network toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await signOut();
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('free.session')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('does not ask to sign in again when the server already forgot the token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 401, msg: 'Unauthorized', data: null }))),
    );
    await signOut();
    expect(session.get()).toBeNull();
    expect(walletSheet.get().open).toBe(false);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('calls nothing when nobody is signed in', async () => {
    session.clear();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await signOut();
    expect(fetch).not.toHaveBeenCalled();
  });
});
