// Paged lists: one shape for every list endpoint, whatever envelope field the server uses for rows.

import { PAGE_SIZE } from '@free/protocol/constants';
import { ErrorCode } from '@free/protocol/envelope';
import { ApiError, api, type Query } from './client';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  /** keyset lists (finance): where the next page starts, null on the last page */
  nextCursor?: string | null;
}

function rowsOf(data: unknown): { rows: unknown[]; total?: number; nextCursor?: string | null } {
  if (Array.isArray(data)) return { rows: data };
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    const rows = [d.list, d.rows, d.items, d.records, d.data].find(Array.isArray) as unknown[] | undefined;
    const total = [d.total, d.count].find((v) => typeof v === 'number' || typeof v === 'string');
    const cursor = typeof d.nextCursor === 'string' || d.nextCursor === null ? d.nextCursor : undefined;
    return {
      rows: rows ?? [],
      total: total === undefined ? undefined : Number(total),
      ...(cursor === undefined ? {} : { nextCursor: cursor }),
    };
  }
  return { rows: [] };
}

/** A list endpoint the server does not serve yet answers 404: that is an empty list, not a failure. */
export function isNotServed(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ErrorCode.NotFound || error.status === 404);
}

export async function fetchPage<T>(
  path: string,
  params: Query,
  page: number,
  signal?: AbortSignal,
  cursor?: string,
): Promise<Page<T>> {
  try {
    const data = await api.get<unknown>(
      path,
      { ...params, page, size: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      { hideError: true, signal },
    );
    const { rows, total, nextCursor } = rowsOf(data);
    return {
      list: rows as T[],
      total: total ?? (page - 1) * PAGE_SIZE + rows.length,
      page,
      ...(nextCursor === undefined ? {} : { nextCursor }),
    };
  } catch (error) {
    if (isNotServed(error)) return { list: [], total: 0, page };
    throw error;
  }
}
