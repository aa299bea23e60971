// After a restore: a database older than the chain must never sign again what the chain already
// paid. A restore (a new cluster, or point-in-time recovery, which always ends on a new timeline)
// or a failover changes the database's PostgreSQL system identifier or timeline; `restorePending`
// (db/incarnation.ts) sees that, and the job loop (jobs/loop.ts) runs no job until `restoreCheck` (`npm run ops --
// restore:check`) has compared the database with the chain and recorded the new ones. Nothing has to
// be remembered by the operator: the restore itself is what stops the jobs.
//
// The check, for the hot wallet (docs/operations.md, "Restore"):
// - every nonce the chain has used beyond what the outbox knows is read from the chain: a transfer
//   that pays a queued (or in-review) withdrawal, or a burn of exactly the oldest pending burns, is
//   adopted into the outbox as the chain's transaction (its raw transaction rebuilt from the chain),
//   and its record moved by the outbox's owner (moveWithdrawal): confirmed when its receipt is final,
//   else `broadcast` for the payout worker to settle. It is never signed again: it is no longer queued.
// - what it cannot judge holds the jobs (the check does not record the new database): a transaction
//   of the hot wallet still waiting in the mempool, a used nonce whose transaction the node cannot
//   name, a transaction whose rebuilt raw form does not hash to its hash. Run it again later.
// - the outbox's open transactions are compared with the chain (receipts) and left to the payout
//   worker, which re-sends their saved raw transactions, never new ones; the indexer's cursor is
//   compared with the chain's head (it reads again from its cursor: recharges are idempotent).
// - what it cannot match (a transfer or burn no record explains) is reported as an alarm.
import { freeTokenAbi } from '@free/protocol/abi/index';
import { sql } from 'drizzle-orm';
import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  serializeTransaction,
  type Transaction,
  TransactionReceiptNotFoundError,
} from 'viem';
import { type DbHandle, rows, sqlList, type Tx } from '../db/client.ts';
import { dbIdentity } from '../db/incarnation.ts';
import { dbIncarnation, TX_OPEN } from '../db/schema/index.ts';
import { type WalletView, whoUsedNonce } from '../jobs/hot-wallet.ts';
import { burnBatchOwner } from '../services/burn.ts';
import { moveWithdrawal, withdrawalOwner } from '../services/withdraw.ts';

export type RestoreDeps = {
  db: DbHandle;
  /** the hot wallet on chain, read-only (no key) */
  view: WalletView;
  tokens: { USDT: Address; FREE: Address };
  /** the Liabilities contract: a lost publication is harmless (the job publishes the next snapshot) */
  liabilities?: Address | undefined;
  /** the indexer's cursor name, when there is an indexer */
  indexer?: string | undefined;
  /** the deployment's first block: no transaction of the hot wallet that matters is older */
  startBlock?: number | undefined;
  now: () => Date;
};

export type RestoreFinding = { nonce: number; tx: Hex | null; what: string };

export type RestoreReport = {
  /** the database's new identity was recorded: the jobs run again */
  cleared: boolean;
  identity: Awaited<ReturnType<typeof dbIdentity>>;
  head: number;
  finalBlock: number;
  nonces: { outbox: number; chainLatest: number; chainPending: number };
  /** transactions the chain shows that the restored outbox did not know, now in the outbox */
  adopted: (RestoreFinding & { kind: 'withdrawal' | 'burn'; refId: number; state: string })[];
  /** what keeps the jobs stopped: the check cannot judge it yet */
  holding: RestoreFinding[];
  /** publications of a liabilities snapshot the outbox lost: harmless, the job publishes the next one */
  republished: RestoreFinding[];
  /** transactions of the hot wallet no record explains (the operator looks at them) */
  unmatched: RestoreFinding[];
  /** the outbox's open transactions, each with what the chain shows; the payout worker settles them */
  open: { kind: string; refId: number; nonce: number; tx: Hex; state: string; chain: string }[];
  indexer: { name: string; cursor: number | null; head: number; note: string } | null;
};

