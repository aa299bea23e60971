// The quotes job: refreshes FREE (and FCC) from the DEX every interval, and snapshots every
// symbol when its last snapshot is older than product.quotes.snapshot_every_ms.
import { dexAddresses, makeChainClient } from '../chain/client.ts';
import { dexFccPrice, refreshQuotes } from '../services/quotes.ts';
import { type JobContext, type Jobs, priceFor, runLoop } from './loop.ts';

export function startQuotesJob(ctx: JobContext): Jobs {
  const clock = ctx.clock ?? (() => new Date());
  const free = priceFor(ctx) ?? undefined;
  const d = dexAddresses(ctx.config);
  const client = d && !ctx.price ? (ctx.client ?? makeChainClient(ctx.config)) : null;
  const fcc = d && client ? () => dexFccPrice(client, d) : undefined;
  return runLoop(ctx, 'quotes', 'free:quotes', ctx.intervalMs ?? 60_000, async ({ db }) => {
    const r = await refreshQuotes(db.db, { free, fcc }, clock());
    if (r.errors.length > 0) ctx.log?.warn({ job: 'quotes', errors: r.errors }, 'quotes: kept last prices');
  });
}
