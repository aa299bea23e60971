// The double-entry ledger: the ONLY way off-chain money moves. Every transfer writes one debit and
// one credit entry under a unique key, and moves the cached balances in the caller's transaction.
import type { LedgerKind } from '@free/protocol/api/ledger-kinds';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { balances, ledgerEntries } from '../db/schema/index.ts';
import { AppError, ErrorCode } from '../lib/errors.ts';
import { amt, iso } from '../lib/format.ts';

export const ASSETS = ['USDT', 'FREE', 'FCC'] as const;
export type Asset = (typeof ASSETS)[number];

/** Per-user accounts of DESIGN §4 / SPEC §3. */
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
  /** entry time (default: the database clock) */
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

/**
 * Refuses before anything moves when the user's wallet holds less than `amount` of `asset`:
 * InsufficientFree for FREE, InsufficientBalance otherwise, naming `field`.
 */
export async function requireWallet(
  tx: Executor,
  userId: number,
  asset: Asset,
  amount: bigint,
  field = 'amount',
): Promise<void> {
  if ((await getBalance(tx, userAccount(userId), asset)) < amount) {
    throw new AppError(asset === 'FREE' ? ErrorCode.InsufficientFree : ErrorCode.InsufficientBalance, field);
  }
}

/**
 * Moves `amount` of `asset` from one account to another inside `tx` (the caller's transaction).
 * Throws AppError(InsufficientBalance) when the source would go below zero, and
 * AppError(IdempotencyConflict) when `key` was used for a different movement.
 */
export async function transfer(tx: Executor, input: TransferInput): Promise<TransferResult> {
  const { key, asset, amount, kind } = input;
  const ref = input.ref ?? null;
  if (typeof amount !== 'bigint' || amount <= 0n) throw new AppError(ErrorCode.InvalidAmount, 'amount');
  if (!key) throw new Error('ledger transfer needs a key');
  const from = resolve(input.from);
  const to = resolve(input.to);
  if (sameAccount(from, to)) throw new Error('ledger transfer to the same account');

  // Claim the key first: a concurrent transfer with the same key waits here until the first
  // commits, then finds it (ON CONFLICT DO NOTHING) and replays instead of moving money twice.
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
        createdAt: input.at,
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
        createdAt: input.at,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id, side: ledgerEntries.side });

  if (inserted.length !== 2) {
    if (inserted.length === 1) {
      // Only possible if someone wrote half a pair by hand: refuse rather than guess.
      throw new AppError(ErrorCode.IdempotencyConflict, undefined, `half-written ledger pair for ${key}`);
    }
    const existing = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txKey, key));
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

  // System accounts open to the outside world keep no cached row (their balance is the sum of
  // their entries): no hot row for every user to queue on. Cached rows are locked in one fixed
  // order so two opposite transfers cannot deadlock.
  const steps = [
    { acc: from, run: () => debit(tx, from, asset, amount) },
    { acc: to, run: () => credit(tx, to, asset, amount) },
  ]
    .filter((s) => !s.acc.allowNegative)
    .sort((a, b) => lockOrder(a.acc).localeCompare(lockOrder(b.acc)));
  for (const step of steps) await step.run();
  const debitId = inserted.find((r) => r.side === 'debit')?.id ?? 0;
  const creditId = inserted.find((r) => r.side === 'credit')?.id ?? 0;
  return { debitId, creditId, replayed: false };
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
  if (updated.length === 0) throw new AppError(ErrorCode.InsufficientBalance, 'amount');
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

/** A user's balances: every account × asset, zero where nothing was ever booked. */
export async function getUserBalances(
  db: Executor,
  userId: number,
): Promise<Record<UserAccountName, Record<Asset, bigint>>> {
  const rows = await db.select().from(balances).where(eq(balances.userId, userId));
  const out = Object.fromEntries(
    USER_ACCOUNTS.map((a) => [a, Object.fromEntries(ASSETS.map((s) => [s, 0n])) as Record<Asset, bigint>]),
  ) as Record<UserAccountName, Record<Asset, bigint>>;
  for (const r of rows) {
    const acc = out[r.account as UserAccountName];
    if (acc && (ASSETS as readonly string[]).includes(r.asset)) acc[r.asset as Asset] = r.amount;
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

/**
 * A page of a user's ledger entries (flow records), newest first, of one kind and/or asset.
 * With `cursor` (the last id of the previous page) the page is a keyset read on (user_id, id): the
 * same cost at any depth. Without it, `page` skips (page - 1) × size ids inside the index before
 * reading `size` rows. No count of the history: one row more than the page says whether more follow.
 */
export async function entriesOf(
  db: Executor,
  userId: number,
  filter: { kind?: LedgerKind | undefined; asset?: Asset | undefined },
  page: number,
  size: number,
  cursor?: number,
) {
  const where = and(
    eq(ledgerEntries.userId, userId),
    filter.kind ? eq(ledgerEntries.kind, filter.kind) : undefined,
    filter.asset ? eq(ledgerEntries.asset, filter.asset) : undefined,
    cursor !== undefined ? lt(ledgerEntries.id, cursor) : undefined,
  );
  const pageIds = db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(size + 1)
    .offset(cursor !== undefined ? 0 : (page - 1) * size);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.id, pageIds))
    .orderBy(desc(ledgerEntries.id));
  const hasMore = rows.length > size;
  const list = rows.slice(0, size);
  return {
    list: list.map((r) => ({
      id: r.id,
      time: iso(r.createdAt),
      kind: r.kind,
      account: r.account,
      asset: r.asset,
      amount: amt(r.amount),
      ref: r.ref,
    })),
    page,
    size,
    hasMore,
    nextCursor: hasMore ? String(list.at(-1)?.id) : null,
  };
}
