// Hashrate: network, own and bonus hashrate (server: routes/product/hashrate.ts).
import { z } from 'zod';
import { amountText } from './common.ts';

// ---- GET /api/user/hashrate ----
export const hashrateData = z.object({
  network: amountText,
  own: amountText,
  directBonus: amountText,
  teamBonus: amountText,
  /** own + direct bonus + team bonus */
  total: amountText,
});
