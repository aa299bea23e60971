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

/** keccak256(abi.encode(bytes32 userHash, uint256 usdt, uint256 free)). */
export function liabilityLeafHash(userHash: Hex, usdt: Wei, free: Wei): Hex {
  const b = new Uint8Array(96);
  putHex(b, 0, userHash, 32);
  putUint(b, 32, usdt);
  putUint(b, 64, free);
  return keccak(b);
}

/** The parent of two nodes: both children's hashes and sums hashed, sums added. */
export function liabilityParent(left: LiabilityNode, right: LiabilityNode): LiabilityNode {
  const b = new Uint8Array(192);
  putHex(b, 0, left.hash, 32);
  putUint(b, 32, left.usdt);
  putUint(b, 64, left.free);
  putHex(b, 96, right.hash, 32);
  putUint(b, 128, right.usdt);
  putUint(b, 160, right.free);
  const usdt = left.usdt + right.usdt;
  const free = left.free + right.free;
  if (usdt > MAX_UINT256 || free > MAX_UINT256) throw new RangeError('liabilities: a sum exceeds uint256');
  return { hash: keccak(b), usdt, free };
}

/**
 * A node as the 192 hex digits of abi.encode(bytes32 hash, uint256 usdt, uint256 free), no 0x: the
 * layout a parent hashes its children in, and the one a level of nodes is stored in.
 */
export function liabilityNodeHex(n: LiabilityNode): string {
  if (n.usdt < 0n || n.usdt > MAX_UINT256 || n.free < 0n || n.free > MAX_UINT256)
    throw new RangeError('liabilities: a sum is not a uint256');
  const hash = n.hash.startsWith('0x') ? n.hash.slice(2) : n.hash;
  if (hash.length !== 64) throw new TypeError(`not 32 bytes of hex: ${n.hash}`);
  return hash.toLowerCase() + n.usdt.toString(16).padStart(64, '0') + n.free.toString(16).padStart(64, '0');
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

/** Builds the tree of a snapshot; claims may come in any order (they are sorted by userHash). */
export function buildLiabilityTree(claims: readonly LiabilityClaim[]): LiabilityTree {
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
  const level0: LiabilityNode[] = new Array(leafCount);
  for (let i = 0; i < leafCount; i++) {
    const l = leaves[i];
    if (!l) {
      level0[i] = EMPTY_NODE;
      continue;
    }
    l.index = i;
    level0[i] = { hash: liabilityLeafHash(l.userHash, l.usdt, l.free), usdt: l.usdt, free: l.free };
  }
  const levels: LiabilityNode[][] = [level0];
  let cur = level0;
  // the parent of two empty subtrees is the same node at each level: hashed once (the padding
  // can be almost half the tree)
  let empty = EMPTY_NODE;
  let emptyParent = liabilityParent(empty, empty);
  while (cur.length > 1) {
    const next: LiabilityNode[] = new Array(cur.length / 2);
    for (let i = 0; i < next.length; i++) {
      const l = cur[2 * i] as LiabilityNode;
      const r = cur[2 * i + 1] as LiabilityNode;
      next[i] = l === empty && r === empty ? emptyParent : liabilityParent(l, r);
    }
    levels.push(next);
    cur = next;
    empty = emptyParent;
    emptyParent = liabilityParent(empty, empty);
  }
  return { leaves, levels, root: cur[0] as LiabilityNode, leafCount };
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
