// Proof of liabilities: the Merkle-sum tree over every user's claims (docs/proof-of-liabilities.md).
// The scheme is fixed so that outside verifiers work (amounts in wei):
// - userHash = keccak256(abi.encodePacked(address user, bytes32 salt)), a fresh random salt per
//   user and snapshot;
// - leaf = keccak256(abi.encode(bytes32 userHash, uint256 usdt, uint256 free)) with sums (usdt, free);
//   leaves sorted by userHash ascending, padded to a power of two with empty leaves (hash 0, sums 0);
// - node = keccak256(abi.encode(leftHash, leftUsdt, leftFree, rightHash, rightUsdt, rightFree)),
//   sums = left + right (both children's sums are hashed: the known Merkle-sum flaw is closed);
// - a proof is the leaf and the siblings from the leaf's level up; bit k of the index is 1 when the
//   node at level k is a right child.
// This file builds trees and proofs; liabilities-verify.ts checks a proof and shares no code with it.
// js-sha3's keccak: 3–4 × faster than @noble/hashes' on these 52–192-byte inputs (docs/benchmarks.md)
import sha3 from 'js-sha3'; // CommonJS: its exports are read from the default export in Node's ESM
import type { Address, Hex } from './address.ts';
import { MAX_UINT256, type Wei } from './amount.ts';

/** One user's claims in a snapshot. */
export type LiabilityClaim = { user: Address; salt: Hex; usdt: Wei; free: Wei };
/** A node of the tree: its hash and the sums under it. */
export type LiabilityNode = { hash: Hex; usdt: Wei; free: Wei };
/** A leaf as stored and proven: position in the sorted, padded list. */
export type LiabilityLeaf = { index: number; user: Address; salt: Hex; userHash: Hex; usdt: Wei; free: Wei };
/** A built tree: levels[0] are the leaves (padding included), the last level holds the root. */
export type LiabilityTree = {
  leaves: LiabilityLeaf[];
  levels: LiabilityNode[][];
  root: LiabilityNode;
  /** leaves with padding: a power of two (at least 1) */
  leafCount: number;
};
/** What a user needs to check their inclusion (amounts in wei). */
export type LiabilityProof = {
  root: LiabilityNode;
  leafCount: number;
  leaf: Omit<LiabilityLeaf, 'user'>;
  path: LiabilityNode[];
};

export const ZERO_HASH: Hex = `0x${'0'.repeat(64)}` as Hex;
export const EMPTY_NODE: LiabilityNode = { hash: ZERO_HASH, usdt: 0n, free: 0n };

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const toHex = (b: Uint8Array): Hex => {
  let s = '0x';
  for (const x of b) s += HEX[x];
  return s as Hex;
};
/** The value of a hex digit's char code, -1 for any other character. */
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  NIBBLE[i.toString(16).charCodeAt(0)] = i;
  NIBBLE[i.toString(16).toUpperCase().charCodeAt(0)] = i;
}
function putHex(out: Uint8Array, at: number, hex: string, bytes: number): void {
  const from = hex.startsWith('0x') ? 2 : 0;
  if (hex.length - from !== bytes * 2) throw new TypeError(`not ${bytes} bytes of hex: ${hex}`);
  for (let i = 0; i < bytes; i++) {
    const hi = NIBBLE[hex.charCodeAt(from + 2 * i)] ?? -1;
    const lo = NIBBLE[hex.charCodeAt(from + 2 * i + 1)] ?? -1;
    if (hi < 0 || lo < 0) throw new TypeError(`not ${bytes} bytes of hex: ${hex}`);
    out[at + i] = (hi << 4) | lo;
  }
}
const keccak = (b: Uint8Array): Hex => `0x${sha3.keccak256(b)}` as Hex;
function putUint(out: Uint8Array, at: number, v: bigint): void {
  if (v < 0n || v > MAX_UINT256) throw new RangeError(`not a uint256: ${v}`);
  putHex(out, at, v.toString(16).padStart(64, '0'), 32);
}

