// Proof of liabilities (docs/proof-of-liabilities.md): a snapshot of every user's claims, read in one
// repeatable-read transaction with exactly what reconcile counts (userClaims), becomes a Merkle-sum
// tree (protocol/liabilities.ts); its leaves (with their salts) and inner nodes are stored so that
// the proof of any past snapshot is one read. Its publication on chain goes through the hot-wallet
// outbox (kind 'liabilities', jobs/liabilities.ts); liabilitySnapshotOwner moves the snapshot with it.
import { liabilitiesAbi, paymentAbi, stakingAbi } from '@free/protocol/abi/index';
import { type Address, type Hex, parseAddress } from '@free/protocol/address';
import { ErrorCode } from '@free/protocol/envelope';
import {
  buildLiabilityLevels,
  EMPTY_NODE,
  LIABILITY_NODE_BYTES,
  type LiabilityClaim,
  type LiabilityNode,
  liabilityLeafHash,
  liabilityNodeOfHex,
  liabilityPathIndexes,
  randomSalts,
} from '@free/protocol/liabilities';
import { sql } from 'drizzle-orm';
import { type Address as ChainAddress, erc20Abi, type PublicClient } from 'viem';
import { type DbHandle, type Executor, rows, sqlList, type Tx } from '../db/client.ts';
import { type LiabilitySnapshotState, TX_IN_FLIGHT, TX_OPEN } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { RECONCILED_TOKENS, type ReconcileChain, type ReconciledToken, userClaims } from './reconcile.ts';

export type LiabilitySnapshot = {
  id: number;
  root: Hex;
  usdt: bigint;
  free: bigint;
  leafCount: number;
  userCount: number;
  state: LiabilitySnapshotState;
  contract: Address | null;
  txHash: Hex | null;
  publishedAt: Date | null;
  takenAt: Date;
};

export type LiabilityProofAnswer = {
  snapshot: LiabilitySnapshot;
  leaf: { index: number; salt: Hex; userHash: Hex; usdt: bigint; free: bigint };
  path: LiabilityNode[];
};

type SnapshotRow = {
  id: number;
  root: Hex;
  usdt: string;
  free: string;
  leaf_count: number;
  user_count: number;
  state: LiabilitySnapshotState;
  contract: Address | null;
  tx_hash: Hex | null;
  published_at: Date | string | null;
  taken_at: Date | string;
};
const SNAPSHOT_COLUMNS = sql`id, root, usdt::text, free::text, leaf_count, user_count, state, contract, tx_hash, published_at, taken_at`;
const date = (d: Date | string) => (d instanceof Date ? d : new Date(d));
const toSnapshot = (r: SnapshotRow): LiabilitySnapshot => ({
  id: Number(r.id),
  root: r.root,
  usdt: BigInt(r.usdt),
  free: BigInt(r.free),
  leafCount: Number(r.leaf_count),
  userCount: Number(r.user_count),
  state: r.state,
  contract: r.contract,
  txHash: r.tx_hash,
  publishedAt: r.published_at === null ? null : date(r.published_at),
  takenAt: date(r.taken_at),
});

/** Rows per INSERT: each column goes as one comma-joined text parameter (both drivers, no array types). */
const CHUNK = 20_000;
const joined = (v: readonly (string | number | bigint)[]) => v.join(',');

/**
 * Takes a snapshot: every user's claims as reconcile counts them (one repeatable-read transaction,
 * so the sum is the ledger's "owed" at one instant), a fresh salt per user, the tree, and stores
 * its leaves and inner nodes with the snapshot, all in that transaction. A negative claim (a
 * broken ledger) refuses the snapshot rather than publish it.
 */
