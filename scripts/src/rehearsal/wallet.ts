// A browser wallet as users have one, for the rehearsal's Chromium: an EIP-1193 provider announced
// by EIP-6963 (and set as window.ethereum), whose requests are answered here in Node: signing with
// a viem account generated for the run, reads and transactions forwarded to the chain's RPC. It
// starts on another chain than the app's; the app must ask it to switch (wallet_switchEthereumChain).

import { randomUUID } from 'node:crypto';
import { parseHex } from '@free/protocol/address';
import type { BrowserContext } from 'playwright-core';
import {
  type Chain,
  createWalletClient,
  type Hex,
  hexToBigInt,
  http,
  numberToHex,
  type PrivateKeyAccount,
} from 'viem';

export type InjectedWallet = {
  /** every method the page asked for, in order */
  calls: string[];
  chainId: () => number;
};

const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiPjxyZWN0IHdpZHRoPSIxIiBoZWlnaHQ9IjEiIGZpbGw9IiM4ODgiLz48L3N2Zz4=';

type Reply = { result?: unknown; error?: { code: number; message: string }; events?: [string, unknown][] };

export async function injectWallet(
  ctx: BrowserContext,
  opts: { account: PrivateKeyAccount; chain: Chain; rpcUrl: string; startChainId: number; name: string },
): Promise<InjectedWallet> {
  const { account, chain, rpcUrl } = opts;
  let chainId = opts.startChainId;
  let connected = false;
  const calls: string[] = [];
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  let rpcId = 0;
  const forward = async (method: string, params: unknown[]): Promise<Reply> => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
    return body.error ? { error: body.error } : { result: body.result };
  };
  const onAppChain = () => chainId === chain.id;

  const answer = async (method: string, params: unknown[]): Promise<Reply> => {
    calls.push(method);
    switch (method) {
      case 'eth_chainId':
        return { result: numberToHex(chainId) };
      case 'net_version':
        return { result: String(chainId) };
      case 'eth_accounts':
        return { result: connected ? [account.address] : [] };
      case 'eth_requestAccounts':
        connected = true;
        return { result: [account.address], events: [['accountsChanged', [account.address]]] };
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        connected = connected || method === 'wallet_requestPermissions';
        return { result: [{ parentCapability: 'eth_accounts' }] };
      case 'wallet_revokePermissions':
        connected = false;
        return { result: null, events: [['accountsChanged', []]] };
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params[0] as { chainId?: string } | undefined)?.chainId);
        // a wallet knows only the chains added to it: the app's one and the one it started on
        if (wanted !== chain.id && wanted !== opts.startChainId)
          return { error: { code: 4902, message: `Unrecognized chain ID ${wanted}` } };
        if (wanted === chainId) return { result: null };
        chainId = wanted;
        return { result: null, events: [['chainChanged', numberToHex(wanted)]] };
      }
      case 'wallet_addEthereumChain':
        return { result: null };
      case 'personal_sign': {
        if (!connected) return { error: { code: 4100, message: 'not connected' } };
        const data = parseHex(params[0], 'personal_sign data');
        return { result: await account.signMessage({ message: { raw: data } }) };
      }
      case 'eth_signTypedData_v4': {
        if (!connected) return { error: { code: 4100, message: 'not connected' } };
        const typed = JSON.parse(params[1] as string);
        const { EIP712Domain: _, ...types } = typed.types;
        return { result: await account.signTypedData({ ...typed, types }) };
      }
      case 'eth_sendTransaction': {
        if (!connected) return { error: { code: 4100, message: 'not connected' } };
        if (!onAppChain()) return { error: { code: 4901, message: `the wallet is on chain ${chainId}` } };
        const tx = params[0] as { to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
        const hash = await wallet.sendTransaction({
          account,
          chain,
          to: tx.to,
          data: tx.data,
          value: tx.value ? hexToBigInt(tx.value) : undefined,
          gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
        } as never);
        return { result: hash };
      }
      default:
        if (!onAppChain()) return { error: { code: 4901, message: `the wallet is on chain ${chainId}` } };
        return forward(method, params);
    }
  };

  await ctx.exposeBinding(
    '__rehearsalWallet',
    async (_source, req: { method: string; params?: unknown[] }) => {
      try {
        return await answer(req.method, req.params ?? []);
      } catch (error) {
        return { error: { code: -32603, message: (error as Error).message } };
      }
    },
  );
  // plain JavaScript: a function here would be transpiled with helpers the page does not have
  const info = { uuid: randomUUID(), name: opts.name, icon: ICON, rdns: 'dev.free.rehearsal' };
  await ctx.addInitScript({
    content: `(() => {
  const info = ${JSON.stringify(info)};
  const listeners = {};
  const emit = (event, arg) => { for (const f of [...(listeners[event] || [])]) f(arg); };
  const provider = {
    async request({ method, params }) {
      const r = await window.__rehearsalWallet({ method, params });
      for (const [event, arg] of r.events || []) setTimeout(() => emit(event, arg), 0);
      if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      return r.result;
    },
    on(event, f) { listeners[event] = [...(listeners[event] || []), f]; return provider; },
    removeListener(event, f) { listeners[event] = (listeners[event] || []).filter((x) => x !== f); return provider; },
  };
  provider.off = provider.removeListener;
  const detail = Object.freeze({ info, provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
  announce();
})();`,
  });
  return { calls, chainId: () => chainId };
}
