// The liability levels migration (0029): the inner nodes of a snapshot taken before it, one row each
// in liability_nodes, become one row per level whose bytes are the nodes end to end; a proof read
// from them is the one the tree gives.
import {
  buildLiabilityTree,
  type LiabilityClaim,
  liabilityNodeHex,
  randomSalts,
} from '@free/protocol/liabilities';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/helpers.ts';
import { migrationJournal, statements, useRawDb } from '../../test/support/raw-migrations.ts';

const MAX = 2n ** 256n - 1n;

// on both backends (test/support/test-db.ts BACKENDS): a migration
describe.each(BACKENDS)('the liability levels migration on $name', ({ url }) => {
  const entries = migrationJournal();
  const { run } = useRawDb(url);

  it('carries every stored inner node over, byte for byte, into its level', async () => {
    const levels = entries.find((e) => /^\d+_liability_levels$/.test(e.tag));
    if (!levels) throw new Error('no liability levels migration');
    for (const e of entries.filter((e) => e.idx < levels.idx))
      for (const s of statements(e.tag)) await run(s);
    // five users (eight leaves, three levels of inner nodes); the amounts reach every limb of a
    // uint256, the root's sums close to 2^256 − 1
    const salts = randomSalts(5);
    const amounts = [0n, 1n, 2n ** 32n - 1n, 10n ** 18n * 123_456_789n, MAX / 4n];
    const claims: LiabilityClaim[] = salts.map((salt, i) => ({
      user: `0x${(i + 1).toString(16).padStart(40, '0')}` as never,
      salt,
      usdt: amounts[i] ?? 0n,
      free: amounts[4 - i] ?? 0n,
    }));
    const tree = buildLiabilityTree(claims);
    await run(`INSERT INTO liability_snapshots (root, usdt, free, leaf_count, user_count, taken_at)
      VALUES ('${tree.root.hash}', ${tree.root.usdt}, ${tree.root.free}, ${tree.leafCount}, 5, now())`);
    const values = tree.levels
      .flatMap((nodes, level) =>
        level === 0 ? [] : nodes.map((n, idx) => `(1, ${level}, ${idx}, '${n.hash}', ${n.usdt}, ${n.free})`),
      )
      .join(', ');
    await run(`INSERT INTO liability_nodes (snapshot_id, level, idx, hash, usdt, free) VALUES ${values}`);
    for (const s of statements(levels.tag)) await run(s);

    const stored = (
      await run(
        `SELECT level, encode(nodes, 'hex') AS nodes FROM liability_levels WHERE snapshot_id = 1 ORDER BY level`,
      )
    ).rows;
    expect(stored).toEqual(
      tree.levels.slice(1).map((nodes, k) => ({ level: k + 1, nodes: nodes.map(liabilityNodeHex).join('') })),
    );
    const left = await run(`SELECT to_regclass('liability_nodes') AS t`);
    expect(left.rows[0]?.t).toBeNull();
  });
});
