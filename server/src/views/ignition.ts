// Ignition answers: the Ignite page's state, the ignition itself and the burn records.
import type * as api from '@free/protocol/api/ignition';
import { amt, iso, isoOrNull } from '../lib/format.ts';
import type { BurnRecord } from '../services/burn.ts';
import type { IgniteResult, IgnitionState } from '../services/ignition.ts';

export const toBurnRecordView = (b: BurnRecord): api.BurnRecord => ({
  ...b,
  quantity: amt(b.quantity),
  usdt: amt(b.usdt),
  time: iso(b.time),
});

export const toIgniteView = (r: IgniteResult): api.IgniteData => ({
  ignited: r.ignited,
  ignitedAt: iso(r.ignitedAt),
  burned: amt(r.burned),
});

export const toIgnitionStateView = (s: IgnitionState): api.FireInfoData => ({
  ignited: s.ignited,
  ignitedAt: isoOrNull(s.ignitedAt),
  requiredFree: amt(s.requiredFree),
  walletFree: amt(s.walletFree),
  open: s.open,
  burnedTotal: amt(s.burnedTotal),
  records: s.records.map(toBurnRecordView),
});

export const toBurnRecordsView = (
  r: { list: BurnRecord[]; total: number; totalFree: bigint },
  page: { page: number; size: number },
): api.BurnRecordsData => ({
  list: r.list.map(toBurnRecordView),
  total: r.total,
  page: page.page,
  size: page.size,
  totalFree: amt(r.totalFree),
});