/** keccak256(abi.encodePacked(address user, bytes32 salt)). */
export function liabilityUserHash(user: Address, salt: Hex): Hex {
  const b = new Uint8Array(52);
  putHex(b, 0, user, 20);
  putHex(b, 20, salt, 32);
  return keccak(b);
}

/** Bytes of a stored or hashed node: abi.encode(bytes32 hash, uint256 usdt, uint256 free). */
export const LIABILITY_NODE_BYTES = 96;
/** Writes a node's 96 bytes (its hash as hex, or left as is when null) at `at`; sums of 0 are left as is. */
function putNode(out: Uint8Array, at: number, hash: string | null, usdt: bigint, free: bigint): void {
  if (hash !== null) putHex(out, at, hash, 32);
  if (usdt !== 0n) putUint(out, at + 32, usdt);
  if (free !== 0n) putUint(out, at + 64, free);
}

/** keccak256(abi.encode(bytes32 userHash, uint256 usdt, uint256 free)). */
export function liabilityLeafHash(userHash: Hex, usdt: Wei, free: Wei): Hex {
  const b = new Uint8Array(LIABILITY_NODE_BYTES);
  putNode(b, 0, userHash, usdt, free);
  return keccak(b);
}

/**
 * A node as the 192 hex digits of abi.encode(bytes32 hash, uint256 usdt, uint256 free), no 0x: the
 * layout a parent hashes its children in, and the one a level of nodes is stored in.
 */
export function liabilityNodeHex(n: LiabilityNode): string {
  const b = new Uint8Array(LIABILITY_NODE_BYTES);
  putNode(b, 0, n.hash, n.usdt, n.free);
  return toHex(b).slice(2);
}

/** The node of liabilityNodeHex's 192 hex digits. */
export function liabilityNodeOfHex(hex: string): LiabilityNode {
  if (!/^[0-9a-fA-F]{192}$/.test(hex)) throw new TypeError(`not a liabilities node: ${hex}`);
  return {
    hash: `0x${hex.slice(0, 64).toLowerCase()}` as Hex,
    usdt: BigInt(`0x${hex.slice(64, 128)}`),
    free: BigInt(`0x${hex.slice(128, 192)}`),
  };
}

