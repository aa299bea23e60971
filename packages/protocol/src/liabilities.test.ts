import { encodeAbiParameters, keccak256 } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { type Address, type Hex, parseAddress } from './address.ts';
import {
  buildLiabilityLevels,
  buildLiabilityTree,
  EMPTY_NODE,
  LIABILITY_NODE_BYTES,
  type LiabilityClaim,
  type LiabilityProof,
  liabilityNodeHex,
  liabilityNodeOfHex,
  liabilityProof,
  paddedCount,
  randomSalt,
  ZERO_HASH,
} from './liabilities.ts';
import { type ProofToVerify, publicationProblem, verifyLiabilityProof } from './liabilities-verify.ts';

// a seeded generator: a failing case can be replayed
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const randomAddress = (): Address => parseAddress(privateKeyToAddress(randomSalt()));
const randomWei = (r: () => number) =>
  r() < 0.2 ? 0n : BigInt(Math.floor(r() * 1e9)) * 10n ** BigInt(Math.floor(r() * 12));

function claims(n: number, seed: number): LiabilityClaim[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => ({
    user: randomAddress(),
    salt: randomSalt(),
    usdt: randomWei(r),
    free: randomWei(r),
  }));
}
const toVerify = (p: LiabilityProof): ProofToVerify => ({ ...p, path: p.path.map((n) => ({ ...n })) });

describe('the liabilities tree', () => {
  it('pads to a power of two, sorts leaves by userHash and sums every claim into the root', () => {
    const list = claims(5, 1);
    const tree = buildLiabilityTree(list);
    expect(tree.leafCount).toBe(8);
    expect(tree.levels[0]?.slice(5).every((n) => n.hash === ZERO_HASH && n.usdt === 0n)).toBe(true);
    const hashes = tree.leaves.map((l) => l.userHash);
    expect([...hashes].sort()).toEqual(hashes);
    expect(tree.root.usdt).toBe(list.reduce((s, c) => s + c.usdt, 0n));
    expect(tree.root.free).toBe(list.reduce((s, c) => s + c.free, 0n));
  });

  it('hashes a leaf and a node exactly as the scheme writes them (abi.encode)', () => {
    const user = randomAddress();
    const tree = buildLiabilityTree([{ user, salt: randomSalt(), usdt: 7n, free: 9n }]);
    const leaf = tree.leaves[0];
    expect(tree.leafCount).toBe(1);
    expect(tree.root.hash).toBe(
      keccak256(
        encodeAbiParameters(
          [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }],
          [leaf?.userHash as Hex, 7n, 9n],
        ),
      ),
    );
    const two = buildLiabilityTree([
      { user, salt: randomSalt(), usdt: 1n, free: 2n },
      { user: randomAddress(), salt: randomSalt(), usdt: 3n, free: 4n },
    ]);
    const [l, r] = two.levels[0] ?? [];
    expect(two.root.hash).toBe(
      keccak256(
        encodeAbiParameters(
          [
            { type: 'bytes32' },
            { type: 'uint256' },
            { type: 'uint256' },
            { type: 'bytes32' },
            { type: 'uint256' },
            { type: 'uint256' },
          ],
          [l?.hash as Hex, l?.usdt ?? 0n, l?.free ?? 0n, r?.hash as Hex, r?.usdt ?? 0n, r?.free ?? 0n],
        ),
      ),
    );
    expect(two.root.usdt).toBe(4n);
  });

  it('stores a node as abi.encode(bytes32 hash, uint256 usdt, uint256 free) and reads it back', () => {
    const node = { hash: randomSalt(), usdt: 2n ** 256n - 1n, free: 10n ** 18n };
    const hex = liabilityNodeHex(node);
    expect(`0x${hex}`).toBe(
      encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }],
        [node.hash, node.usdt, node.free],
      ),
    );
    expect(liabilityNodeOfHex(hex)).toEqual(node);
    expect(() => liabilityNodeHex({ ...node, usdt: 2n ** 256n })).toThrow(RangeError);
    expect(() => liabilityNodeOfHex(hex.slice(2))).toThrow(TypeError);
  });

  it('gives the root pinned for fixed claims (a change of the builder keeps every hash)', () => {
    // 700 users: 324 padding leaves, so subtrees of padding at several levels; sums past 2^64
    const fixed = Array.from({ length: 700 }, (_, i) => ({
      user: `0x${(i + 1).toString(16).padStart(40, '0')}` as Address,
      salt: `0x${((i + 1) * 7919).toString(16).padStart(64, '0')}` as Hex,
      usdt: i % 5 === 0 ? 0n : BigInt(i) * 10n ** 18n + 1n,
      free: i % 3 === 0 ? 0n : 2n ** 200n + BigInt(i),
    }));
    const tree = buildLiabilityTree(fixed);
    expect(tree.leafCount).toBe(1024);
    expect(tree.root).toEqual({
      hash: '0xc02d8ac61070b79adfceff91c85033c71e4d8c48246ec29148126379dc65dd8d',
      usdt: 196000000000000000000560n,
      free: 748833128624689468402554335030981772775346595102781461250604083n,
    });
    expect(tree.levels[3]?.[40]?.hash).toBe(
      '0xae540c52559c070dc5a62a096eee2cf484bff34b3296f159d396629d95c096b9',
    );
    const packed = buildLiabilityLevels(fixed);
    expect(packed.root).toEqual(tree.root);
    expect(packed.levels.map((l) => l.length / LIABILITY_NODE_BYTES)).toEqual(
      tree.levels.map((l) => l.length),
    );
    expect(liabilityNodeHex(tree.levels[3]?.[40] ?? EMPTY_NODE)).toBe(
      Array.from(packed.levels[3]?.subarray(40 * 96, 41 * 96) ?? [], (b) =>
        b.toString(16).padStart(2, '0'),
      ).join(''),
    );
  });

  it('an empty snapshot is one empty leaf', () => {
    const tree = buildLiabilityTree([]);
    expect(tree.leafCount).toBe(1);
    expect(tree.root).toEqual({ hash: ZERO_HASH, usdt: 0n, free: 0n });
    expect(paddedCount(0)).toBe(1);
    expect(paddedCount(1025)).toBe(2048);
  });
});

