// The double-entry ledger: the ONLY way off-chain money moves. Every transfer writes one debit and
// one credit entry under a unique key, and moves the cached balances in the caller's transaction.
// Its bulk entry, for jobs that move money for every user at once, is settlement-ledger.ts.
import { ASSET_CODES, type Asset } from '@free/protocol/api/common';
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import { insufficientCode } from '@free/protocol/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { businessNow, type Executor, rowsOf } from '../db/client.ts';
import { balances, ledgerEntries } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { notifyMovement } from './events.ts';

/** The tokens an amount is counted in: protocol's list, which the database enum `asset` is built from. */
export const ASSETS = ASSET_CODES;
export type { Asset };

/** Per-user accounts (docs/business-rules.md "Accounts and income"). */
export const USER_ACCOUNTS = ['wallet', 'airdrop', 'pool', 'asset'] as const;
export type UserAccountName = (typeof USER_ACCOUNTS)[number];

/**
 * System accounts are the other side of every user movement. Those facing the outside world
 * (money arriving from or leaving to the chain) may go negative: their balance is minus what the
 * world put in. The others hold real value and obey the same floor as users.
 */
export const SYSTEM_ACCOUNTS = {
  recharge: { allowNegative: true }, // USDT paid on chain through Payment orders
  payout: { allowNegative: true }, // withdrawals paid out on chain
  income: { allowNegative: true }, // rewards, airdrops, presale: issued by the system
  fees: { allowNegative: false },
  adjust: { allowNegative: true }, // operator corrections (ops CLI), audited by kind/ref
} as const;
export type SystemAccountName = keyof typeof SYSTEM_ACCOUNTS;

export type AccountRef = { userId: number; account: UserAccountName } | { system: SystemAccountName };

export const userAccount = (userId: number, account: UserAccountName = 'wallet'): AccountRef => ({
  userId,
  account,
});
export const systemAccount = (system: SystemAccountName): AccountRef => ({ system });

export type TransferInput = {
  /** idempotency key: a repeat with the same content is a no-op, with other content a conflict */
  key: string;
  from: AccountRef;
  to: AccountRef;
  asset: Asset;
  amount: bigint;
  /** what the movement is (the list lives in protocol: the finance filter offers the same) */
  kind: LedgerKind;
  ref?: string | null;
  /** entry time (default: the server's business clock when it has one, else the database's) */
  at?: Date;
};

export type TransferResult = { debitId: number; creditId: number; replayed: boolean };

type Resolved = { userId: number | null; account: string; allowNegative: boolean };

function resolve(ref: AccountRef): Resolved {
  if ('system' in ref) {
    const def = SYSTEM_ACCOUNTS[ref.system];
    if (!def) throw new Error(`unknown system account ${String(ref.system)}`);
    return { userId: null, account: `system:${ref.system}`, allowNegative: def.allowNegative };
  }
  if (!(USER_ACCOUNTS as readonly string[]).includes(ref.account))
    throw new Error(`unknown account ${ref.account}`);
  return { userId: ref.userId, account: ref.account, allowNegative: false };
}

const sameAccount = (a: Resolved, b: Resolved) => a.userId === b.userId && a.account === b.account;

/** The refusal of a balance short of `asset`: InsufficientFree for FREE, InsufficientBalance otherwise. */
export const insufficient = (asset: Asset, field = 'amount'): AppError =>
  new AppError(insufficientCode(asset), field);

/** Refuses before anything moves when `account` holds less than `amount` of `asset` (the coin's own error). */
export async function requireBalance(
  tx: Executor,
  account: AccountRef,
  asset: Asset,
  amount: bigint,
  field = 'amount',
): Promise<void> {
  if ((await getBalance(tx, account, asset)) < amount) throw insufficient(asset, field);
}

/** Refuses before anything moves when the user's wallet holds less than `amount` of `asset`. */
export async function requireWallet(
  tx: Executor,
  userId: number,
  asset: Asset,
  amount: bigint,
  field = 'amount',
): Promise<void> {
  await requireBalance(tx, userAccount(userId), asset, amount, field);
}

