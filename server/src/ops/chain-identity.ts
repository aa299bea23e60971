// `npm start` checks that the local database mirrors the chain that is running: a chain reset
// (anvil's state file deleted) under a database that remembers the old chain would otherwise be
// indexed from block 0 again with its transaction hashes skipped as already seen, and every
// balance would disagree with the chain. The database records the chain's genesis block hash and
// the deployment's addresses the first time; later starts compare, and the indexer's cursor must
// not be ahead of the chain's head. A local database that does not match is moved aside, never
// deleted.
import { existsSync, renameSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { type DbHandle, DEFAULT_PGLITE_DIR, openDb, rowsOf } from '../db/client.ts';
import { chainIdentity } from '../db/schema/index.ts';

const ADDRESS_KEYS = ['usdt', 'free', 'fcc', 'staking', 'payment', 'factory', 'router', 'pair'] as const;

export type ChainIdentity = { chainId: number; genesisHash: string; addresses: Record<string, string> };

export type IdentityCheck = { state: 'recorded' | 'same' } | { state: 'reset'; reasons: string[] };

export async function readChainIdentity(
  client: Pick<PublicClient, 'getBlock'>,
  deployment: { chainId: number } & Partial<Record<(typeof ADDRESS_KEYS)[number], Address>>,
): Promise<ChainIdentity> {
  const genesis = await client.getBlock({ blockNumber: 0n });
  const addresses: Record<string, string> = {};
  for (const k of ADDRESS_KEYS) {
    const a = deployment[k];
    if (a) addresses[k] = a.toLowerCase();
  }
  return { chainId: deployment.chainId, genesisHash: genesis.hash.toLowerCase(), addresses };
}

/**
 * Compares the running chain with what the database recorded (recording it the first time). A
 * database without a record whose indexer cursor is past the chain's head also counts as reset.
 */
export async function checkChainIdentity(
  db: DbHandle,
  current: ChainIdentity,
  head: bigint,
): Promise<IdentityCheck> {
  const [known] = await db.db.select().from(chainIdentity);
  const reasons: string[] = [];
  if (known) {
    if (known.chainId !== current.chainId) reasons.push(`chain id ${known.chainId} → ${current.chainId}`);
    if (known.genesisHash !== current.genesisHash)
      reasons.push(`genesis block ${known.genesisHash.slice(0, 10)}… → ${current.genesisHash.slice(0, 10)}…`);
    for (const [k, a] of Object.entries(current.addresses)) {
      const was = known.addresses[k];
      if (was && was !== a) reasons.push(`${k} ${was} → ${a}`);
    }
  }
  const ahead = rowsOf<{ name: string; block_number: string }>(
    await db.db.execute(
      sql`SELECT name, block_number::text AS block_number FROM chain_cursors WHERE block_number > ${head.toString()}`,
    ),
  );
  for (const c of ahead)
    reasons.push(`indexer ${c.name} is at block ${c.block_number}, the chain's head is ${head}`);
  if (reasons.length > 0) return { state: 'reset', reasons };
  if (known) return { state: 'same' };
  await db.db.insert(chainIdentity).values(current).onConflictDoNothing();
  return { state: 'recorded' };
}

/** The folder of a local PGlite database (npm start's default), or null for PostgreSQL / memory. */
export function localPgliteDir(databaseUrl: string | undefined): string | null {
  if (databaseUrl === undefined || databaseUrl === '') return DEFAULT_PGLITE_DIR;
  if (databaseUrl.startsWith('file://')) return databaseUrl.slice('file://'.length);
  return null;
}

export class ChainResetError extends Error {}

/** `dir` renamed to `<dir>.moved-<time>` (never deleted); returns where it went. */
function moveAsideDir(dir: string): string {
  let to = `${dir}.moved-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  for (let i = 2; existsSync(to); i++) to = `${to}-${i}`;
  renameSync(dir, to);
  return to;
}

/**
 * What `npm start` does before seeding: a local PGlite database that does not mirror the running
 * chain (the chain was reset, or is behind what the database saw), or that cannot be opened, is
 * moved aside — kept, with a line saying where and why — and a fresh one is made; any other database
 * is left alone and the start stops with what to do.
 */
export async function ensureDatabaseMatchesChain(a: {
  databaseUrl: string | undefined;
  client: Pick<PublicClient, 'getBlock' | 'getBlockNumber'>;
  deployment: Parameters<typeof readChainIdentity>[1];
  log?: (line: string) => void;
}): Promise<IdentityCheck & { movedAside?: string }> {
  const log = a.log ?? ((line: string) => console.log(`  ${line}`));
  const current = await readChainIdentity(a.client, a.deployment);
  const head = await a.client.getBlockNumber();
  const check = async () => {
    const db = await openDb(a.databaseUrl, { handleSignals: false });
    try {
      return await checkChainIdentity(db, current, head);
    } finally {
      await db.close();
    }
  };
  const dir = localPgliteDir(a.databaseUrl);
  let first: IdentityCheck;
  try {
    first = await check();
  } catch (err) {
    // an embedded database left unusable (PGlite can be, after the process was killed)
    if (!dir || !existsSync(dir)) throw err;
    const to = moveAsideDir(dir);
    log(
      `the local database ${dir} cannot be opened (${(err as Error).message.split('\n')[0]}): moved it aside to ${to} (kept, not deleted); starting with a fresh one`,
    );
    return { ...(await check()), movedAside: to };
  }
  if (first.state !== 'reset') return first;
  if (!dir)
    throw new ChainResetError(
      `the chain was reset but the database remembers the old one (${first.reasons.join('; ')}). ` +
        'Its records would not match the new chain: empty that database (drop and create it) or point ' +
        'DATABASE_URL at a fresh one, then run npm start again.',
    );
  const to = moveAsideDir(dir);
  log(
    `the local database does not match the chain (${first.reasons.join('; ')}): moved it aside to ${to} (kept, not deleted; delete it once you no longer need it); starting with a fresh one`,
  );
  const again = await check();
  return { ...again, movedAside: to };
}
