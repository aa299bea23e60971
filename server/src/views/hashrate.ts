// The user's computing power answer.
import type { hashrateData } from '@free/protocol/api/hashrate';
import type { z } from 'zod';
import { amt } from '../lib/format.ts';
import type { HashrateView } from '../services/hashrate.ts';

export const toHashrateView = (h: HashrateView): z.infer<typeof hashrateData> => ({
  network: amt(h.network),
  own: amt(h.own),
  directBonus: amt(h.directBonus),
  teamBonus: amt(h.teamBonus),
  total: amt(h.total),
});