/**
 * Moves `amount` of `asset` from one account to another inside `tx` (the caller's transaction).
 * Throws the coin's own refusal (`insufficient`: InsufficientFree for FREE, InsufficientBalance
 * otherwise) when the source would go below zero, and
 * AppError(IdempotencyConflict) when `key` was used for a different movement.
 *
 * Every transfer takes its row locks in one order, so two transfers cannot deadlock: the cached
 * system balances (user 0), then per user in id order the entry counter (ledger_seqs) and the
 * balances. The counter gives the user's entries their `seq`; a key already booked (a replay) takes
 * nothing back from it, so a user's seqs stay 1, 2, 3… without a gap.
 */
export async function transfer(tx: Executor, input: TransferInput): Promise<TransferResult> {
  const { key, asset, amount, kind } = input;
  const ref = input.ref ?? null;
  if (typeof amount !== 'bigint' || amount <= 0n) throw new AppError(ErrorCode.InvalidAmount, 'amount');
  if (!key) throw new Error('ledger transfer needs a key');
  const from = resolve(input.from);
  const to = resolve(input.to);
  if (sameAccount(from, to)) throw new Error('ledger transfer to the same account');

  const steps = [
    { acc: from, run: () => debit(tx, from, asset, amount), undo: () => shift(tx, from, asset, amount) },
    { acc: to, run: () => credit(tx, to, asset, amount), undo: () => shift(tx, to, asset, -amount) },
  ]
    .filter((s) => !s.acc.allowNegative)
    .sort((a, b) => lockOrder(a.acc).localeCompare(lockOrder(b.acc)));
  const systemSteps = steps.filter((s) => s.acc.userId === null);
  const userSteps = steps.filter((s) => s.acc.userId !== null);

  // A cached system balance is moved before the entries are written (its lock comes first): a key
  // already booked must be found before that, so that a replay moves nothing.
  if (systemSteps.length > 0) {
    const booked = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txKey, key));
    if (booked.length > 0) return replayOf(booked, key, from, to, asset, amount, kind, ref);
  }
  for (const step of systemSteps) await step.run();
  const counted = await takeSeqs(tx, [from.userId, to.userId]);
  const seqOf = (userId: number | null, nth: number) =>
    userId === null ? null : (counted.get(userId)?.[nth] ?? null);
  const debitSeq = seqOf(from.userId, 0);
  const creditSeq = seqOf(to.userId, from.userId === to.userId ? 1 : 0);

  const at = input.at ?? businessNow(tx);
  // Claim the key: a concurrent transfer with the same key waits here until the first commits,
  // then finds it (ON CONFLICT DO NOTHING) and replays instead of moving money twice.
  const inserted = await tx
    .insert(ledgerEntries)
    .values([
      {
        txKey: key,
        side: 'debit',
        userId: from.userId,
        account: from.account,
        asset,
        amount: -amount,
        kind,
        ref,
        createdAt: at,
        seq: debitSeq,
      },
      {
        txKey: key,
        side: 'credit',
        userId: to.userId,
        account: to.account,
        asset,
        amount,
        kind,
        ref,
        createdAt: at,
        seq: creditSeq,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id, side: ledgerEntries.side });

  if (inserted.length !== 2) {
    if (inserted.length === 1) {
      // Only possible if someone wrote half a pair by hand: refuse rather than guess.
      throw new AppError(ErrorCode.IdempotencyConflict, undefined, `half-written ledger pair for ${key}`);
    }
    // a replay: give back the seqs and the system balance moved above (their locks are still ours)
    await returnSeqs(tx, counted);
    for (const step of systemSteps) await step.undo();
    const booked = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txKey, key));
    return replayOf(booked, key, from, to, asset, amount, kind, ref);
  }

  for (const step of userSteps) await step.run();
  // heard by every API process once the caller's transaction commits (never if it rolls back)
  const users = [from.userId, to.userId].filter((id): id is number => id !== null);
  await notifyMovement(tx, users, kind);
  const debitId = inserted.find((r) => r.side === 'debit')?.id ?? 0;
  const creditId = inserted.find((r) => r.side === 'credit')?.id ?? 0;
  return { debitId, creditId, replayed: false };
}

type Entry = typeof ledgerEntries.$inferSelect;

