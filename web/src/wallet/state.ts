// What the first-paint code may know about the wallet, without loading wagmi/viem (those load lazily).
import { useSyncExternalStore } from 'react';

export interface WalletState {
  /** 'idle' until the lazy wallet stack has loaded. */
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
  ready: () => apiPromise,
};

export function useWallet(): WalletState {
  return useSyncExternalStore(wallet.subscribe, wallet.get, wallet.get);
}
