// npm start on a chain that was reset under a database that remembers the old one: the local
// PGlite database is moved aside (never deleted) and made again, any other database stops the
// start with what to do.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/helpers.ts';
import { type DbHandle, openDb, rowsOf } from '../db/client.ts';
import { chainCursors } from '../db/schema/index.ts';
import {
  type ChainIdentity,
  checkChainIdentity,
  ensureDatabaseMatchesChain,
  localPgliteDir,
} from './chain-identity.ts';

const A: ChainIdentity = {
  chainId: 31337,
  genesisHash: `0x${'a'.repeat(64)}`,
  addresses: {
    staking: '0x1111111111111111111111111111111111111111',
    payment: '0x2222222222222222222222222222222222222222',
  },
};

describe('checkChainIdentity', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await openTestDb('memory://');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('records the chain the first time, then knows it, and calls another genesis or deployment a reset', async () => {
    expect(await checkChainIdentity(db, A, 100n)).toEqual({ state: 'recorded' });
    expect(await checkChainIdentity(db, A, 100n)).toEqual({ state: 'same' });
    const reset = await checkChainIdentity(db, { ...A, genesisHash: `0x${'b'.repeat(64)}` }, 100n);
    expect(reset.state).toBe('reset');
    expect(reset.state === 'reset' && reset.reasons.join()).toMatch(/genesis block/);
    const moved = await checkChainIdentity(
      db,
      { ...A, addresses: { ...A.addresses, staking: '0x3333333333333333333333333333333333333333' } },
      100n,
    );
    expect(moved.state === 'reset' && moved.reasons.join()).toMatch(/staking 0x1111/);
  });

  it('calls an indexer cursor past the chain head a reset (a database from before the record)', async () => {
    await db.db.insert(chainCursors).values({ name: '31337:0xstaking', blockNumber: 500 });
    const r = await checkChainIdentity(db, A, 20n);
    expect(r.state === 'reset' && r.reasons.join()).toMatch(/at block 500, the chain's head is 20/);
  });
});

describe('ensureDatabaseMatchesChain', () => {
  const dir = mkdtempSync(join(tmpdir(), 'free-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const chainWith = (genesis: string) => ({
    getBlock: async () => ({ hash: genesis }) as never,
    getBlockNumber: async () => 10n,
  });
  const deployment = { chainId: 31337, staking: A.addresses.staking as `0x${string}` };

  it('moves aside a local PGlite database that remembers another chain, and keeps one that matches', async () => {
    const url = `file://${dir}/db`;
    expect(localPgliteDir(url)).toBe(`${dir}/db`);
    const first = await ensureDatabaseMatchesChain({
      databaseUrl: url,
      client: chainWith(A.genesisHash),
      deployment,
      log: () => {},
    });
    expect(first.state).toBe('recorded');
    const db = await openDb(url, { handleSignals: false });
    await db.db.execute(sql`INSERT INTO seed_runs (name) VALUES ('local-demo-v1')`);
    await db.close();

    const same = await ensureDatabaseMatchesChain({
      databaseUrl: url,
      client: chainWith(A.genesisHash),
      deployment,
      log: () => {},
    });
    expect(same).toEqual({ state: 'same' });

    const lines: string[] = [];
    const reset = await ensureDatabaseMatchesChain({
      databaseUrl: url,
      client: chainWith(`0x${'c'.repeat(64)}`),
      deployment,
      log: (l) => lines.push(l),
    });
    expect(reset).toMatchObject({ state: 'recorded', movedAside: expect.stringMatching(/\/db\.moved-/) });
    const aside = reset.movedAside as string;
    expect(lines).toEqual([
      `the local database does not match the chain (genesis block 0xaaaaaaaa… → 0xcccccccc…): moved it aside to ${aside} (kept, not deleted; delete it once you no longer need it); starting with a fresh one`,
    ]);
    expect(existsSync(`${dir}/db`)).toBe(true);
    // the old database is whole where the line says: its seed marker is still in it
    const old = await openDb(`file://${aside}`, { handleSignals: false });
    try {
      expect(rowsOf(await old.db.execute(sql`SELECT name FROM seed_runs`))).toEqual([
        { name: 'local-demo-v1' },
      ]);
    } finally {
      await old.close();
    }
    const again = await openDb(url, { handleSignals: false });
    try {
      // the old seed marker went with the old chain: the demo is seeded again on the new one
      expect(rowsOf(await again.db.execute(sql`SELECT name FROM seed_runs`))).toEqual([]);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('moves aside a local database that cannot be opened, and starts a fresh one', async () => {
    const broken = join(dir, 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'PG_VERSION'), '99\n');
    const lines: string[] = [];
    const r = await ensureDatabaseMatchesChain({
      databaseUrl: `file://${broken}`,
      client: chainWith(A.genesisHash),
      deployment,
      log: (l) => lines.push(l),
    });
    expect(r.state).toBe('recorded');
    const aside = r.movedAside as string;
    expect(lines.join()).toContain(`the local database ${broken} cannot be opened (`);
    expect(lines.join()).toContain(`moved it aside to ${aside} (kept, not deleted)`);
    expect(readFileSync(join(aside, 'PG_VERSION'), 'utf8')).toBe('99\n');
  }, 180_000);

  it('leaves a PostgreSQL database alone and says what to do', () => {
    expect(localPgliteDir('postgres://postgres@127.0.0.1:5432/x')).toBeNull();
    expect(localPgliteDir('memory://')).toBeNull();
  });
});
