// 'Local test wallet': a real EIP-1193 provider backed by an anvil key, for the local chain only.
// It signs in the page with viem and forwards everything else to the RPC, so no extension is needed.

import { parseHex } from '@free/protocol/address';
import { LOCAL_MNEMONIC } from '@free/protocol/constants';
import { withGasHeadroom } from '@free/protocol/gas';
import { createPublicClient, type Hex, http, numberToHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import type { Chain } from 'viem/chains';
import { RPC_OPTIONS } from './chains';

const INDEX_KEY = 'free.localWallet.index';
const CONNECTED_KEY = 'free.localWallet.connected';

/** Anvil account used by the local test wallet: 1 by default (accounts 1–9 are funded test users;
 * 0 is the deployer, the local operator, for the console). */
export function localAccountIndex(): number {
  const n = Number(localStorage.getItem(INDEX_KEY) ?? '1');
  return Number.isInteger(n) && n >= 0 && n <= 9 ? n : 1;
}

type Listener = (...args: unknown[]) => void;
interface RpcError extends Error {
  code: number;
}

function rpcError(code: number, message: string): RpcError {
  return Object.assign(new Error(message), { code });
}

export function createLocalProvider(chain: Chain, rpcUrl: string) {
  const account = mnemonicToAccount(LOCAL_MNEMONIC, { addressIndex: localAccountIndex() });
  const client = createPublicClient({ chain, transport: http(rpcUrl, RPC_OPTIONS) });
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args);
  };
  let connected = localStorage.getItem(CONNECTED_KEY) === '1';
  const setConnected = (on: boolean) => {
    connected = on;
    if (on) localStorage.setItem(CONNECTED_KEY, '1');
    else localStorage.removeItem(CONNECTED_KEY);
  };

  return {
    isLocalTestWallet: true,
    address: account.address,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const p = (Array.isArray(params) ? params : []) as unknown[];
      switch (method) {
        case 'eth_requestAccounts':
          setConnected(true);
          emit('connect', { chainId: numberToHex(chain.id) });
          return [account.address];
        case 'eth_accounts':
          return connected ? [account.address] : [];
        case 'eth_chainId':
          return numberToHex(chain.id);
        case 'net_version':
          return String(chain.id);
        case 'wallet_requestPermissions':
          setConnected(true);
          return [{ parentCapability: 'eth_accounts' }];
        case 'wallet_revokePermissions':
          setConnected(false);
          emit('accountsChanged', []);
          return null;
        case 'wallet_switchEthereumChain': {
          const wanted = Number((p[0] as { chainId?: string } | undefined)?.chainId);
          if (wanted !== chain.id) throw rpcError(4902, `The local test wallet only knows chain ${chain.id}`);
          return null;
        }
        case 'personal_sign':
          return account.signMessage({ message: { raw: parseHex(p[0], 'personal_sign data') } });
        case 'eth_signTypedData_v4': {
          const typed = typeof p[1] === 'string' ? JSON.parse(p[1]) : p[1];
          const { EIP712Domain: _domain, ...types } = typed.types ?? {};
          return account.signTypedData({
            domain: typed.domain,
            types,
            primaryType: typed.primaryType,
            message: typed.message,
          });
        }
        case 'eth_sendTransaction': {
          const tx = p[0] as { to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
          const call = { account, to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : undefined };
          // as a wallet does: the app's gas if it gave one, else the estimate with headroom
          const gas = tx.gas ? BigInt(tx.gas) : withGasHeadroom(await client.estimateGas(call));
          const request = await client.prepareTransactionRequest({ ...call, chain, gas });
          const raw = await account.signTransaction(request as Parameters<typeof account.signTransaction>[0]);
          return client.request({ method: 'eth_sendRawTransaction', params: [raw] });
        }
        default:
          return client.request({ method, params } as never);
      }
    },
  };
}