export async function takeLiabilitySnapshot(
  h: DbHandle,
  client: PublicClient,
  now: Date,
  /** the Liabilities contract: the id taken is above every id it holds (a restored or new database) */
  contract: ChainAddress | null,
): Promise<LiabilitySnapshot> {
  const onChain = contract
    ? await client.readContract({ address: contract, abi: liabilitiesAbi, functionName: 'latestId' })
    : 0n;
  return h.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    const claims = await userClaims(tx, client);
    // every user in one row of text: PGlite decodes 100,000 rows of (id, address) about ten times
    // slower than the same text in one row (docs/benchmarks.md, proof of liabilities)
    const [all] = await rows<{ ids: string | null; addresses: string | null }>(
      tx,
      sql`SELECT string_agg(id::text, ',' ORDER BY id) AS ids, string_agg(address, ',' ORDER BY id) AS addresses
          FROM users`,
    );
    const ids = all?.ids?.split(',') ?? [];
    const addresses = all?.addresses?.split(',') ?? [];
    const idOf = new Map<string, number>();
    const list: LiabilityClaim[] = [];
    const salts = randomSalts(claims.size);
    for (const [i, address] of addresses.entries()) {
      const userId = Number(ids[i]);
      const c = claims.get(userId);
      if (!c) continue;
      if (c.USDT < 0n || c.FREE < 0n)
        throw new Error(`liabilities: user ${userId} has a negative claim; snapshot refused`);
      if (c.USDT === 0n && c.FREE === 0n) continue;
      idOf.set(address.toLowerCase(), userId);
      // users.address holds the lower-case address checked at sign-in; the tree reads its bytes
      list.push({ user: address as Address, salt: salts[list.length] as Hex, usdt: c.USDT, free: c.FREE });
    }
    const tree = buildLiabilityLevels(list);
    const [row] = await rows<SnapshotRow>(
      tx,
      sql`INSERT INTO liability_snapshots (id, root, usdt, free, leaf_count, user_count, taken_at)
          OVERRIDING SYSTEM VALUE
          VALUES (GREATEST(nextval(pg_get_serial_sequence('liability_snapshots', 'id')), ${(onChain + 1n).toString()}::bigint),
                  ${tree.root.hash}, ${tree.root.usdt.toString()}, ${tree.root.free.toString()}, ${tree.leafCount},
                  ${tree.leaves.length}, ${now.toISOString()})
          RETURNING ${SNAPSHOT_COLUMNS}`,
    );
    if (!row) throw new Error('liabilities: snapshot not stored');
    const id = Number(row.id);
    // the sequence follows an id taken from the chain
    await tx.execute(
      sql`SELECT setval(s, GREATEST(${id}::bigint, COALESCE(pg_sequence_last_value(s::regclass), 0)))
          FROM pg_get_serial_sequence('liability_snapshots', 'id') AS s`,
    );
    for (let at = 0; at < tree.leaves.length; at += CHUNK) {
      const part = tree.leaves.slice(at, at + CHUNK);
      await tx.execute(
        sql`INSERT INTO liability_leaves (snapshot_id, idx, user_id, salt, user_hash, usdt, free)
            SELECT ${id}, * FROM unnest(
              string_to_array(${joined(part.map((l) => l.index))}, ',')::int[],
              string_to_array(${joined(part.map((l) => idOf.get(l.user.toLowerCase()) ?? 0))}, ',')::int[],
              string_to_array(${joined(part.map((l) => l.salt))}, ','),
              string_to_array(${joined(part.map((l) => l.userHash))}, ','),
              string_to_array(${joined(part.map((l) => l.usdt))}, ',')::numeric[],
              string_to_array(${joined(part.map((l) => l.free))}, ',')::numeric[])`,
      );
    }
    // the inner nodes: one row per level, its nodes' bytes end to end (migration 0029)
    for (let k = 1; k < tree.levels.length; k++) {
      const nodes = tree.levels[k] as Uint8Array;
      // hex and decode(): PGlite turns a hex text into bytea many times faster than a byte array
      const hex = Buffer.from(nodes.buffer, nodes.byteOffset, nodes.byteLength).toString('hex');
      await tx.execute(
        sql`INSERT INTO liability_levels (snapshot_id, level, nodes) VALUES (${id}, ${k}, decode(${hex}, 'hex'))`,
      );
    }
    return toSnapshot(row);
  });
}

