// API shapes of the proof of liabilities (protocol/api/liabilities.ts).
import type { LiabilitiesData, LiabilitiesProofData } from '@free/protocol/api/liabilities';
import { amt, checksum, iso, isoOrNull } from '../lib/format.ts';
import type { LiabilityProofAnswer, LiabilityReserve, LiabilitySnapshot } from '../services/liabilities.ts';

export function toLiabilitiesProofView(p: LiabilityProofAnswer): LiabilitiesProofData {
  const s = p.snapshot;
  return {
    id: s.id,
    root: s.root,
    usdt: amt(s.usdt),
    free: amt(s.free),
    leafCount: s.leafCount,
    publishedAt: isoOrNull(s.publishedAt),
    txHash: s.txHash,
    contract: s.contract ? checksum(s.contract) : null,
    leaf: { ...p.leaf, usdt: amt(p.leaf.usdt), free: amt(p.leaf.free) },
    path: p.path.map((n) => ({ hash: n.hash, usdt: amt(n.usdt), free: amt(n.free) })),
  };
}

/** total ÷ owed with 4 decimals, rounded down; null when nothing is owed. */
export function coverageText(total: bigint, owed: bigint): string | null {
  if (owed === 0n) return null;
  const bp = (total * 10_000n) / owed;
  return `${bp / 10_000n}.${(bp % 10_000n).toString().padStart(4, '0')}`;
}

export function toLiabilitiesView(
  latest: LiabilitySnapshot | null,
  reserves: LiabilityReserve[],
): LiabilitiesData {
  return {
    latest: latest && {
      id: latest.id,
      root: latest.root,
      usdt: amt(latest.usdt),
      free: amt(latest.free),
      leafCount: latest.leafCount,
      userCount: latest.userCount,
      takenAt: iso(latest.takenAt),
      publishedAt: isoOrNull(latest.publishedAt),
      txHash: latest.txHash,
      contract: latest.contract ? checksum(latest.contract) : null,
    },
    reserves: reserves.map((r) => {
      const total = r.hotWallet + r.treasury + r.staking;
      const owed = latest ? (r.token === 'USDT' ? latest.usdt : latest.free) : 0n;
      return {
        token: r.token,
        owed: amt(owed),
        hotWallet: amt(r.hotWallet),
        treasury: amt(r.treasury),
        staking: amt(r.staking),
        total: amt(total),
        coverage: coverageText(total, owed),
      };
    }),
  };
}

/** `npm run ops -- liabilities:publish`: the snapshot taken, and whether its publication was signed now. */
export const toLiabilitiesPublishedView = (s: LiabilitySnapshot, signed: boolean) => ({
  id: s.id,
  root: s.root,
  usdt: amt(s.usdt),
  free: amt(s.free),
  users: s.userCount,
  leafCount: s.leafCount,
  // not signed: another publication is still on its way; the job publishes this one after it
  signed,
});
