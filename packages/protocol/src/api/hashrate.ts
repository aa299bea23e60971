// Hashrate: network, own and bonus hashrate (server: routes/product/hashrate.ts).
import { z } from 'zod';

// ---- GET /api/user/hashrate ----
/** Hashrate in H/s as a decimal string (machines and computing power alike: 1 USDT contributed = 1 H/s). */
const hs = z.string().describe('H/s, decimal string (1 USDT of computing-power contribution = 1 H/s)');
export const hashrateData = z.object({
  network: hs,
  own: hs,
  directBonus: hs,
  teamBonus: hs,
  /** own + direct bonus + team bonus */
  total: hs,
});
