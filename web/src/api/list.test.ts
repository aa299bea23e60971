import { PAGE_SIZE } from '@free/protocol/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './client';
import { fetchPage, type ListRow, rowCount } from './list';

afterEach(() => vi.unstubAllGlobals());

function answer(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200 })),
  );
}

describe('paged lists', () => {
  it('count rows by the total of a paged answer, and never by an unpaged answer’s sum', () => {
    expect(rowCount({ list: [1, 2], total: 57, page: 1, size: PAGE_SIZE } as { list: unknown[] }, 1)).toBe(
      57,
    );
    // /api/user/pool/contributions: `total` is the contributed USDT, not a row count
    expect(rowCount({ list: [1, 2], total: '150.5', level: 1 } as { list: unknown[] }, 1)).toBe(2);
  });

  it('reads the rows of the protocol’s `list` field, typed by the endpoint’s entry', async () => {
    answer({ list: [{ id: 3, amount: '5' }], total: 1, page: 1, size: PAGE_SIZE });
    const page = await fetchPage(routes.getUserWithdrawList, {}, 1);
    const first: ListRow<typeof routes.getUserWithdrawList> | undefined = page.list[0];
    expect(first?.id).toBe(3);
    expect(page.total).toBe(1);
  });

  it('refuses a list the endpoint map does not name: at type-check time, and without asking the network', async () => {
    answer({ list: [], total: 0, page: 1, size: PAGE_SIZE });
    // @ts-expect-error an endpoint of the map, but no list
    await expect(fetchPage(routes.getCommonConfig, {}, 1)).rejects.toThrow('/api/common/config');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('keyset lists', () => {
  const urlOf = () => new URL(String((vi.mocked(fetch).mock.calls[0] as unknown as [string])[0]), 'http://x');

  it('asks for the page after the cursor and hands on the next cursor', async () => {
    answer({ list: [{ id: 7 }], page: 2, size: PAGE_SIZE, hasMore: true, nextCursor: '7' });
    const page = await fetchPage(routes.getUserFinance, { kind: 'recharge' }, 2, undefined, '31');
    expect(urlOf().searchParams.get('cursor')).toBe('31');
    expect(urlOf().searchParams.get('kind')).toBe('recharge');
    expect(page).toMatchObject({ list: [{ id: 7 }], page: 2, nextCursor: '7' });
  });

  it('reads a null cursor as the end, and sends none on page-numbered lists', async () => {
    answer({ list: [], page: 3, size: PAGE_SIZE, hasMore: false, nextCursor: null });
    expect((await fetchPage(routes.getUserFinance, {}, 3)).nextCursor).toBeNull();
    vi.unstubAllGlobals();
    answer({ list: [{ id: 1 }], total: 1, page: 1, size: PAGE_SIZE });
    const page = await fetchPage(routes.getUserWithdrawList, {}, 1);
    expect(urlOf().searchParams.has('cursor')).toBe(false);
    expect(page).toEqual({ list: [{ id: 1 }], total: 1, page: 1 });
  });
});
