// Checks a proof of liabilities (docs/proof-of-liabilities.md) the way an outsider would: from the
// published scheme with viem's ABI encoders, sharing no code with the tree builder (liabilities.ts),
// so a slip in one is caught by the other. The web's "Verify", `npm run verify-liabilities` and
// the tests use it.
import { type Address, encodeAbiParameters, encodePacked, type Hex, isHex, keccak256 } from 'viem';

const UINT256_MAX = 2n ** 256n - 1n;

export type ProofNode = { hash: Hex; usdt: bigint; free: bigint };
/** A proof in wei, as liabilities.ts builds it or the API's answer parsed. */
export type ProofToVerify = {
  root: ProofNode;
  leafCount: number;
  leaf: { index: number; salt: Hex; userHash: Hex; usdt: bigint; free: bigint };
  path: ProofNode[];
};

/** The checks in the order the web shows them. */
export const VERIFY_STEPS = ['shape', 'userHash', 'leaf', 'root'] as const;
export type VerifyStep = (typeof VERIFY_STEPS)[number] | 'chain';
export type VerifyOutcome =
  | { ok: true; steps: VerifyStep[] }
  | { ok: false; steps: VerifyStep[]; failed: VerifyStep; reason: string };

const is32 = (h: unknown): h is Hex => typeof h === 'string' && isHex(h, { strict: true }) && h.length === 66;
const isUint = (v: unknown): v is bigint => typeof v === 'bigint' && v >= 0n && v <= UINT256_MAX;

function shapeProblem(p: ProofToVerify): string | null {
  const n = p.leafCount;
  if (!Number.isSafeInteger(n) || n < 1 || (n & (n - 1)) !== 0) return 'leafCount is not a power of two';
  if (p.path.length !== Math.log2(n))
    return `the path has ${p.path.length} nodes, a tree of ${n} leaves needs ${Math.log2(n)}`;
  if (!Number.isSafeInteger(p.leaf.index) || p.leaf.index < 0 || p.leaf.index >= n)
    return 'the leaf index is outside the tree';
  for (const node of [p.root, p.leaf, ...p.path]) {
    if (!isUint(node.usdt) || !isUint(node.free)) return 'an amount is not a uint256';
  }
  for (const h of [p.root.hash, p.leaf.userHash, p.leaf.salt, ...p.path.map((x) => x.hash)]) {
    if (!is32(h)) return 'a hash or the salt is not 32 bytes of hex';
  }
  return null;
}

const leafHash = (userHash: Hex, usdt: bigint, free: bigint) =>
  keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }],
      [userHash, usdt, free],
    ),
  );

const NODE_ABI = [
  { type: 'bytes32' },
  { type: 'uint256' },
  { type: 'uint256' },
  { type: 'bytes32' },
  { type: 'uint256' },
  { type: 'uint256' },
] as const;

function parent(l: ProofNode, r: ProofNode): ProofNode | null {
  const usdt = l.usdt + r.usdt;
  const free = l.free + r.free;
  if (usdt > UINT256_MAX || free > UINT256_MAX) return null;
  return {
    hash: keccak256(encodeAbiParameters(NODE_ABI, [l.hash, l.usdt, l.free, r.hash, r.usdt, r.free])),
    usdt,
    free,
  };
}

/**
 * Recomputes the root from the leaf and its path and compares it (hash and both sums) with the
 * proof's root; with `user`, also checks that the leaf is that address's. Stops at the first
 * failing step and says which.
 */
export function verifyLiabilityProof(p: ProofToVerify, user?: Address): VerifyOutcome {
  const passed: VerifyStep[] = [];
  const fail = (failed: VerifyStep, reason: string): VerifyOutcome => ({
    ok: false,
    steps: passed,
    failed,
    reason,
  });
  const shape = shapeProblem(p);
  if (shape) return fail('shape', shape);
  passed.push('shape');
  if (user !== undefined) {
    const mine = keccak256(encodePacked(['address', 'bytes32'], [user, p.leaf.salt]));
    if (mine.toLowerCase() !== p.leaf.userHash.toLowerCase())
      return fail('userHash', 'the leaf is not this address’s');
  }
  passed.push('userHash');
  let node: ProofNode | null = {
    hash: leafHash(p.leaf.userHash, p.leaf.usdt, p.leaf.free),
    usdt: p.leaf.usdt,
    free: p.leaf.free,
  };
  passed.push('leaf');
  p.path.forEach((sibling, k) => {
    if (!node) return;
    node = (p.leaf.index >> k) & 1 ? parent(sibling, node) : parent(node, sibling);
  });
  const top = node as ProofNode | null;
  if (!top) return fail('root', 'the sums overflow uint256');
  if (top.hash.toLowerCase() !== p.root.hash.toLowerCase())
    return fail('root', 'the recomputed root differs from the proof’s root');
  if (top.usdt !== p.root.usdt || top.free !== p.root.free)
    return fail('root', 'the recomputed totals differ from the proof’s totals');
  passed.push('root');
  return { ok: true, steps: passed };
}

/** The publication `Liabilities.latest()` / `publication(id)` returns. */
export type Publication = {
  id: bigint;
  root: Hex;
  usdt: bigint;
  free: bigint;
  leafCount: bigint;
  at: bigint;
};

/** Whether the chain's publication is the proof's snapshot: same id, root, totals and width. */
export function publicationProblem(p: ProofToVerify & { id: number }, onChain: Publication): string | null {
  if (onChain.at === 0n) return 'the contract holds no publication with this id';
  if (onChain.id !== BigInt(p.id)) return `the contract's publication is ${onChain.id}, the proof's ${p.id}`;
  if (onChain.root.toLowerCase() !== p.root.hash.toLowerCase()) return 'the published root differs';
  if (onChain.usdt !== p.root.usdt || onChain.free !== p.root.free) return 'the published totals differ';
  if (onChain.leafCount !== BigInt(p.leafCount)) return 'the published leaf count differs';
  return null;
}
