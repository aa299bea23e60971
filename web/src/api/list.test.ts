import { PAGE_SIZE } from '@free/protocol/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('reads the rows of the protocol’s `list` field, typed by the path', async () => {
    answer({ list: [{ id: 3, amount: '5' }], total: 1, page: 1, size: PAGE_SIZE });
    const page = await fetchPage('/api/user/withdraw/list', {}, 1);
    const first: ListRow<'/api/user/withdraw/list'> | undefined = page.list[0];
    expect(first?.id).toBe(3);
    expect(page.total).toBe(1);
  });

  it('refuses, at type-check time, a list the table does not name', async () => {
    answer({ list: [], total: 0, page: 1, size: PAGE_SIZE });
    // @ts-expect-error not a list endpoint of the protocol
    await expect(fetchPage('/api/user/everything', {}, 1)).resolves.toEqual({ list: [], total: 0, page: 1 });
  });
});
