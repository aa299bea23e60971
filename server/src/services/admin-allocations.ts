// Operator grants of airdrop and presale allocations (released over a window) and of exclusive
// airdrops and FCC bonuses (income credited at once): one address, or many from CSV lines
// `address,amount[,unlockAt[,endAt]]`, with a dry run that reports totals and per-line errors.
import { parseAmount } from '@free/protocol/amount';
import { type AllocationKind, type CommandRefusal, CREDIT_GRANT_KINDS } from '@free/protocol/api/admin';
import { DAY_MS } from '@free/protocol/constants';
import { sql } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import type { DbHandle, Executor } from '../db/client.ts';
import { rowsOf, sqlList } from '../db/client.ts';
import { grantAllocation } from './airdrop.ts';
import { systemAccount, transfer, userAccount } from './ledger.ts';

export type { AllocationKind };

/** A grant credited at once as income: its ledger kind, token and account. */
const CREDITS = {
  exclusive_airdrop: { kind: 'airdrop_exclusive', asset: 'FREE', account: 'airdrop' },
  fcc_bonus: { kind: 'fcc_bonus', asset: 'FCC', account: 'wallet' },
} as const;
const isCredit = (k: AllocationKind): k is keyof typeof CREDITS =>
  (CREDIT_GRANT_KINDS as readonly string[]).includes(k);

export type AllocationLineInput = {
  line: number;
  address: string;
  amount: string;
  unlockAt?: string | undefined;
  endAt?: string | undefined;
};

export type AllocationDefaults = {
  kind: AllocationKind;
  now: Date;
  /** when a line gives no end time: the release lasts this many days from its unlock */
  releaseDays?: number | undefined;
  /** part of each line's idempotency ref: the same line in another batch is a new grant */
  batch?: string | undefined;
};

export type CheckedLine = {
  line: number;
  address: string;
  amount: bigint;
  unlockAt: Date;
  endAt: Date;
  error: string | null;
  /** the same refusal as a stable code the console translates */
  refusal: CommandRefusal | null;
  ref: string;
};

const parseTime = (text: string | undefined): Date | null | 'bad' => {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? 'bad' : d;
};

/** Splits CSV text into lines (a header line starting with "address" and blank lines are skipped). */
export function csvLines(csv: string): AllocationLineInput[] {
  const out: AllocationLineInput[] = [];
  csv.split(/\r?\n/).forEach((text, i) => {
    const cells = text.split(',').map((c) => c.trim());
    if (cells.every((c) => c === '')) return;
    if (i === 0 && /^address$/i.test(cells[0] ?? '')) return;
    out.push({
      line: i + 1,
      address: cells[0] ?? '',
      amount: cells[1] ?? '',
      unlockAt: cells[2],
      endAt: cells[3],
    });
  });
  return out;
}