/** A snapshot by id, or the latest published one. */
export async function liabilitySnapshot(db: Executor, id?: number): Promise<LiabilitySnapshot | null> {
  const [r] = await rows<SnapshotRow>(
    db,
    id === undefined
      ? sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE state = 'published' ORDER BY id DESC LIMIT 1`
      : sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE id = ${id}`,
  );
  return r ? toSnapshot(r) : null;
}

/**
 * The user's proof in a snapshot (`id`, or the latest published): the leaf and its siblings from
 * the leaf's level up. NotFound when there is no such snapshot or the user has no leaf in it
 * (nothing was owed to them then).
 */
export async function liabilityProofOf(
  db: Executor,
  userId: number,
  id?: number,
): Promise<LiabilityProofAnswer> {
  // the snapshot and the user's leaf in one read, the siblings in a second
  const [r] = await rows<
    SnapshotRow & { idx: number | null; salt: Hex; user_hash: Hex; leaf_usdt: string; leaf_free: string }
  >(
    db,
    sql`SELECT s.id, s.root, s.usdt::text, s.free::text, s.leaf_count, s.user_count, s.state, s.contract, s.tx_hash,
          s.published_at, s.taken_at, l.idx, l.salt, l.user_hash, l.usdt::text AS leaf_usdt, l.free::text AS leaf_free
        FROM (SELECT * FROM liability_snapshots
              WHERE ${id === undefined ? sql`state = 'published'` : sql`id = ${id}`} ORDER BY id DESC LIMIT 1) s
        LEFT JOIN liability_leaves l ON l.snapshot_id = s.id AND l.user_id = ${userId}`,
  );
  if (!r) throw new AppError(ErrorCode.NotFound, 'id', 'no such liabilities snapshot');
  const snapshot = toSnapshot(r);
  if (r.idx === null)
    throw new AppError(
      ErrorCode.NotFound,
      undefined,
      `user ${userId} has no leaf in snapshot ${snapshot.id}`,
    );
  const index = Number(r.idx);
  const sibs = liabilityPathIndexes(index, snapshot.leafCount);
  const path: LiabilityNode[] = sibs.map(() => EMPTY_NODE);
  if (sibs.length > 0) {
    // the sibling leaf, then each level's sibling: its 96 bytes of the level's row
    const at = sibs
      .slice(1)
      .map((idx, k) => sql`(${k + 1}::smallint, ${idx * LIABILITY_NODE_BYTES + 1}::int)`);
    const found = await rows<{
      level: number;
      hash: Hex | null;
      usdt: string | null;
      free: string | null;
      node: string | null;
    }>(
      db,
      sql`SELECT 0::smallint AS level, user_hash AS hash, usdt::text, free::text, NULL::text AS node
            FROM liability_leaves WHERE snapshot_id = ${snapshot.id} AND idx = ${sibs[0]}
          ${
            at.length > 0
              ? sql`UNION ALL SELECT l.level, NULL, NULL, NULL, encode(substring(l.nodes FROM v.at FOR ${LIABILITY_NODE_BYTES}), 'hex')
            FROM (VALUES ${sql.join(at, sql`, `)}) v(level, at)
            JOIN liability_levels l ON l.snapshot_id = ${snapshot.id} AND l.level = v.level`
              : sql``
          }`,
    );
    for (const n of found) {
      const level = Number(n.level);
      if (n.node !== null) {
        path[level] = liabilityNodeOfHex(n.node);
        continue;
      }
      const usdt = BigInt(n.usdt ?? '');
      const free = BigInt(n.free ?? '');
      // level 0 is the sibling leaf: its hash is made from its userHash and amounts
      path[level] = { hash: liabilityLeafHash(n.hash as Hex, usdt, free), usdt, free };
    }
  }
  return {
    snapshot,
    leaf: {
      index,
      salt: r.salt,
      userHash: r.user_hash,
      usdt: BigInt(r.leaf_usdt),
      free: BigInt(r.leaf_free),
    },
    path,
  };
}

