// What the first-paint code may know about the wallet, without loading wagmi/viem. The wallet stack
// loads only once something needs it (a session, the wallet sheet, a page reaching the chain): a
// visitor who never connects never pays for it.
import { useSyncExternalStore } from 'react';

export interface WalletState {
  /** 'idle' until the lazy wallet stack has loaded (a visitor who never connects stays 'idle'). */
  status: 'idle' | 'disconnected' | 'connecting' | 'connected';
  address?: `0x${string}`;
  chainId?: number;
  connectorName?: string;
  signingIn: boolean;
}

/** Registered by the lazy wallet stack once loaded; pages reach the chain only through it. */
export interface WalletApi {
  disconnect(): Promise<void>;
  switchToAppChain(): Promise<void>;
  /** The wagmi config currently in use (the app's own, or AppKit's when WalletConnect was chosen). */
  config(): unknown;
  appChainId(): number;
}

let state: WalletState = { status: 'idle', signingIn: false };
const listeners = new Set<() => void>();
let api: WalletApi | null = null;
let resolveApi: ((a: WalletApi) => void) | null = null;
const apiPromise = new Promise<WalletApi>((r) => {
  resolveApi = r;
});
let wanted = false;
const wantedListeners = new Set<() => void>();

export const wallet = {
  get: () => state,
  set: (patch: Partial<WalletState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  },
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  register: (a: WalletApi) => {
    api = a;
    resolveApi?.(a);
  },
  api: () => api,
  /** Asks the Layout to load the wallet stack; once asked it stays loaded. */
  require: () => {
    if (wanted) return;
    wanted = true;
    for (const l of wantedListeners) l();
  },
  wanted: () => wanted,
  subscribeWanted: (l: () => void) => {
    wantedListeners.add(l);
    return () => wantedListeners.delete(l);
  },
  /** The wallet API, loading the wallet stack if nothing has asked for it yet. */
  ready: () => {
    wallet.require();
    return apiPromise;
  },
};

export function useWallet(): WalletState {
  return useSyncExternalStore(wallet.subscribe, wallet.get, wallet.get);
}

/** Whether something has asked for the wallet stack (see wallet.require). */
export function useWalletWanted(): boolean {
  return useSyncExternalStore(wallet.subscribeWanted, wallet.wanted, wallet.wanted);
}
