// The money limits an operator sets (protocol MONEY_LIMITS): withdrawal minimums, maximums, daily
// caps and review thresholds of both coins, and the settlement income budget. They live in the
// settings registry (validated, cached reader dropped on write); here they are read and written in
// wei (views/admin-money.ts answers them in token units).
import { MONEY_LIMIT_KEYS, MONEY_LIMITS, type MoneyLimitKey } from '@free/protocol/api/admin';
import type { SqlRunner } from '../db/client.ts';
import { type Settings, writeSetting } from './settings.ts';

/** One limit: its token, whether it can be switched off, its value in wei (null: no limit). */
export type MoneyLimitValue = {
  key: MoneyLimitKey;
  token: (typeof MONEY_LIMITS)[MoneyLimitKey]['token'];
  nullable: boolean;
  value: bigint | null;
};

/** Every money limit with its token and current value. */
export function moneyLimitsOf(s: Settings): MoneyLimitValue[] {
  return MONEY_LIMIT_KEYS.map((key) => limitOf(key, s[key] as string | null));
}

function limitOf(key: MoneyLimitKey, wei: string | null): MoneyLimitValue {
  const { token, nullable } = MONEY_LIMITS[key];
  return { key, token, nullable, value: wei === null ? null : BigInt(wei) };
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
): Promise<MoneyLimitValue> {
  const spec = MONEY_LIMITS[key];
  if (wei === null && !spec.nullable)
    throw new MoneyLimitError(`${key} cannot be switched off; give an amount`, 'limitRequired');
  if (wei !== null && wei <= 0n) throw new MoneyLimitError(`${key} must be a positive amount`, 'amount');
  const stored = (await writeSetting(db, key, wei === null ? null : wei.toString(), now)) as string | null;
  return limitOf(key, stored);
}
