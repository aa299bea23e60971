// Market quotes (server: routes/product/quotes.ts).
import { z } from 'zod';
import { amountText, isoTime } from './common.ts';

// ---- quotes ----
export const quote = z.object({
  symbol: z.string(),
  name: z.string(),
  /** latest price in USDT */
  price: amountText,
  /** 24 h change in percent, two decimals ("-1.25") */
  change24h: z.string(),
  source: z.string(),
  updatedAt: isoTime,
});
export const quotesData = z.object({ list: z.array(quote) });
