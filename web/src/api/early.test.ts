// The shell's early reads (index.html starts the home page's public API calls before the app's
// scripts arrive): the app uses each answer once instead of asking again, and asks the network
// whenever the early answer cannot serve (failed, another language, already used).
import { endpoints } from '@free/protocol/api/endpoints';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../components/toast';
import { initI18n } from '../i18n';
import { prefetchHomeReads } from '../pages/index/homeReads';
import { call, routes } from './client';
import { EARLY_READS, startEarlyReads } from './early';

vi.mock('../components/toast', () => ({ showToast: vi.fn() }));

const API = 'http://127.0.0.1:8787';
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });
const urlOf = (call: unknown[]) => String(call[0]);

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  vi.mocked(showToast).mockClear();
  delete (globalThis as Record<string, unknown>).__freeEarlyReads;
});
afterEach(() => vi.unstubAllGlobals());

describe('early reads', () => {
  it('reads only public GET endpoints of the map (the shell has no session), each at its entry’s path', () => {
    for (const read of EARLY_READS) {
      const entry = endpoints[read.endpoint];
      expect({ method: entry.method, scope: entry.scope, path: entry.path }).toEqual({
        method: 'GET',
        scope: 'public',
        path: read.path,
      });
    }
  });

  it('the shell asks, at home, exactly what the home page reads first, in the reader’s language', async () => {
    const shell = vi.fn(async () => envelope(null));
    vi.stubGlobal('fetch', shell);
    startEarlyReads(API, 'h5', 'en', true);
    const started = shell.mock.calls.map(urlOf).sort();
    for (const call of shell.mock.calls as unknown as [string, RequestInit][]) {
      expect(call[1].headers).toEqual({ platform: 'h5', 'Accept-Language': 'en' });
      // from the network, never a kept answer: the shell draws some of them as current figures
      expect(call[1].cache).toBe('no-store');
    }

    // what the app's start asks for at home, all of it served by the shell's answers
    const app = vi.fn(async () => envelope(null));
    vi.stubGlobal('fetch', app);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchHomeReads(client);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(app).not.toHaveBeenCalled();
    expect(started).toHaveLength(EARLY_READS.length);
    expect(new Set(started).size).toBe(started.length);
  });

  it('away from home the shell asks only for the config', () => {
    const shell = vi.fn(async () => envelope(null));
    vi.stubGlobal('fetch', shell);
    startEarlyReads(API, 'h5', 'en', false);
    expect(shell.mock.calls.map(urlOf)).toEqual([`${API}/api/common/config`]);
  });

  it('uses an early answer once: the next read of the same URL goes to the network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ balance: '1500' })),
    );
    startEarlyReads(API, 'h5', 'en', true);
    const network = vi.fn(async () => envelope({ balance: '1600' }));
    vi.stubGlobal('fetch', network);
    await expect(call(routes.getCommonFomo)).resolves.toEqual({ balance: '1500' });
    expect(network).not.toHaveBeenCalled();
    await expect(call(routes.getCommonFomo)).resolves.toEqual({ balance: '1600' });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('asks the network again when the early read failed, without a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    startEarlyReads(API, 'h5', 'en', true);
    const network = vi.fn(async () => envelope({ balance: '1500' }));
    vi.stubGlobal('fetch', network);
    await expect(call(routes.getCommonFomo)).resolves.toEqual({ balance: '1500' });
    expect(network).toHaveBeenCalledTimes(1);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('does not use an answer asked in another language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ title: 'عربي' })),
    );
    startEarlyReads(API, 'h5', 'ar', true);
    const network = vi.fn(async () => envelope({ title: 'English' }));
    vi.stubGlobal('fetch', network);
    await expect(call(routes.getCommonConfig)).resolves.toEqual({ title: 'English' });
    expect(network).toHaveBeenCalledTimes(1);
  });
});
