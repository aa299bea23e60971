// The one path every money command takes (withdraw, recharge, staking with the balance, ignition
// and the product modules): module switch → parse the input against the settings → claim the
// Idempotency-Key → the work in one transaction, the answer stored with the key. A service only
// describes its command; no service writes this preamble itself.
import { randomBytes } from 'node:crypto';
import { type CheckAmountOptions, checkAmount, parseAmount } from '@free/protocol/amount';
import type { ModuleKey } from '@free/protocol/modules';
import type { DbHandle, Executor, Tx } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { claimIdempotencyKey, requestHash, storeIdempotentResponse } from './idempotency.ts';
import { getSettings, isModuleOpen, type Settings } from './settings.ts';

/** The settings, once the module's switch is on; ModuleClosed (field: the module) otherwise. */
export async function openModule(db: Executor, key: ModuleKey): Promise<Settings> {
  const settings = await getSettings(db);
  if (!isModuleOpen(settings, key)) throw new AppError(ErrorCode.ModuleClosed, key);
  return settings;
}

/** Parses a decimal amount and applies the limits; throws the coded error of the first broken rule. */
export function parseMoney(text: string, opts: CheckAmountOptions, field = 'amount'): bigint {
  const value = parseAmount(text);
  const problem = checkAmount(value, opts);
  if (problem !== null || typeof value !== 'bigint')
    throw new AppError(problem ?? ErrorCode.InvalidAmount, field);
  return value;
}

/** How an answer that is not plain JSON (bigint, Date) is stored for a retry and read back. */
export type ResponseCodec<T> = { store: (out: T) => unknown; load: (stored: unknown) => T };

/**
 * Runs a money-moving request in one transaction, once per Idempotency-Key: a retry with the same
 * key and content gets the first answer back; other content under the same key is a conflict.
 */
export async function idempotent<T>(
  handle: DbHandle,
  args: {
    userId: number;
    route: string;
    key: string | undefined;
    content: unknown;
    codec?: ResponseCodec<T> | undefined;
  },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return handle.transaction(async (tx) => {
    const { key, codec } = args;
    if (key) {
      const previous = await claimIdempotencyKey<unknown>(tx, {
        userId: args.userId,
        key,
        route: args.route,
        hash: requestHash(args.route, args.content),
      });
      if (previous) return codec ? codec.load(previous) : (previous as T);
    }
    const out = await work(tx);
    if (key) await storeIdempotentResponse(tx, args.userId, key, codec ? codec.store(out) : out);
    return out;
  });
}

/** A unique ledger key for a request: the Idempotency-Key when given, random otherwise. */
export const requestKey = (prefix: string, userId: number, key: string | undefined) =>
  `${prefix}:${userId}:${key ?? randomBytes(12).toString('hex')}`;

export type Command<P, T> = {
  /** the switch that must be on (for an `exit`, only the module the command belongs to) */
  module: ModuleKey;
  /**
   * The user takes back what they already own (a matured order redeemed, a paid order cancelled):
   * allowed while the module is closed. A switch stops new business; it never holds users' money.
   */
  exit?: boolean;
  userId: number;
  /** names the request: a key reused for another route is a conflict */
  route: string;
  idempotencyKey?: string | undefined;
  /**
   * Checks the input against the settings before anything is written (parseMoney, product
   * config, chain terms); throws the coded error of the first broken rule.
   */
  parse?: (settings: Settings) => P | Promise<P>;
  /** what a retry must repeat to get the first answer back (default: nothing beyond the route) */
  content?: (parsed: P) => unknown;
  codec?: ResponseCodec<T>;
  /** the work, inside the command's transaction */
  run: (tx: Tx, parsed: P) => Promise<T>;
};

/** Runs a money command: module switch → parse → idempotency → one transaction. */
export async function runCommand<P, T>(handle: DbHandle, cmd: Command<P, T>): Promise<T> {
  const settings = cmd.exit ? await getSettings(handle.db) : await openModule(handle.db, cmd.module);
  const parsed = cmd.parse ? await cmd.parse(settings) : (undefined as P);
  return idempotent(
    handle,
    {
      userId: cmd.userId,
      route: cmd.route,
      key: cmd.idempotencyKey,
      content: cmd.content ? cmd.content(parsed) : null,
      codec: cmd.codec,
    },
    (tx) => cmd.run(tx, parsed),
  );
}
