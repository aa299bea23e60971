// Team endpoints (served by the server-chain routes): team_info, direct_list, stake_ref_address.
import { z } from 'zod';
import { address, amountText, hex, isoTime, pageOf, pageQuery } from './common.ts';

export const teamInfoData = z.object({
  teamCount: z.number().int(),
  validCount: z.number().int(),
  directCount: z.number().int(),
  marketMakers: z.number().int(),
  newToday: z.number().int(),
  newYesterday: z.number().int(),
  validToday: z.number().int(),
  validYesterday: z.number().int(),
  totalPerformance: amountText,
  zoneA: amountText,
  zoneB: amountText,
  ownPrincipal: amountText,
  /** team level: V{n}, or F (the level above the last V) */
  level: z.string().describe('V{n} or F'),
  nodeTier: z.enum(['ordinary', 'edge', 'alliance', 'central', 'super']),
  isValid: z.boolean(),
  isMarketMaker: z.boolean(),
});
export type TeamInfoData = z.infer<typeof teamInfoData>;

export const directListQuery = pageQuery;
export const directItem = z.object({
  address,
  boundAt: isoTime.nullable(),
  ownPrincipal: amountText,
  teamCount: z.number().int(),
  performance: amountText,
  isValid: z.boolean(),
});
export const directListData = pageOf(directItem);
export type DirectListData = z.infer<typeof directListData>;

/** Arguments for `stakeWithInviter(amount, minOut, stakeIndex, maxFeeBps, minRatePpm, parents, message, signature)`. */
export const stakeRefData = z.object({
  parents: z.array(address),
  message: hex,
  signature: hex,
  nonce: z.string(),
  deadline: z.number().int(),
});
export type StakeRefData = z.infer<typeof stakeRefData>;
