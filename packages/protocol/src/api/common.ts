// Shared building blocks of the endpoint schemas, and the public (no sign-in) endpoints.
import { z } from 'zod';
import type { Address, Hex } from '../address.ts';
import { contractFields } from '../deployment.ts';
import type { WithdrawCoin } from '../withdraw.ts';
import { WITHDRAW_RULES } from '../withdraw.ts';

// `address` and `hex` check exactly what parseAddress / parseHex check, so what they let through is
// typed as protocol's branded Address / Hex: a request field as the server parses it, an answer
// field as the web reads it (the server's serializer checks every answer against the same schema).
// The type is given to the schema rather than made by a transform: the serializer encodes answers
// with the schema, and a transform cannot be encoded (nor described in the OpenAPI document).
/** A 0x address (any case); the server compares addresses lower-cased. */
export const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address (40 hex digits)')
  .describe('0x address') as unknown as z.ZodType<Address, string>;
export const hex = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex') as unknown as z.ZodType<Hex, string>;
/** Token amount in JSON: a decimal string in token units ("12.5"), exact (18 decimals), never a number. */
export const amountText = z.string().describe('decimal amount in token units, e.g. "12.5"');
/** Token amount in wei as a decimal integer string (for contract calls). */
export const weiText = z.string().regex(/^\d+$/).describe('amount in wei, decimal integer string');
export const isoTime = z.string().describe('ISO 8601 timestamp (UTC)');
/** The tokens an amount is counted in (the server's `asset` columns take this list). */
export const ASSET_CODES = ['USDT', 'FREE', 'FCC'] as const;
export const asset = z.enum(ASSET_CODES);
export type Asset = z.infer<typeof asset>;
/** A row id in a query or body (positive int4). */
export const rowId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
/** A decimal amount as typed (cleaned by the client); empty is refused by the server with the "please enter" code. */
export const typedAmount = z.string().max(80);

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export type Page<T> = { list: T[]; total: number; page: number; size: number };

/** Figures per asset (USDT and FREE), as decimal strings. */
export const usdtFree = z.object({ USDT: amountText, FREE: amountText });

// ---- GET /api/common/nonce ----
export const nonceQuery = z.object({ address });
export const nonceData = z.object({
  nonce: z.string(),
  address,
  chainId: z.number().int(),
  /** the SIWE message must be issued before and expire no later than this */
  expiresAt: isoTime,
});
export type NonceData = z.infer<typeof nonceData>;

// ---- POST /api/common/login ----
/** r, s and v of an ECDSA signature. */
export const EOA_SIGNATURE_BYTES = 65;
/**
 * Upper bound of a sign-in signature: room for an ERC-6492 wrapper (factory address, its deploy
 * call, the inner signature, the magic suffix) of common smart wallets, which stay under 1 KiB;
 * anything longer is refused before any work.
 */
export const MAX_SIGNATURE_BYTES = 2048;
export const loginBody = z.object({
  /** the EIP-4361 message the wallet signed */
  message: z.string().min(1).max(4000),
  /**
   * 65 bytes from a plain wallet; a contract wallet's ERC-1271 / ERC-6492 signature may be longer
   * (a wrapped 6492 signature carries the wallet's factory call), up to MAX_SIGNATURE_BYTES.
   */
  signature: z
    .string()
    .min(2 + 2 * EOA_SIGNATURE_BYTES, 'signature too short')
    .max(2 + 2 * MAX_SIGNATURE_BYTES, 'signature too long')
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex'),
  /** the inviter's address from `#/?inviter=0x…`, bound once on first login */
  inviter: address.optional().or(z.literal('').transform(() => undefined)),
});
export type LoginBody = z.input<typeof loginBody>;

export const sessionUser = z.object({
  id: z.number().int(),
  address,
  inviter: address.nullable(),
  ignited: z.boolean(),
  createdAt: isoTime,
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginData = z.object({ token: z.string(), expiresAt: isoTime, user: sessionUser });
export type LoginData = z.infer<typeof loginData>;

export const logoutData = z.object({ revoked: z.boolean() });
export type LogoutData = z.infer<typeof logoutData>;

// ---- GET /api/common/config ----
/** One coin's withdrawal limits as the config answers them (token units). */
export const withdrawLimitsInfo = z.object({
  min: amountText,
  /** null: no maximum per withdrawal */
  max: amountText.nullable(),
});
export type WithdrawLimitsInfo = z.infer<typeof withdrawLimitsInfo>;

export const cycleInfo = z.object({
  index: z.number().int(),
  days: z.number().int(),
  rate_ppm: z.number().int().describe('daily compound rate in parts per million (12000 = 1.2 %)'),
  fee_bps: z.number().int().describe('fee in basis points (200 = 2 %), swapped to FREE and burned'),
});

export const contractsInfo = z.object(contractFields(address));

/** Public system config (provider field names, snake_case). Contract addresses are null until deployed. */
export const configData = z.object({
  twitter_url: z.string(),
  telegram_url: z.string(),
  /** minimum regular investment, in FREE */
  min_investment: amountText,
  /** maximum investment, in USDT */
  max_investment: amountText,
  chain_id: z.number().int(),
  contracts: contractsInfo.nullable(),
  cycles: z.array(cycleInfo),
  limits: z.object({
    min_amount: amountText,
    max_amount: amountText,
    max_recharge: amountText,
    /**
     * one object per withdrawable coin (protocol's WITHDRAW_RULES), in that coin's units: an object
     * with a property per coin (a record keyed by an enum documents required keys it never defines)
     */
    withdraw: z.object(
      Object.fromEntries(Object.keys(WITHDRAW_RULES).map((coin) => [coin, withdrawLimitsInfo])) as Record<
        WithdrawCoin,
        typeof withdrawLimitsInfo
      >,
    ),
  }),
  ignition_free: amountText,
  fomo_floor: amountText,
  market_maker: z.object({
    turnover_usdt: amountText,
    principal_share_bps: z.number().int(),
    fcc_multiplier: z.number(),
  }),
  modules: z.record(z.string(), z.boolean()),
});
export type ConfigData = z.infer<typeof configData>;

// ---- GET /api/common/article/list, /detail ----
export const articleListQuery = pageQuery.extend({
  type: z
    .string()
    .regex(/^[a-z_]{1,32}$/, 'must be a lower-case type name')
    .optional(),
});
export const articleItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.string(),
  /** the language actually served (English when no translation exists) */
  language: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  publishedAt: isoTime,
});
export const articleListData = pageOf(articleItem);
export type ArticleItem = z.infer<typeof articleItem>;

export const articleDetailQuery = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export const articleDetailData = articleItem.extend({ content: z.string() });
export type ArticleDetail = z.infer<typeof articleDetailData>;

// ---- GET /api/common/banner ----
export const bannerItem = z.object({
  id: z.number().int(),
  image: z.string(),
  link: z.string().nullable(),
  /** the language of the banner's picture, null for one made for every language */
  language: z.string().nullable(),
  sort: z.number().int(),
});
export const bannerData = z.object({ list: z.array(bannerItem) });