/** The newest stored snapshot that can still be published (above every id sent before), if any. */
export async function snapshotToPublish(tx: Tx): Promise<LiabilitySnapshot | null> {
  const [r] = await rows<SnapshotRow>(
    tx,
    sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots s WHERE state = 'stored'
          AND id > COALESCE((SELECT max(id) FROM liability_snapshots WHERE state <> 'stored'), 0)
        ORDER BY id DESC LIMIT 1 FOR UPDATE`,
  );
  return r ? toSnapshot(r) : null;
}

/** Whether a publication is on its way (signed or sent, not final): the next one waits for it. */
export async function publicationOpen(db: Executor): Promise<boolean> {
  const [r] = await rows(db, sql`SELECT 1 FROM liability_snapshots WHERE state IN ${sqlList(TX_IN_FLIGHT)}`);
  return r !== undefined;
}

async function moveSnapshot(
  tx: Tx,
  id: number,
  from: LiabilitySnapshotState[],
  to: LiabilitySnapshotState,
  set = sql``,
): Promise<boolean> {
  const moved = await rows(
    tx,
    sql`UPDATE liability_snapshots SET state = ${to} ${set}
        WHERE id = ${id} AND state IN ${sqlList(from)} RETURNING id`,
  );
  return moved.length > 0;
}

/** The owner of the outbox kind 'liabilities': the snapshot follows its publishing transaction. */
export const liabilitySnapshotOwner = {
  signed: async (tx: Tx, id: number, v: { hash: string }) => {
    await moveSnapshot(tx, id, ['stored', 'signed'], 'signed', sql`, tx_hash = ${v.hash}`);
  },
  sent: async (tx: Tx, id: number) => {
    await moveSnapshot(tx, id, ['signed'], 'broadcast');
  },
  confirmed: async (tx: Tx, id: number, v: { hash: string }, now: Date) => {
    await moveSnapshot(
      tx,
      id,
      [...TX_OPEN],
      'published',
      sql`, tx_hash = ${v.hash}, published_at = ${now.toISOString()}`,
    );
    return undefined;
  },
  // the outbox's error log is the alert; the snapshot stays signed until its transaction is mined
  atFeeCeiling: async () => {},
  failed: async (tx: Tx, id: number, reason: string) => {
    await moveSnapshot(tx, id, [...TX_OPEN], 'failed', sql`, fail_reason = ${reason.slice(0, 500)}`);
  },
  unresolved: async (tx: Tx, id: number, reason: string) => {
    await moveSnapshot(tx, id, [...TX_IN_FLIGHT], 'unresolved', sql`, fail_reason = ${reason.slice(0, 500)}`);
  },
};

export type LiabilityReserve = {
  token: ReconciledToken;
  hotWallet: bigint;
  treasury: bigint;
  /** the Staking contract's reward reserve (USDT; 0 for FREE) */
  staking: bigint;
};

/** What the chain holds for users now: the hot wallet, the Payment treasury and the Staking reserve. */
export async function liabilityReserves(
  chain: ReconcileChain,
  staking: ChainAddress,
): Promise<LiabilityReserve[]> {
  const c = chain.client;
  const treasury = parseAddress(
    await c.readContract({ address: chain.payment, abi: paymentAbi, functionName: 'treasury' }),
    'Payment.treasury',
  );
  const balance = (token: ChainAddress, holder: ChainAddress) =>
    c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
  const sameHolder = treasury.toLowerCase() === chain.hotWallet.toLowerCase();
  const stakingReserve = await c.readContract({ address: staking, abi: stakingAbi, functionName: 'reserve' });
  return Promise.all(
    RECONCILED_TOKENS.map(async (token) => ({
      token,
      hotWallet: await balance(chain.tokens[token], chain.hotWallet),
      // counted once when the treasury is the hot wallet (as reconcile does)
      treasury: sameHolder ? 0n : await balance(chain.tokens[token], treasury),
      staking: token === 'USDT' ? stakingReserve : 0n,
    })),
  );
}
