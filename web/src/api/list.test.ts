import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPage } from './list';

function respond(data: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

const urlOf = (fetch: ReturnType<typeof respond>) =>
  new URL(String((fetch.mock.calls[0] as unknown as [string])[0]), 'http://x');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchPage', () => {
  it('asks a keyset list for the page after the cursor and hands on the next cursor', async () => {
    const fetch = respond({ list: [{ id: 7 }], page: 2, size: 20, hasMore: true, nextCursor: '7' });
    vi.stubGlobal('fetch', fetch);
    const page = await fetchPage('/api/user/finance', { kind: 'recharge' }, 2, undefined, '31');
    expect(urlOf(fetch).searchParams.get('cursor')).toBe('31');
    expect(urlOf(fetch).searchParams.get('kind')).toBe('recharge');
    expect(page).toMatchObject({ list: [{ id: 7 }], page: 2, nextCursor: '7' });
  });

  it('reads the last page of a keyset list as the end, and leaves page-numbered lists as they were', async () => {
    vi.stubGlobal('fetch', respond({ list: [], page: 3, size: 20, hasMore: false, nextCursor: null }));
    expect((await fetchPage('/api/user/finance', {}, 3)).nextCursor).toBeNull();
    vi.unstubAllGlobals();
    const fetch = respond({ list: [{ id: 1 }], total: 1, page: 1, size: 20 });
    vi.stubGlobal('fetch', fetch);
    const page = await fetchPage('/api/user/withdraw/record', {}, 1);
    expect(urlOf(fetch).searchParams.has('cursor')).toBe(false);
    expect(page).toEqual({ list: [{ id: 1 }], total: 1, page: 1 });
  });
});
