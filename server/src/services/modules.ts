// The shared steps of the product modules' money commands: module switch, amount parsing,
// idempotent transaction. Their settings (`product.*`) live in the registry of settings.ts.
import { randomBytes } from 'node:crypto';
import { type CheckAmountOptions, checkAmount, parseAmount } from '@free/protocol/amount';
import type { ModuleKey } from '@free/protocol/modules';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { claimIdempotencyKey, requestHash, storeIdempotentResponse } from './idempotency.ts';
import { getSettings } from './settings.ts';

/** Refuses with ModuleClosed unless the module's switch is on. */
export async function assertModuleOpen(db: Executor, key: ModuleKey): Promise<void> {
  const s = await getSettings(db);
  if (s.modules[key] !== true) throw new AppError(ErrorCode.ModuleClosed, key);
}

/** Parses a decimal amount and applies the limits; throws the coded error of the first broken rule. */
export function parseMoney(text: string, opts: CheckAmountOptions, field = 'amount'): bigint {
  const value = parseAmount(text);
  const problem = checkAmount(value, opts);
  if (problem !== null || typeof value !== 'bigint')
    throw new AppError(problem ?? ErrorCode.InvalidAmount, field);
  return value;
}

/**
 * Runs a money-moving request in one transaction, once per Idempotency-Key: a retry with the same
 * key and content gets the first answer back; other content under the same key is a conflict.
 */
export async function idempotent<T>(
  handle: DbHandle,
  args: { userId: number; route: string; key: string | undefined; content: unknown },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return handle.transaction(async (tx) => {
    const { key } = args;
    if (key) {
      const previous = await claimIdempotencyKey<T>(tx, {
        userId: args.userId,
        key,
        route: args.route,
        hash: requestHash(args.route, args.content),
      });
      if (previous) return previous;
    }
    const out = await work(tx);
    if (key) await storeIdempotentResponse(tx, args.userId, key, out);
    return out;
  });
}

/** A unique ledger key for a request: the Idempotency-Key when given, random otherwise. */
export const requestKey = (prefix: string, userId: number, key: string | undefined) =>
  `${prefix}:${userId}:${key ?? randomBytes(12).toString('hex')}`;