/** Checks every line without writing: address known as a user, amount, window, duplicates. */
export async function checkAllocationLines(
  db: Executor,
  lines: AllocationLineInput[],
  d: AllocationDefaults,
): Promise<{ lines: CheckedLine[]; userIds: Map<string, number> }> {
  const addresses = [
    ...new Set(
      lines.filter((l) => isAddress(l.address, { strict: false })).map((l) => l.address.toLowerCase()),
    ),
  ];
  const userIds = new Map<string, number>();
  if (addresses.length > 0) {
    const found = rowsOf<{ id: number; address: string }>(
      await db.execute(sql`SELECT id, address FROM users WHERE address IN ${sqlList(addresses)}`),
    );
    for (const u of found) userIds.set(u.address, Number(u.id));
  }
  const seen = new Map<string, number>();
  const duplicateOf = (ref: string): [string, CommandRefusal] | null => {
    const same = seen.get(ref);
    return same === undefined
      ? null
      : [`same grant as line ${same}`, { reason: 'duplicate', subject: String(same) }];
  };
  const checked = lines.map((l): CheckedLine => {
    const amount = parseAmount(l.amount);
    const unlock = parseTime(l.unlockAt);
    const end = parseTime(l.endAt);
    const credit = isCredit(d.kind);
    // a credit is paid at once: its line time is the grant's, and its ref has no time, so running
    // the same file again later grants nothing more
    const unlockAt = unlock instanceof Date && !credit ? unlock : d.now;
    const endAt =
      end instanceof Date && !credit
        ? end
        : new Date(unlockAt.getTime() + (credit ? 0 : (d.releaseDays ?? 0)) * DAY_MS);
    const good = typeof amount === 'bigint' ? amount : 0n;
    const addr = isAddress(l.address, { strict: false }) ? getAddress(l.address) : l.address;
    const ref = credit
      ? `ops:${d.kind}:${d.batch ?? ''}:${addr.toLowerCase()}:${good}`
      : `ops:${d.kind}:${d.batch ?? ''}:${addr.toLowerCase()}:${good}:${unlockAt.toISOString()}:${endAt.toISOString()}`;
    // the operators' words (CLI, ops log) and the stable code (console) of the first problem
    const problem = ((): [string, CommandRefusal] | null => {
      if (!isAddress(l.address, { strict: false }))
        return ['not a 0x address', { reason: 'address', field: 'address' }];
      if (!userIds.has(l.address.toLowerCase()))
        return ['no user has signed in with this address yet', { reason: 'noUser' }];
      if (typeof amount !== 'bigint' || amount <= 0n)
        return ['amount must be a positive decimal amount', { reason: 'amount', field: 'amount' }];
      if (credit && (l.unlockAt || l.endAt))
        return [
          'an exclusive airdrop or FCC bonus is credited at once: give no unlock or end time',
          { reason: 'invalid', field: 'unlockAt' },
        ];
      if (credit) return duplicateOf(ref);
      if (unlock === 'bad') return ['unlock time is not a date', { reason: 'unlockTime' }];
      if (end === 'bad') return ['end time is not a date', { reason: 'endTime' }];
      if (!(end instanceof Date) && !d.releaseDays)
        return ['no end time: give one or a release period in days', { reason: 'noEnd' }];
      if (endAt.getTime() <= unlockAt.getTime())
        return ['end time must be after the unlock time', { reason: 'endBeforeUnlock' }];
      return duplicateOf(ref);
    })();
    const error = problem?.[0] ?? null;
    if (!error) seen.set(ref, l.line);
    return {
      line: l.line,
      address: addr,
      amount: good,
      unlockAt,
      endAt,
      error,
      refusal: problem?.[1] ?? null,
      ref,
    };
  });
  return { lines: checked, userIds };
}

/** One checked line and what became of it (views/admin-money.ts answers it). */
export type AllocationLineResult = Omit<CheckedLine, 'ref'> & {
  /** real run: false when the line had been granted before; null in a dry run or for a refused line */
  granted: boolean | null;
};

export type AllocationRun = {
  dryRun: boolean;
  lines: AllocationLineResult[];
  valid: number;
  invalid: number;
  /** the valid lines' amounts (wei) */
  total: bigint;
};

/**
 * Checks the lines, and unless `dryRun` grants every valid one (each idempotent by its ref: a repeat
 * of the same line changes nothing and reports `granted: false`). Invalid lines are never granted.
 */
export async function grantAllocations(
  handle: DbHandle,
  input: AllocationLineInput[],
  d: AllocationDefaults & { dryRun: boolean },
): Promise<AllocationRun> {
  return handle.transaction(async (tx) => {
    const { lines, userIds } = await checkAllocationLines(tx, input, d);
    const granted = new Map<number, boolean>();
    if (!d.dryRun) {
      for (const l of lines) {
        if (l.error) continue;
        const userId = userIds.get(l.address.toLowerCase()) as number;
        if (isCredit(d.kind)) {
          // income from the system's income account, once per ref (the ledger's idempotency key)
          const c = CREDITS[d.kind];
          const moved = await transfer(tx, {
            key: l.ref,
            from: systemAccount('income'),
            to: userAccount(userId, c.account),
            asset: c.asset,
            amount: l.amount,
            kind: c.kind,
            ref: d.batch ? `grant:${d.batch}` : 'grant',
          });
          granted.set(l.line, !moved.replayed);
          continue;
        }
        const before = rowsOf(await tx.execute(sql`SELECT 1 FROM token_allocations WHERE ref = ${l.ref}`));
        await grantAllocation(tx, {
          userId,
          kind: d.kind,
          total: l.amount,
          unlockAt: l.unlockAt,
          endAt: l.endAt,
          ref: l.ref,
        });
        granted.set(l.line, before.length === 0);
      }
    }
    const valid = lines.filter((l) => !l.error);
    return {
      dryRun: d.dryRun,
      lines: lines.map((l) => ({
        line: l.line,
        address: l.address,
        amount: l.amount,
        unlockAt: l.unlockAt,
        endAt: l.endAt,
        error: l.error,
        refusal: l.refusal,
        granted: d.dryRun || l.error ? null : (granted.get(l.line) ?? null),
      })),
      valid: valid.length,
      invalid: lines.length - valid.length,
      total: valid.reduce((s, l) => s + l.amount, 0n),
    };
  });
}
