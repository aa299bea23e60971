// The proof-of-liabilities job: once a day, after the previous UTC day is settled, takes a snapshot
// of every user's claims (services/liabilities.ts) and publishes its root with
// `Liabilities.publish` from the hot wallet. The transaction goes into the hot-wallet outbox (kind
// 'liabilities') in the same database transaction that marks the snapshot signed, so a crash
// re-sends it, never a second one; the hot-wallet worker sends, fee-bumps and settles it like a
// payout. One publication is open at a time, so ids reach the chain in increasing order.
import { liabilitiesAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData } from 'viem';
import { rows } from '../db/client.ts';
import { noopLog } from '../lib/logger.ts';
import {
  type LiabilitySnapshot,
  publicationOpen,
  snapshotToPublish,
  takeLiabilitySnapshot,
} from '../services/liabilities.ts';
import { enqueue, type HotWalletOptions, unlessRetired } from './hot-wallet.ts';
import { type JobContext, type Jobs, runLoop } from './loop.ts';
import { previousDay, SETTLEMENT_STEPS } from './settlement.ts';

export type LiabilitiesOptions = HotWalletOptions & {
  /** the Liabilities contract */
  contract: Address;
  gasLimit?: bigint;
};

/** A publication costs about 110k gas (contracts/.gas-snapshot: four new slots and an event); the rest is headroom. */
const PUBLISH_GAS = 200_000n;

/**
 * Signs the publication of the newest stored snapshot into the outbox, unless one is already on
 * its way; older stored snapshots can no longer be published (ids only increase on chain) and are
 * marked failed. Returns the snapshot signed, or null.
 */
export async function signPublication(o: LiabilitiesOptions): Promise<LiabilitySnapshot | null> {
  if (await publicationOpen(o.db.db)) return null;
  return unlessRetired(o, null, () =>
    o.db.transaction(async (tx) => {
      const s = await snapshotToPublish(tx);
      if (!s) return null;
      await tx.execute(
        sql`UPDATE liability_snapshots SET state = 'failed', fail_reason = ${`superseded by snapshot ${s.id}`}
          WHERE state = 'stored' AND id < ${s.id}`,
      );
      await tx.execute(
        sql`UPDATE liability_snapshots SET contract = ${o.contract.toLowerCase()} WHERE id = ${s.id}`,
      );
      await enqueue(tx, o, [
        {
          kind: 'liabilities',
          refId: s.id,
          to: o.contract,
          data: encodeFunctionData({
            abi: liabilitiesAbi,
            functionName: 'publish',
            args: [BigInt(s.id), s.root, s.usdt, s.free, BigInt(s.leafCount)],
          }),
          gas: o.gasLimit ?? PUBLISH_GAS,
        },
      ]);
      return s;
    }),
  );
}

/** Takes a snapshot now and signs its publication (`npm run ops -- liabilities:publish`, `npm start`, dev:advance). */
export async function snapshotAndPublish(
  o: LiabilitiesOptions,
  now: Date,
): Promise<{ snapshot: LiabilitySnapshot; signed: boolean }> {
  const snapshot = await takeLiabilitySnapshot(o.db, o.client, now, o.contract);
  const signed = await signPublication(o);
  return { snapshot, signed: signed?.id === snapshot.id };
}

/**
 * Whether a snapshot is due: none was ever taken (the first comes at once, so a fresh install
 * shows one), or the previous UTC day is settled and today has none (failed ones aside).
 */
export async function snapshotDue(o: Pick<LiabilitiesOptions, 'db'>, now: Date): Promise<boolean> {
  const [any] = await rows(o.db.db, sql`SELECT 1 FROM liability_snapshots WHERE state <> 'failed' LIMIT 1`);
  if (!any) return true;
  const [settled] = await rows(
    o.db.db,
    sql`SELECT 1 FROM settlement_runs WHERE day = ${previousDay(now)} AND step = ${SETTLEMENT_STEPS.at(-1) ?? 'fomo'}`,
  );
  if (!settled) return false;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [taken] = await rows(
    o.db.db,
    sql`SELECT 1 FROM liability_snapshots WHERE state <> 'failed' AND taken_at >= ${today.toISOString()}`,
  );
  return !taken;
}

/**
 * The daily job (default every 10 minutes): a snapshot once the previous day is settled, and the
 * publication of a stored one (a previous pass may have stored it while another was open).
 */
export function startLiabilitiesJob(ctx: JobContext, o: LiabilitiesOptions): Jobs {
  const clock = ctx.clock ?? (() => new Date());
  return runLoop(ctx, 'liabilities', 'free:liabilities', ctx.intervalMs ?? 600_000, async ({ db }) => {
    const run = { ...o, db };
    if (await snapshotDue(run, clock())) {
      const s = await takeLiabilitySnapshot(db, o.client, clock(), o.contract);
      (o.log ?? noopLog).info({ id: s.id, users: s.userCount, root: s.root }, 'liabilities: snapshot taken');
    }
    const signed = await signPublication(run);
    if (signed) (o.log ?? noopLog).info({ id: signed.id }, 'liabilities: publication signed into the outbox');
  });
}