/** The signed transaction as it was sent, rebuilt from what the node returns. */
function rawOf(t: Transaction, chainId: number): Hex | null {
  if (t.type !== 'eip1559' && t.type !== 'legacy' && t.type !== 'eip2930') return null;
  if (t.r === undefined || t.s === undefined) return null;
  const base = {
    chainId,
    nonce: t.nonce,
    to: t.to ?? null,
    data: t.input,
    gas: t.gas,
    value: t.value,
  };
  const raw =
    t.type === 'eip1559'
      ? serializeTransaction(
          {
            ...base,
            type: 'eip1559',
            maxFeePerGas: t.maxFeePerGas,
            maxPriorityFeePerGas: t.maxPriorityFeePerGas,
            accessList: t.accessList,
          },
          { r: t.r, s: t.s, yParity: t.yParity },
        )
      : t.type === 'eip2930'
        ? serializeTransaction(
            { ...base, type: 'eip2930', gasPrice: t.gasPrice, accessList: t.accessList },
            { r: t.r, s: t.s, yParity: t.yParity },
          )
        : serializeTransaction({ ...base, type: 'legacy', gasPrice: t.gasPrice }, { r: t.r, s: t.s, v: t.v });
  return keccak256(raw) === t.hash ? raw : null;
}

type Call =
  | { kind: 'transfer'; token: 'USDT' | 'FREE'; to: Address; amount: bigint }
  | { kind: 'burn'; amount: bigint }
  | null;

function callOf(t: Transaction, tokens: RestoreDeps['tokens']): Call {
  const to = t.to?.toLowerCase();
  const token = to === tokens.USDT.toLowerCase() ? 'USDT' : to === tokens.FREE.toLowerCase() ? 'FREE' : null;
  if (!token) return null;
  try {
    const d = decodeFunctionData({ abi: erc20Abi, data: t.input });
    if (d.functionName === 'transfer') return { kind: 'transfer', token, to: d.args[0], amount: d.args[1] };
  } catch {
    // not an ERC-20 call: maybe FREE's burn
  }
  if (token !== 'FREE') return null;
  try {
    const d = decodeFunctionData({ abi: freeTokenAbi, data: t.input });
    if (d.functionName === 'burn') return { kind: 'burn', amount: d.args[0] as bigint };
  } catch {
    // another call of the FREE contract
  }
  return null;
}

