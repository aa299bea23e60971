// Market quotes as the API answers them (GET /api/common/quotes, and the operator's GET /api/admin/quotes).
import type { CommandResult } from '@free/protocol/api/admin';
import type { quote } from '@free/protocol/api/quotes';
import type { z } from 'zod';
import { amt, iso } from '../lib/format.ts';
import type { Quote } from '../services/quotes.ts';

/** A quote as the API answers it. */
export const toQuoteView = (q: Quote): z.infer<typeof quote> => ({
  symbol: q.symbol,
  name: q.name,
  price: amt(q.price),
  change24h: q.change24h,
  source: q.source,
  updatedAt: iso(q.updatedAt),
});

/** The operator's `quote:set`: the symbol as stored and its price. */
export const toQuoteSetView = (q: { symbol: string; price: bigint }): CommandResult<'quote:set'> => ({
  symbol: q.symbol,
  price: amt(q.price),
});