/** The result of a key already booked: the same movement replays, another one is a conflict. */
function replayOf(
  existing: Entry[],
  key: string,
  from: Resolved,
  to: Resolved,
  asset: Asset,
  amount: bigint,
  kind: LedgerKind,
  ref: string | null,
): TransferResult {
  const debit = existing.find((e) => e.side === 'debit');
  const credit = existing.find((e) => e.side === 'credit');
  const same =
    debit &&
    credit &&
    debit.userId === from.userId &&
    debit.account === from.account &&
    credit.userId === to.userId &&
    credit.account === to.account &&
    debit.asset === asset &&
    credit.amount === amount &&
    debit.kind === kind &&
    (debit.ref ?? null) === ref;
  if (!same) throw new AppError(ErrorCode.IdempotencyConflict, undefined, `ledger key ${key} reused`);
  return { debitId: debit.id, creditId: credit.id, replayed: true };
}

/**
 * Takes the next seqs of each user (one per entry of theirs in this transfer), locking their
 * counters in user order. Returns user → the seqs given, in entry order.
 */
async function takeSeqs(tx: Executor, userIds: (number | null)[]): Promise<Map<number, number[]>> {
  const counts = new Map<number, number>();
  for (const id of userIds) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  const out = new Map<number, number[]>();
  if (counts.size === 0) return out;
  const ordered = [...counts].sort((a, b) => a[0] - b[0]);
  const rows = rowsOf<{ user_id: number; last: string | number }>(
    await tx.execute(sql`INSERT INTO ledger_seqs (user_id, last)
      VALUES ${sql.join(
        ordered.map(([id, n]) => sql`(${id}::int, ${n}::bigint)`),
        sql`, `,
      )}
      ON CONFLICT (user_id) DO UPDATE SET last = ledger_seqs.last + excluded.last
      RETURNING user_id, last`),
  );
  for (const r of rows) {
    const n = counts.get(r.user_id) ?? 0;
    const last = Number(r.last);
    out.set(
      r.user_id,
      Array.from({ length: n }, (_, i) => last - n + 1 + i),
    );
  }
  return out;
}

/** Gives back seqs taken by takeSeqs in this transaction (nothing was written with them). */
async function returnSeqs(tx: Executor, taken: Map<number, number[]>): Promise<void> {
  for (const [userId, seqs] of taken)
    await tx.execute(
      sql`UPDATE ledger_seqs SET last = last - ${seqs.length}::bigint WHERE user_id = ${userId}`,
    );
}

const ownerMatch = (userId: number | null) =>
  userId === null ? isNull(balances.userId) : eq(balances.userId, userId);

const lockOrder = (a: Resolved) => `${String(a.userId ?? 0).padStart(12, '0')}:${a.account}`;

async function debit(tx: Executor, acc: Resolved, asset: Asset, amount: bigint): Promise<void> {
  const where = and(ownerMatch(acc.userId), eq(balances.account, acc.account), eq(balances.asset, asset));
  // The floor is enforced by the WHERE clause under the row lock: two concurrent debits cannot
  // both pass; the CHECK constraint is the second line of defence.
  const updated = await tx
    .update(balances)
    .set({ amount: sql`${balances.amount} - ${amount}` })
    .where(and(where, sql`${balances.amount} >= ${amount}`))
    .returning({ id: balances.id });
  if (updated.length === 0) throw insufficient(asset);
}

async function credit(tx: Executor, acc: Resolved, asset: Asset, amount: bigint): Promise<void> {
  await tx
    .insert(balances)
    .values({ userId: acc.userId, account: acc.account, asset, amount, allowNegative: acc.allowNegative })
    .onConflictDoUpdate({
      target: [balances.userId, balances.account, balances.asset],
      set: { amount: sql`${balances.amount} + ${amount}` },
    });
}

/** Takes back a move of this transaction on a cached balance (its row is locked by it). */
async function shift(tx: Executor, acc: Resolved, asset: Asset, delta: bigint): Promise<void> {
  await tx
    .update(balances)
    .set({ amount: sql`${balances.amount} + ${delta}` })
    .where(and(ownerMatch(acc.userId), eq(balances.account, acc.account), eq(balances.asset, asset)));
}

/** A user's balances: every account × asset, zero where nothing was ever booked. */
export async function getUserBalances(
  db: Executor,
  userId: number,
): Promise<Record<UserAccountName, Record<Asset, bigint>>> {
  // raw SQL: on every /api/user, and the query builder costs more than the query here
  // `asset` is the database enum `asset` (db/schema/_columns.ts): nothing else can come back
  const rows = rowsOf<{ account: string; asset: Asset; amount: string }>(
    await db.execute(
      sql`SELECT account, asset, amount::text AS amount FROM balances WHERE user_id = ${userId}`,
    ),
  );
  const out = Object.fromEntries(
    USER_ACCOUNTS.map((a) => [a, Object.fromEntries(ASSETS.map((s) => [s, 0n])) as Record<Asset, bigint>]),
  ) as Record<UserAccountName, Record<Asset, bigint>>;
  for (const r of rows) {
    const acc = out[r.account as UserAccountName];
    if (acc) acc[r.asset] = BigInt(r.amount);
  }
  return out;
}

