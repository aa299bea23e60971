// The money limits an operator sets (protocol MONEY_LIMITS): withdrawal minimums, maximums, daily
// caps and review thresholds of both coins, and the settlement income budget. They live in the
// settings registry (validated, cached reader dropped on write); here they are read and written in
// wei and answered in token units.
import {
  MONEY_LIMIT_KEYS,
  MONEY_LIMITS,
  type MoneyLimit,
  type MoneyLimitKey,
} from '@free/protocol/api/admin';
import type { SqlRunner } from '../db/client.ts';
import { amt } from '../lib/format.ts';
import { type Settings, writeSetting } from './settings.ts';

/** Every money limit with its token and current value (token units; null = no limit). */
export function moneyLimitsOf(s: Settings): MoneyLimit[] {
  return MONEY_LIMIT_KEYS.map((key) => limitView(key, s[key] as string | null));
}

/** One limit as answered: its token, whether it can be off, its value in token units. */
function limitView(key: MoneyLimitKey, wei: string | null): MoneyLimit {
  const { token, nullable } = MONEY_LIMITS[key];
  return { key, token, nullable, value: wei === null ? null : amt(BigInt(wei)) };
}

/** A refusal the operator reads (a limit that cannot be switched off, a zero amount). */
export class MoneyLimitError extends Error {
  override name = 'MoneyLimitError';
  constructor(
    message: string,
    /** limitRequired: the limit cannot be switched off; amount: not a positive amount */
    readonly refusal: 'limitRequired' | 'amount',
  ) {
    super(message);
  }
}

/**
 * Sets one limit: a positive wei amount, or null (no limit) where the limit allows it. Written through
 * the settings registry, so its schema validates it and the cached settings are dropped at once.
 */
export async function setMoneyLimit(
  db: SqlRunner,
  key: MoneyLimitKey,
  wei: bigint | null,
  now: Date,
): Promise<MoneyLimit> {
  const spec = MONEY_LIMITS[key];
  if (wei === null && !spec.nullable)
    throw new MoneyLimitError(`${key} cannot be switched off; give an amount`, 'limitRequired');
  if (wei !== null && wei <= 0n) throw new MoneyLimitError(`${key} must be a positive amount`, 'amount');
  const stored = (await writeSetting(db, key, wei === null ? null : wei.toString(), now)) as string | null;
  return limitView(key, stored);
}
