// Pending transactions survive reloads (a transaction stuck "pending" is what users complain of most): stored with
// a time so an old entry expires instead of spinning forever.
export interface PendingTx {
  hash: `0x${string}`;
  chainId: number;
  at: number;
}

const KEY = 'free.pendingTx';
export const PENDING_EXPIRY_MS = 60 * 60 * 1000;

function readAll(): Record<string, PendingTx> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, PendingTx>;
  } catch {
    return {};
  }
}

export function getPending(id: string, now = Date.now()): PendingTx | null {
  const p = readAll()[id];
  return p && now - p.at < PENDING_EXPIRY_MS ? p : null;
}

export function setPending(id: string, tx: PendingTx | null) {
  const all = readAll();
  if (tx) all[id] = tx;
  else delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}