export async function getBalance(db: Executor, ref: AccountRef, asset: Asset): Promise<bigint> {
  const acc = resolve(ref);
  if (acc.allowNegative) {
    // uncached system account: the sum of its entries
    const rows = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          isNull(ledgerEntries.userId),
          eq(ledgerEntries.account, acc.account),
          eq(ledgerEntries.asset, asset),
        ),
      );
    return BigInt(rows[0]?.total ?? 0);
  }
  const rows = await db
    .select({ amount: balances.amount })
    .from(balances)
    .where(and(ownerMatch(acc.userId), eq(balances.account, acc.account), eq(balances.asset, asset)));
  return rows[0]?.amount ?? 0n;
}

/** One flow record (ledger entry) of a user: a signed amount in wei, negative leaving the account. */
export type FinanceEntry = {
  id: number;
  time: Date;
  kind: LedgerKind;
  account: UserAccountName;
  asset: Asset;
  amount: bigint;
  ref: string | null;
};

/** A page of flow records, newest first; `nextCursor` (the last id) continues after it. */
export type FinancePage = {
  list: FinanceEntry[];
  page: number;
  size: number;
  hasMore: boolean;
  nextCursor: string | null;
};

type EntryRow = {
  id: string | number;
  time: string;
  kind: LedgerKind;
  account: UserAccountName;
  asset: Asset;
  amount: string;
  ref: string | null;
};

// the columns of a flow record, the time as UTC text to the millisecond: the same from both drivers
// (each parses a timestamp column its own way), and what the API shows
const ENTRY_COLUMNS = sql.raw(`id, kind, account, asset, amount::text AS amount, ref,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time`);

/**
 * A page of a user's ledger entries (flow records), newest first, of one kind and/or asset.
 * Every page is read from an index range, whatever its depth: page N of the whole history is the
 * range of `seq` below the user's last one (ledger_seqs) minus (N - 1) × size; with `cursor` (the
 * last id of the previous page) the page is a keyset read on (user_id, id). Only a filtered page
 * asked by number without a cursor still skips (N - 1) × size entries. No count of the history:
 * one row more than the page says whether more follow.
 */
export async function entriesOf(
  db: Executor,
  userId: number,
  filter: { kind?: LedgerKind | undefined; asset?: Asset | undefined },
  page: number,
  size: number,
  cursor?: number,
): Promise<FinancePage> {
  const filters = sql.join(
    [
      filter.kind ? sql` AND kind = ${filter.kind}` : sql``,
      filter.asset ? sql` AND asset = ${filter.asset}` : sql``,
    ],
    sql``,
  );
  const skip = (page - 1) * size;
  const query =
    cursor !== undefined
      ? sql`SELECT ${ENTRY_COLUMNS} FROM ledger_entries
          WHERE user_id = ${userId} AND id < ${cursor}${filters} ORDER BY id DESC LIMIT ${size + 1}`
      : filter.kind || filter.asset
        ? sql`SELECT ${ENTRY_COLUMNS} FROM ledger_entries
          WHERE user_id = ${userId}${filters} ORDER BY id DESC LIMIT ${size + 1} OFFSET ${skip}`
        : sql`SELECT ${ENTRY_COLUMNS} FROM ledger_entries
          WHERE user_id = ${userId}
            AND seq <= (SELECT last FROM ledger_seqs WHERE user_id = ${userId}) - ${skip}::bigint
          ORDER BY seq DESC LIMIT ${size + 1}`;
  const rows = rowsOf<EntryRow>(await db.execute(query));
  const hasMore = rows.length > size;
  const list: FinanceEntry[] = rows.slice(0, size).map((r) => ({
    id: Number(r.id),
    time: new Date(r.time),
    kind: r.kind,
    account: r.account,
    asset: r.asset,
    amount: BigInt(r.amount),
    ref: r.ref,
  }));
  return {
    list,
    page,
    size,
    hasMore,
    nextCursor: hasMore ? String(list.at(-1)?.id) : null,
  };
}