/** A random 32-byte salt (Web Crypto: the browser and Node alike). */
export function randomSalt(): Hex {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** `n` random salts, drawn 2,048 at a time (Web Crypto gives at most 64 KiB per call). */
export function randomSalts(n: number): Hex[] {
  const out: Hex[] = [];
  while (out.length < n) {
    const k = Math.min(2048, n - out.length);
    const bytes = crypto.getRandomValues(new Uint8Array(32 * k));
    for (let i = 0; i < k; i++) out.push(toHex(bytes.subarray(32 * i, 32 * i + 32)));
  }
  return out;
}

/** The smallest power of two ≥ n (1 for an empty tree). */
export const paddedCount = (n: number): number => {
  let c = 1;
  while (c < n) c *= 2;
  return c;
};

/**
 * A built tree as bytes: levels[k] holds level k's nodes in index order, LIABILITY_NODE_BYTES each
 * (liabilityNodeHex's layout: what a parent hashes and what the server stores); levels[0] are the
 * leaves, padding included, the last level the root.
 */
export type PackedLiabilityTree = Omit<LiabilityTree, 'levels'> & { levels: Uint8Array[] };

/**
 * Builds the tree of a snapshot as bytes; claims may come in any order (they are sorted by
 * userHash). A parent is the keccak of its two children's 192 bytes as they lie side by side.
 */
export function buildLiabilityLevels(claims: readonly LiabilityClaim[]): PackedLiabilityTree {
  const N = LIABILITY_NODE_BYTES;
  const leaves: LiabilityLeaf[] = claims
    .map((c) => ({
      index: 0,
      user: c.user,
      salt: c.salt.toLowerCase() as Hex,
      userHash: liabilityUserHash(c.user, c.salt),
      usdt: c.usdt,
      free: c.free,
    }))
    .sort((a, b) => (a.userHash < b.userHash ? -1 : a.userHash > b.userHash ? 1 : 0));
  for (let i = 1; i < leaves.length; i++) {
    if (leaves[i]?.userHash === leaves[i - 1]?.userHash)
      throw new Error('liabilities: two leaves share a userHash');
  }
  const leafCount = paddedCount(leaves.length);
  // padding leaves stay zero: hash 0, sums 0
  let cur = new Uint8Array(leafCount * N);
  let usdt: bigint[] = new Array(leafCount).fill(0n);
  let free: bigint[] = new Array(leafCount).fill(0n);
  for (let i = 0; i < leaves.length; i++) {
    const l = leaves[i] as LiabilityLeaf;
    l.index = i;
    putNode(cur, i * N, l.userHash, l.usdt, l.free);
    cur.set(new Uint8Array(sha3.keccak256.arrayBuffer(cur.subarray(i * N, i * N + N))), i * N);
    usdt[i] = l.usdt;
    free[i] = l.free;
  }
  const levels = [cur];
  // nodes at or after `real` cover padding only: the same node at each level, hashed once (the
  // padding can be almost half the tree)
  let real = leaves.length;
  const empty = new Uint8Array(2 * N);
  while (cur.length > N) {
    const width = cur.length / N / 2;
    const next = new Uint8Array(width * N);
    const nextUsdt: bigint[] = new Array(width);
    const nextFree: bigint[] = new Array(width);
    real = Math.ceil(real / 2);
    const emptyHash = new Uint8Array(sha3.keccak256.arrayBuffer(empty));
    for (let i = 0; i < width; i++) {
      if (i >= real) {
        next.set(emptyHash, i * N);
        nextUsdt[i] = 0n;
        nextFree[i] = 0n;
        continue;
      }
      const u = (usdt[2 * i] as bigint) + (usdt[2 * i + 1] as bigint);
      const f = (free[2 * i] as bigint) + (free[2 * i + 1] as bigint);
      if (u > MAX_UINT256 || f > MAX_UINT256) throw new RangeError('liabilities: a sum exceeds uint256');
      next.set(new Uint8Array(sha3.keccak256.arrayBuffer(cur.subarray(2 * i * N, 2 * i * N + 2 * N))), i * N);
      putNode(next, i * N, null, u, f);
      nextUsdt[i] = u;
      nextFree[i] = f;
    }
    empty.set(emptyHash, 0);
    empty.set(emptyHash, N);
    levels.push(next);
    cur = next;
    usdt = nextUsdt;
    free = nextFree;
  }
  const root = { hash: toHex(cur.subarray(0, 32)), usdt: usdt[0] ?? 0n, free: free[0] ?? 0n };
  return { leaves, levels, root, leafCount };
}

/** Builds the tree of a snapshot; claims may come in any order (they are sorted by userHash). */
export function buildLiabilityTree(claims: readonly LiabilityClaim[]): LiabilityTree {
  const packed = buildLiabilityLevels(claims);
  const levels = packed.levels.map((bytes) => {
    const nodes: LiabilityNode[] = new Array(bytes.length / LIABILITY_NODE_BYTES);
    for (let i = 0; i < nodes.length; i++)
      nodes[i] = liabilityNodeOfHex(
        toHex(bytes.subarray(i * LIABILITY_NODE_BYTES, (i + 1) * LIABILITY_NODE_BYTES)).slice(2),
      );
    return nodes;
  });
  return { ...packed, levels };
}

/** Index of the sibling of node `index` at every level from the leaves up (depth = log2(leafCount)). */
export function liabilityPathIndexes(index: number, leafCount: number): number[] {
  const out: number[] = [];
  for (let width = leafCount, i = index; width > 1; width /= 2, i = Math.floor(i / 2)) out.push(i ^ 1);
  return out;
}

/** The proof of leaf `index` of a built tree. */
export function liabilityProof(tree: LiabilityTree, index: number): LiabilityProof {
  const leaf = tree.leaves[index];
  if (!leaf) throw new RangeError(`liabilities: no leaf ${index}`);
  const { user: _user, ...rest } = leaf;
  const path = liabilityPathIndexes(index, tree.leafCount).map(
    (sib, level) => tree.levels[level]?.[sib] ?? EMPTY_NODE,
  );
  return { root: tree.root, leafCount: tree.leafCount, leaf: rest, path };
}