async function receiptOf(v: WalletView, hash: Hex) {
  try {
    return await v.client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** Puts the chain's transaction into the outbox for `kind`/`refId`, its owner moving its record. */
async function adopt(
  tx: Tx,
  d: RestoreDeps,
  a: {
    kind: 'withdrawal' | 'burn';
    refId: number;
    nonce: number;
    raw: Hex;
    hash: Hex;
    block: bigint;
    final: boolean;
    t: Transaction;
  },
): Promise<'confirmed' | 'broadcast'> {
  const now = d.now();
  const note = `adopted by restore:check: the chain's transaction for nonce ${a.nonce}`;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO hot_wallet_txs (wallet, nonce, kind, ref_id, state, raw_tx, tx_hash, note)
        VALUES (${d.view.address.toLowerCase()}, ${a.nonce}, ${a.kind}, ${a.refId}, 'signed', ${a.raw}, ${a.hash}, ${note})
        RETURNING id`,
  );
  await tx.execute(
    sql`INSERT INTO hot_wallet_tx_versions (outbox_id, tx_hash, raw_tx, max_fee_per_gas, max_priority_fee_per_gas, signed_at_block)
        VALUES (${Number(row?.id)}, ${a.hash}, ${a.raw}, ${(a.t.maxFeePerGas ?? a.t.gasPrice ?? 0n).toString()},
                ${(a.t.maxPriorityFeePerGas ?? a.t.gasPrice ?? 0n).toString()}, ${Number(a.block)})`,
  );
  const owner = a.kind === 'withdrawal' ? withdrawalOwner : burnBatchOwner;
  await owner.signed(tx, a.refId, { nonce: a.nonce, raw: a.raw, hash: a.hash, first: true }, now);
  await owner.sent(tx, a.refId, now);
  const state = a.final ? 'confirmed' : 'broadcast';
  await tx.execute(sql`UPDATE hot_wallet_txs SET state = ${state} WHERE id = ${Number(row?.id)}`);
  if (a.final) await owner.confirmed(tx, a.refId, { hash: a.hash, raw: a.raw }, now);
  return state;
}

/**
 * Compares the restored database with the chain and brings it up to what the chain shows; records
 * the database's new identity (the jobs run again) only when nothing holds it (RestoreReport).
 */
export async function restoreCheck(d: RestoreDeps): Promise<RestoreReport> {
  const { client, address } = d.view;
  const wallet = address.toLowerCase();
  const chainId = await client.getChainId();
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const finalBlock = head - BigInt(d.view.finalityDepth);
  const chainLatest = await client.getTransactionCount({ address, blockTag: 'latest' });
  const chainPending = await client.getTransactionCount({ address, blockTag: 'pending' });
  const [n] = await rows<{ saved: number | null; top: number | null }>(
    d.db.db,
    sql`SELECT (SELECT next_nonce FROM hot_wallet_nonces WHERE address = ${wallet}) AS saved,
               (SELECT max(nonce) + 1 FROM hot_wallet_txs WHERE wallet = ${wallet}) AS top`,
  );
  const outbox = Math.max(Number(n?.saved ?? 0), Number(n?.top ?? 0));
  const report: RestoreReport = {
    cleared: false,
    identity: await dbIdentity(d.db.db),
    head: Number(head),
    finalBlock: Number(finalBlock),
    nonces: { outbox, chainLatest, chainPending },
    adopted: [],
    holding: [],
    republished: [],
    unmatched: [],
    open: [],
    indexer: null,
  };
  if (chainPending > chainLatest) {
    report.holding.push({
      nonce: chainLatest,
      tx: null,
      what: `${chainPending - chainLatest} transaction(s) of the hot wallet wait in the mempool (nonces ${chainLatest}–${chainPending - 1}); the node cannot say what they pay: run the check again once they are mined`,
    });
  }

  const known = new Set(
    (
      await rows<{ nonce: number }>(d.db.db, sql`SELECT nonce FROM hot_wallet_txs WHERE wallet = ${wallet}`)
    ).map((r) => Number(r.nonce)),
  );
  // a block before every nonce the outbox does not know (they were signed after the restore point):
  // the last block the restored database saw (a version signed at it, the indexer's cursor), so the
  // search asks the node only for recent state (a node without archive state cannot answer older)
  const [seen] = await rows<{ signed: string | null; cursor: string | null }>(
    d.db.db,
    sql`SELECT (SELECT max(v.signed_at_block)::text FROM hot_wallet_tx_versions v
                 JOIN hot_wallet_txs o ON o.id = v.outbox_id WHERE o.wallet = ${wallet}) AS signed,
               (SELECT block_number::text FROM chain_cursors WHERE name = ${d.indexer ?? ''}) AS cursor`,
  );
  const from = [seen?.signed, seen?.cursor, d.startBlock]
    .map((b) => BigInt(b ?? 0))
    .reduce((a, b) => (b > a ? b : a), 0n);
  for (let nonce = outbox; nonce < chainLatest; nonce++) {
    if (known.has(nonce)) continue;
    const used = await whoUsedNonce(d.view, nonce, from, head);
    if (!used?.hash) {
      report.holding.push({
        nonce,
        tx: null,
        what: used
          ? `nonce ${nonce} was used in block ${used.block}, which holds no transaction of the hot wallet with it`
          : `the node cannot tell which transaction used nonce ${nonce} (an archive node can)`,
      });
      continue;
    }
    const t = await client.getTransaction({ hash: used.hash });
    const receipt = await receiptOf(d.view, used.hash);
    const raw = rawOf(t, chainId);
    if (!raw || !receipt) {
      report.holding.push({
        nonce,
        tx: used.hash,
        what: raw
          ? 'the node returns no receipt for it'
          : 'its raw transaction cannot be rebuilt from the node',
      });
      continue;
    }
    const call = callOf(t, d.tokens);
    const hash = used.hash;
    const block = receipt.blockNumber;
    const final = block <= finalBlock;
    if (receipt.status !== 'success') {
      report.unmatched.push({ nonce, tx: used.hash, what: 'reverted: it paid nothing' });
      continue;
    }
    if (call?.kind === 'transfer') {
      const adopted = await d.db.transaction(async (tx) => {
        // the oldest first, as the payout worker signs them; equal ones are paid alike
        const [w] = await rows<{ id: number; state: 'review' | 'queued' }>(
          tx,
          sql`SELECT id, state FROM withdrawals WHERE state IN ('review', 'queued') AND asset = ${call.token}
              AND lower(to_address) = ${call.to.toLowerCase()} AND amount = ${call.amount.toString()}
            ORDER BY id LIMIT 1 FOR UPDATE`,
        );
        if (!w) return null;
        const id = Number(w.id);
        // approved after the backup: the approval is what the chain shows too
        if (w.state === 'review') await moveWithdrawal(tx, id, 'queued', { from: ['review'], now: d.now() });
        const state = await adopt(tx, d, {
          kind: 'withdrawal',
          refId: id,
          nonce,
          raw,
          hash,
          block,
          final,
          t,
        });
        return { id, state };
      });
      if (adopted === null) {
        report.unmatched.push({
          nonce,
          tx: used.hash,
          what: `a transfer of ${call.amount} wei ${call.token} to ${call.to} that no queued withdrawal of the database asks for`,
        });
      } else {
        report.adopted.push({
          nonce,
          tx: hash,
          what: 'withdrawal payout',
          kind: 'withdrawal',
          refId: adopted.id,
          state: adopted.state,
        });
      }
      continue;
    }
    if (call?.kind === 'burn') {
      const batch = await d.db.transaction(async (tx) => {
        const pending = await rows<{ id: number; free_amount: string }>(
          tx,
          sql`SELECT id, free_amount::text FROM product_burns WHERE status = 'pending' AND batch_id IS NULL
              AND free_amount > 0 ORDER BY id FOR UPDATE`,
        );
        let sum = 0n;
        const ids: number[] = [];
        for (const p of pending) {
          if (sum >= call.amount) break;
          sum += BigInt(p.free_amount);
          ids.push(Number(p.id));
        }
        if (sum !== call.amount || ids.length === 0) return null;
        const [b] = await rows<{ id: number }>(
          tx,
          sql`INSERT INTO burn_batches (free_amount) VALUES (${call.amount.toString()}) RETURNING id`,
        );
        const batchId = Number(b?.id);
        await tx.execute(
          sql`UPDATE product_burns SET batch_id = ${batchId} WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}::bigint`),
            sql`, `,
          )})`,
        );
        const state = await adopt(tx, d, { kind: 'burn', refId: batchId, nonce, raw, hash, block, final, t });
        return { id: batchId, state };
      });
      if (batch === null) {
        report.unmatched.push({
          nonce,
          tx: used.hash,
          what: `a burn of ${call.amount} wei FREE that the oldest pending burns do not add up to`,
        });
      } else {
        report.adopted.push({
          nonce,
          tx: hash,
          what: 'burn batch',
          kind: 'burn',
          refId: batch.id,
          state: batch.state,
        });
      }
      continue;
    }
    if (d.liabilities && t.to?.toLowerCase() === d.liabilities.toLowerCase()) {
      report.republished.push({ nonce, tx: hash, what: 'a liabilities snapshot published' });
      continue;
    }
    report.unmatched.push({
      nonce,
      tx: used.hash,
      what: `a call to ${t.to ?? 'a new contract'} that is neither a payout nor a burn`,
    });
  }

  // every open transaction of the outbox (the adopted ones too), with what the chain shows of it
  const open = await rows<{ kind: string; ref_id: number; nonce: number; tx_hash: Hex; state: string }>(
    d.db.db,
    sql`SELECT kind, ref_id, nonce, tx_hash, state FROM hot_wallet_txs WHERE wallet = ${wallet}
        AND state IN ${sqlList(TX_OPEN)} ORDER BY nonce`,
  );
  for (const o of open) {
    const r = await receiptOf(d.view, o.tx_hash);
    report.open.push({
      kind: o.kind,
      refId: Number(o.ref_id),
      nonce: Number(o.nonce),
      tx: o.tx_hash,
      state: o.state,
      chain: r
        ? `${r.status === 'success' ? 'mined' : 'reverted'} in block ${r.blockNumber}${r.blockNumber <= finalBlock ? ' (final)' : ''}`
        : o.nonce < chainLatest
          ? `not mined; nonce ${o.nonce} is used (the payout worker judges who used it)`
          : 'not mined; the payout worker re-sends its saved transaction',
    });
  }

  if (d.indexer) {
    const [c] = await rows<{ block_number: number }>(
      d.db.db,
      sql`SELECT block_number FROM chain_cursors WHERE name = ${d.indexer}`,
    );
    const cursor = c ? Number(c.block_number) : null;
    const ahead = cursor !== null && cursor > Number(head);
    report.indexer = {
      name: d.indexer,
      cursor,
      head: Number(head),
      note: ahead
        ? 'the cursor is past the chain head: this database mirrors another chain'
        : `the indexer reads again from block ${cursor ?? 'its start'} (recharges and burns are recorded once by their log)`,
    };
    if (ahead) report.holding.push({ nonce: -1, tx: null, what: report.indexer.note });
  }

  if (report.holding.length === 0) {
    await d.db.db.execute(
      sql`INSERT INTO hot_wallet_nonces (address, next_nonce) VALUES (${wallet}, ${chainLatest})
          ON CONFLICT (address) DO UPDATE SET next_nonce = GREATEST(hot_wallet_nonces.next_nonce, ${chainLatest}), updated_at = now()`,
    );
    if (report.identity) {
      await d.db.db
        .insert(dbIncarnation)
        .values({ id: 1, ...report.identity, recordedBy: 'restore:check', recordedAt: d.now() })
        .onConflictDoUpdate({
          target: dbIncarnation.id,
          set: { ...report.identity, recordedBy: 'restore:check', recordedAt: d.now() },
        });
    }
    report.cleared = true;
  }
  return report;
}
