// The one path every money command takes (withdraw, recharge, staking with the balance, ignition
// and the product modules): module switch → parse the input against the settings → claim the
// Idempotency-Key → the work in one transaction, the answer stored with the key. A service only
// describes its command; no service writes this preamble itself.
import { randomBytes } from 'node:crypto';
import { type CheckAmountOptions, checkAmount, parseAmount } from '@free/protocol/amount';
import type { ModuleKey } from '@free/protocol/modules';
import { type DbHandle, type Executor, retriedTransaction, type Tx } from '../db/client.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { claimIdempotencyKey, requestHash, storeIdempotentAnswer } from './idempotency.ts';
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

/**
 * Writes a command's answer as its caller receives it (the HTTP layer passes the route's response
 * serializer, see http/answer.ts). It runs inside the command's transaction and its text is stored
 * with the Idempotency-Key: a retry with the key gets that text back unchanged, so no value has to
 * be rebuilt from what was stored.
 */
export type WriteAnswer<T> = (out: T) => string;

/** The work's value and its written answer when it ran now; a retry has the stored text only. */
type Outcome<T> = { ran: true; out: T; text: string | null } | { ran: false; text: string };

/**
 * Runs a money-moving request in one transaction, once per Idempotency-Key: a retry with the same
 * key and content gets the first answer's text back; other content under the same key is a conflict.
 */
async function idempotent<T>(
  handle: DbHandle,
  args: { userId: number; route: string; key: string | undefined; content: unknown },
  work: (tx: Tx) => Promise<T>,
  write: WriteAnswer<T> | null,
): Promise<Outcome<T>> {
  // a deadlock's victim runs again from the start: nothing of it was written, its key not claimed
  return retriedTransaction(handle, 'command', async (tx): Promise<Outcome<T>> => {
    const { key } = args;
    if (key) {
      const previous = await claimIdempotencyKey(tx, {
        userId: args.userId,
        key,
        route: args.route,
        hash: requestHash(args.route, args.content),
      });
      if (previous !== null) return { ran: false, text: previous };
    }
    const out = await work(tx);
    const text = write ? write(out) : null;
    if (key && text !== null) await storeIdempotentAnswer(tx, args.userId, key, text);
    return { ran: true, out, text };
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
  /** the work, inside the command's transaction */
  run: (tx: Tx, parsed: P) => Promise<T>;
  /** after the work committed (not on a retry answered from storage): drop what this process cached */
  committed?: (out: T) => void;
};

/** Module switch → parse → idempotency → the work (and its written answer) in one transaction. */
async function execute<P, T>(
  handle: DbHandle,
  cmd: Command<P, T>,
  write: WriteAnswer<T> | null,
): Promise<Outcome<T>> {
  const settings = cmd.exit ? await getSettings(handle.db) : await openModule(handle.db, cmd.module);
  const parsed = cmd.parse ? await cmd.parse(settings) : (undefined as P);
  const outcome = await idempotent(
    handle,
    {
      userId: cmd.userId,
      route: cmd.route,
      key: cmd.idempotencyKey,
      content: cmd.content ? cmd.content(parsed) : null,
    },
    (tx) => cmd.run(tx, parsed),
    write,
  );
  if (outcome.ran) cmd.committed?.(outcome.out);
  return outcome;
}

/**
 * Runs a money command (module switch → parse → idempotency → one transaction) for a caller that
 * wants its value: jobs, the seed, tests. Its key is kept without an answer, so the work is done
 * once; a repeat of the key has no answer to give back and is refused as IdempotencyConflict.
 */
export async function runCommand<P, T>(handle: DbHandle, cmd: Command<P, T>): Promise<T> {
  const outcome = await execute(handle, cmd, null);
  if (!outcome.ran) throw new AppError(ErrorCode.IdempotencyConflict, 'idempotency-key');
  return outcome.out;
}

/**
 * Runs a money command for a caller answered with text (the HTTP layer): `write` turns the value
 * into the answer inside the command's transaction, the text is stored with the key, and a retry
 * with the key gets that same text.
 */
export async function answerCommand<P, T>(
  handle: DbHandle,
  cmd: Command<P, T>,
  write: WriteAnswer<T>,
): Promise<string> {
  const outcome = await execute(handle, cmd, write);
  if (outcome.text === null) throw new Error('answerCommand: the answer was not written');
  return outcome.text;
}

/**
 * A service's money command, callable two ways: `fn(handle, input)` runs it for its value, and
 * `fn.command(input)` describes it for answerCommand (the HTTP layer).
 */
export function defineCommand<I, P, T>(describe: (input: I) => Command<P, T>) {
  const run = (handle: DbHandle, input: I): Promise<T> => runCommand(handle, describe(input));
  return Object.assign(run, { command: describe });
}
