// Proof of liabilities (docs/proof-of-liabilities.md): the user's proof and the public figures.
import { z } from 'zod';
import type { Hex } from '../address.ts';
import { address, amountText, isoTime } from './common.ts';

/** A 32-byte hash or salt. */
export const hash32 = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/, 'must be 32 bytes of lower-case hex') as unknown as z.ZodType<Hex, string>;

// ---- GET /api/user/liabilities/proof ----
export const liabilitiesProofQuery = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1)
    .optional()
    .describe('a past snapshot (default: the latest published)'),
});
export const liabilityNode = z.object({ hash: hash32, usdt: amountText, free: amountText });
export const liabilitiesProofData = z.object({
  id: z.number().int().describe('snapshot id, as published on chain'),
  root: hash32,
  usdt: amountText.describe('USDT owed to all users in the snapshot'),
  free: amountText.describe('FREE owed to all users in the snapshot'),
  leafCount: z.number().int().describe('leaves of the tree with the padding (a power of two)'),
  publishedAt: isoTime.nullable().describe('when the publication was final on chain (null: not yet)'),
  txHash: hash32.nullable(),
  contract: address.nullable().describe('the Liabilities contract'),
  leaf: z.object({
    index: z.number().int(),
    salt: hash32,
    userHash: hash32.describe('keccak256(abi.encodePacked(address, salt))'),
    usdt: amountText,
    free: amountText,
  }),
  path: z
    .array(liabilityNode)
    .describe('siblings from the leaf level up; bit k of index: node k is a right child'),
});
export type LiabilitiesProofData = z.infer<typeof liabilitiesProofData>;

// ---- GET /api/common/liabilities ----
export const liabilitiesReserve = z.object({
  token: z.enum(['USDT', 'FREE']),
  owed: amountText.describe('owed to users in the latest publication'),
  hotWallet: amountText,
  treasury: amountText,
  staking: amountText.describe('the Staking contract’s reward reserve (USDT only)'),
  total: amountText,
  coverage: z
    .string()
    .nullable()
    .describe('total ÷ owed, 4 decimals rounded down (null when nothing is owed)'),
});
export const liabilitiesData = z.object({
  latest: z
    .object({
      id: z.number().int(),
      root: hash32,
      usdt: amountText,
      free: amountText,
      leafCount: z.number().int(),
      userCount: z.number().int(),
      takenAt: isoTime,
      publishedAt: isoTime.nullable(),
      txHash: hash32.nullable(),
      contract: address.nullable(),
    })
    .nullable()
    .describe('the latest publication (null before the first)'),
  reserves: z
    .array(liabilitiesReserve)
    .describe('what the chain holds for users, now (empty without a chain)'),
});
export type LiabilitiesData = z.infer<typeof liabilitiesData>;
