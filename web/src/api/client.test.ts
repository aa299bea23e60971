import { SIWE_NONCE_TTL_MS } from '@free/protocol/constants';
import { ErrorCode } from '@free/protocol/envelope';
import { SIGN_WINDOW_MS, signRequest } from '@free/protocol/signing';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTabIndex, setTabIndex } from '../app/tabIndex';
import { showToast } from '../components/toast';
import { initI18n, setLanguage } from '../i18n';
import { walletSheet } from '../session/prompt';
import { session } from '../session/store';
import { ApiError, call, routes } from './client';

vi.mock('../components/toast', () => ({ showToast: vi.fn() }));

function respond(body: unknown, status = 200) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  vi.mocked(showToast).mockClear();
  session.clear();
  walletSheet.close();
  window.location.hash = '#/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('returns data of a code 200 envelope', async () => {
    vi.stubGlobal('fetch', respond({ code: 200, msg: 'ok', data: { twitter_url: 'x' } }));
    await expect(call(routes.getCommonConfig)).resolves.toEqual({ twitter_url: 'x' });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('sends platform h5 always, and bearer, sign, times and language with a token', async () => {
    const fetch = respond({ code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetch);
    await call(routes.getCommonConfig);
    const anonymous = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(anonymous.platform).toBe('h5');
    expect(anonymous.Authorization).toBeUndefined();
    expect(anonymous['Accept-Language']).toBe('en');

    session.set({ token: 'tok123', user: { address: '0x00000000000000000000000000000000000000aa' } });
    await call(routes.getUser);
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('http://127.0.0.1:8787/api/user');
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(headers.times).toMatch(/^\d{13}$/);
    expect(headers.sign).toBe(signRequest('free-local-dev-secret', 'tok123', headers.times as string));
    expect(headers['Accept-Language']).toBe('en');
  });

  it("sends a visitor's chosen app language, not the browser's", async () => {
    const fetch = respond({ code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetch);
    await setLanguage('ar', false);
    try {
      await call(routes.getCommonArticleList);
    } finally {
      await setLanguage('en', false);
    }
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Accept-Language']).toBe('ar');
  });

  it('on 401 shows the server message, clears the user, goes home, resets the tab and asks to sign in', async () => {
    session.set({ token: 'old', user: { address: '0x00000000000000000000000000000000000000aa' } });
    window.location.hash = '#/pages/mine/team?x=1';
    setTabIndex(4);
    vi.stubGlobal('fetch', respond({ code: 401, msg: 'Session expired', data: null }));

    const error = await call(routes.getUserTeamInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(401);
    expect(showToast).toHaveBeenCalledWith('Session expired');
    expect(session.get()).toBeNull();
    expect(window.location.hash).toBe('#/');
    expect(getTabIndex()).toBe(0);
    expect(walletSheet.get().open).toBe(true);
  });

  it('shows msg of another non-200 code and rejects', async () => {
    vi.stubGlobal('fetch', respond({ code: 1004, msg: 'Insufficient Wallet Balance', data: null }));
    await expect(call(routes.postUserWithdrawApply, { body: { amount: '5' } })).rejects.toMatchObject({
      code: 1004,
    });
    expect(showToast).toHaveBeenCalledWith('Insufficient Wallet Balance');
  });

  it('falls back to message, then to the translated "error"', async () => {
    vi.stubGlobal('fetch', respond({ statusCode: 404, message: 'Route GET:/x not found' }, 404));
    await expect(call(routes.getCommonFomo)).rejects.toMatchObject({ code: 404, status: 404 });
    expect(showToast).toHaveBeenLastCalledWith('Route GET:/x not found');

    vi.stubGlobal('fetch', respond({ code: 500 }, 500));
    await expect(call(routes.getCommonQuotes)).rejects.toBeInstanceOf(ApiError);
    expect(showToast).toHaveBeenLastCalledWith('Something went wrong');
  });

  it('reads the envelope of an answer whose HTTP status is its code (400, 429, 504)', async () => {
    for (const [code, msg] of [
      [400, 'Invalid request (amount)'],
      [429, 'Too many requests'],
      [504, 'Request timed out'],
    ] as const) {
      vi.stubGlobal('fetch', respond({ code, msg, data: null }, code));
      await expect(call(routes.postUserWithdrawApply, { body: { amount: '5' } })).rejects.toMatchObject({
        code,
        status: code,
        message: msg,
      });
      expect(showToast).toHaveBeenLastCalledWith(msg);
    }
  });

  it('rejects a 404 of our own API with ApiError, shown like any other refusal', async () => {
    vi.stubGlobal('fetch', respond({ code: 404, msg: 'Not found', data: null }, 404));
    const error = await call(routes.getCommonShopProducts).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 404, status: 404 });
    expect(showToast).toHaveBeenCalledWith('Not found');
  });

  it("calls the entry's method and path with the query and body given", async () => {
    const fetch = respond({ code: 200, msg: 'ok', data: { list: [] } });
    vi.stubGlobal('fetch', fetch);
    await call(routes.getCommonRoundHistory, { query: { page: 2, size: 5 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8787/api/common/round/history?page=2&size=5');
    expect(init.method).toBe('GET');
    await call(routes.postUserStakeAutoRenew, { body: { orderId: 'S3', autoRenew: true } });
    const [url2, init2] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url2).toBe('http://127.0.0.1:8787/api/user/stake/auto_renew');
    expect(init2).toMatchObject({ method: 'POST', body: JSON.stringify({ orderId: 'S3', autoRenew: true }) });
  });

  it('types each call from its entry (checked by tsc, never run)', () => {
    const refused = () => {
      // @ts-expect-error a withdrawal needs its body
      void call(routes.postUserWithdrawApply);
      // @ts-expect-error a nonce needs the address
      void call(routes.getCommonNonce, { query: {} });
      // @ts-expect-error the answer is the config, not a list
      void call(routes.getCommonConfig).then((c) => c.list);
    };
    expect(refused).toBeTypeOf('function');
  });

  it('stays silent when the call asked to hide errors, but still rejects', async () => {
    vi.stubGlobal('fetch', respond({ code: 409, msg: 'Conflict', data: null }));
    await expect(call(routes.getUserFire, { hideError: true })).rejects.toMatchObject({
      code: 409,
    });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('turns a transport failure into "network error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call(routes.getCommonConfig)).rejects.toMatchObject({ code: ErrorCode.NetworkError });
    expect(showToast).toHaveBeenCalledWith('Network error, please try again');
  });

  it('gives up after 10 seconds as a network error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = call(routes.getCommonConfig).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(showToast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: ErrorCode.NetworkError });
    expect(showToast).toHaveBeenCalledWith('Network error, please try again');
  });

  it('signs with the server time: a request refused for its timestamp learns it from a nonce and goes once more', async () => {
    // the server's clock is 8 days ahead of this device (a local chain moved by dev:advance)
    const ahead = 8 * 86_400_000;
    const calls: { path: string; times?: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit) => {
        const path = new URL(input).pathname;
        const times = (init.headers as Record<string, string>).times;
        calls.push({ path, times });
        const serverNow = Date.now() + ahead;
        const reply = (body: unknown) => new Response(JSON.stringify(body));
        if (path === '/api/common/nonce')
          return reply({
            code: 200,
            msg: 'ok',
            data: {
              nonce: 'n',
              address: '0xaa',
              chainId: 31337,
              expiresAt: new Date(serverNow + SIWE_NONCE_TTL_MS).toISOString(),
            },
          });
        if (Math.abs(Number(times) - serverNow) > SIGN_WINDOW_MS)
          return reply({
            code: ErrorCode.StaleTimestamp,
            msg: 'Request expired, please check your device clock',
            data: null,
          });
        return reply({ code: 200, msg: 'ok', data: { fine: true } });
      }),
    );
    session.set({ token: 'tok-clock', user: { address: '0x00000000000000000000000000000000000000aa' } });
    await expect(call(routes.getUser)).resolves.toEqual({ fine: true });
    expect(calls.map((c) => c.path)).toEqual(['/api/user', '/api/common/nonce', '/api/user']);
    expect(Math.abs(Number(calls[2]?.times) - (Date.now() + ahead))).toBeLessThan(5_000);
    expect(showToast).not.toHaveBeenCalled();
    // learned: the next request is signed with the server's time at once
    await expect(call(routes.getUser)).resolves.toEqual({ fine: true });
    expect(calls).toHaveLength(4);
  });

  it('shows the stale-timestamp message once when the server time cannot be learned', async () => {
    const fetch = vi.fn(async (input: string) =>
      new URL(input).pathname === '/api/common/nonce'
        ? new Response('{}', { status: 503 })
        : new Response(
            JSON.stringify({ code: ErrorCode.StaleTimestamp, msg: 'Request expired', data: null }),
          ),
    );
    vi.stubGlobal('fetch', fetch);
    session.set({ token: 'tok-stale', user: { address: '0x00000000000000000000000000000000000000aa' } });
    await expect(call(routes.getUser)).rejects.toMatchObject({ code: ErrorCode.StaleTimestamp });
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('Request expired');
    expect(session.token()).toBe('tok-stale');
  });
});
