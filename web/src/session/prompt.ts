// "Please sign in" requests from anywhere (401, route guard, buttons); the wallet sheet listens.
import { useSyncExternalStore } from 'react';

export type WalletSheetState = { open: boolean; reason: 'signIn' | 'connect' };
let state: WalletSheetState = { open: false, reason: 'signIn' };
const listeners = new Set<() => void>();

function set(next: WalletSheetState) {
  state = next;
  for (const l of listeners) l();
}

export const walletSheet = {
  get: () => state,
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  requestSignIn: () => set({ open: true, reason: 'signIn' }),
  close: () => set({ ...state, open: false }),
};

export function requestSignIn() {
  walletSheet.requestSignIn();
}

export function useWalletSheet(): WalletSheetState {
  return useSyncExternalStore(walletSheet.subscribe, walletSheet.get, walletSheet.get);
}