describe('the verifier (written apart from the builder)', () => {
  it('accepts the proof of every leaf of random trees, for its own address only', () => {
    for (const [n, seed] of [
      [1, 11],
      [2, 12],
      [3, 13],
      [17, 14],
      [64, 15],
      [100, 16],
    ] as const) {
      const list = claims(n, seed);
      const tree = buildLiabilityTree(list);
      for (const leaf of tree.leaves) {
        const proof = toVerify(liabilityProof(tree, leaf.index));
        expect(verifyLiabilityProof(proof, leaf.user)).toEqual({
          ok: true,
          steps: ['shape', 'userHash', 'leaf', 'root'],
        });
        const other = tree.leaves.find((l) => l.user !== leaf.user)?.user ?? randomAddress();
        expect(verifyLiabilityProof(proof, other)).toMatchObject({ ok: false, failed: 'userHash' });
      }
    }
  });

  it('refuses tampered leaf sums, sibling sums, sibling hashes, indexes, paths and totals', () => {
    const tree = buildLiabilityTree(claims(37, 21));
    const r = rng(22);
    const leaf = tree.leaves[Math.floor(r() * tree.leaves.length)];
    if (!leaf) throw new Error('no leaf');
    const good = () => toVerify(liabilityProof(tree, leaf.index));
    const refused = (p: ProofToVerify) => expect(verifyLiabilityProof(p, leaf.user).ok).toBe(false);

    const lowered = good();
    lowered.leaf.usdt = lowered.leaf.usdt > 0n ? lowered.leaf.usdt - 1n : 1n;
    refused(lowered);
    for (let k = 0; k < good().path.length; k++) {
      // moving value between a sibling's and the leaf's sums keeps the total but changes the hash
      const moved = good();
      const sib = moved.path[k];
      if (sib && sib.usdt > 0n) {
        sib.usdt -= 1n;
        moved.leaf.usdt += 1n;
        refused(moved);
      }
      const cheaper = good();
      const s = cheaper.path[k];
      if (s) s.free += 1n;
      refused(cheaper);
      const rehashed = good();
      const h = rehashed.path[k];
      if (h) h.hash = `0x${h.hash.slice(2, 65)}${h.hash.endsWith('0') ? '1' : '0'}` as Hex;
      refused(rehashed);
      const flipped = good();
      flipped.leaf.index ^= 1 << k;
      refused(flipped);
    }
    const short = good();
    short.path.pop();
    expect(verifyLiabilityProof(short, leaf.user)).toMatchObject({ ok: false, failed: 'shape' });
    const swapped = good();
    swapped.path.reverse();
    refused(swapped);
    const total = good();
    total.root.free += 1n;
    expect(verifyLiabilityProof(total, leaf.user)).toMatchObject({ ok: false, failed: 'root' });
    const outside = good();
    outside.leaf.index = outside.leafCount;
    expect(verifyLiabilityProof(outside, leaf.user)).toMatchObject({ ok: false, failed: 'shape' });
    const negative = good();
    negative.leaf.usdt = -1n;
    expect(verifyLiabilityProof(negative, leaf.user)).toMatchObject({ ok: false, failed: 'shape' });
  });

  it('compares the proof with the chain’s publication', () => {
    const tree = buildLiabilityTree(claims(4, 31));
    const proof = { ...toVerify(liabilityProof(tree, 0)), id: 3 };
    const onChain = {
      id: 3n,
      root: tree.root.hash,
      usdt: tree.root.usdt,
      free: tree.root.free,
      leafCount: 4n,
      at: 1n,
    };
    expect(publicationProblem(proof, onChain)).toBeNull();
    expect(publicationProblem(proof, { ...onChain, usdt: onChain.usdt + 1n })).toMatch(/totals/);
    expect(publicationProblem(proof, { ...onChain, root: ZERO_HASH })).toMatch(/root/);
    expect(publicationProblem(proof, { ...onChain, at: 0n })).toMatch(/no publication/);
  });
});
