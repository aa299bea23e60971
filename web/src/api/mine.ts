// Profile-tab resources: hashrate, airdrop/presale, quota, ignition details, the FOMO pool, and the
// connected wallet's on-chain USDT/FREE balances.

import type { Address } from '@free/protocol/address';
import type { airdropData, fomoData, presaleBuyData, presaleInfo } from '@free/protocol/api/index';
import { useQuery } from '@tanstack/react-query';
import type { Config } from 'wagmi';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { useWallet, wallet } from '../wallet/state';
import { call, routes } from './client';
import { useConfig } from './config';
import { useFomo } from './fomo';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';
import { useStreamLive } from './stream';

export type Airdrop = z.infer<typeof airdropData>;
export type FomoPool = z.infer<typeof fomoData>;
export type AllocationKind = Airdrop['kind'];
export type PresaleInfo = z.infer<typeof presaleInfo>;
export type PresaleBought = z.infer<typeof presaleBuyData>;

function useSignedIn() {
  return useSession() !== null;
}

export function useHashrate() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.user.hashrate(),
    queryFn: () => call(routes.getUserHashrate, { hideError: true }),
    enabled: signedIn,
  });
}

export function useAirdrop(kind: AllocationKind) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.user.airdrop(kind),
    queryFn: () => call(routes.getUserAirdrop, { query: { kind }, hideError: true }),
    enabled: signedIn,
  });
}

export function useQuota() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.user.quota(),
    queryFn: () => call(routes.getUserQuota, { hideError: true }),
    enabled: signedIn,
  });
}

export function usePresale() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.user.presale(),
    queryFn: () => call(routes.getUserPresale, { hideError: true }),
    enabled: signedIn,
  });
}

/** POST /api/user/presale/buy: one purchase per intended action, whatever the retries. */
export function useBuyPresale(onSuccess: (bought: PresaleBought) => void) {
  return useIdempotentMutation<{ amount: string }, PresaleBought>({
    mutationFn: (body, key) => callIdempotent(routes.postUserPresaleBuy, key, { body }),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}

/** POST /api/user/fire/ignite: burns the ignition FREE once, whatever the retries. */
export function useIgnite(onSuccess: () => void) {
  return useIdempotentMutation<void, { ignited: true; ignitedAt: string; burned: string }>({
    mutationFn: (_input, key) => callIdempotent(routes.postUserFireIgnite, key),
    invalidates: () => [keys.user.all()],
    onSuccess,
  });
}

/** GET /api/user/fire: the Ignite page, the burn data and the tab bar's flame read it (one key, one fetch). */
export function useFire() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.user.fire(),
    queryFn: () => call(routes.getUserFire, { hideError: true }),
    enabled: signedIn,
  });
}

/** The same resource as the Home page's FOMO card (one key, one fetch). */
export const useFomoPool = useFomo;

export interface ChainBalances {
  usdt: bigint;
  free: bigint;
}

/** balanceOf(USDT) and balanceOf(FREE) of the connected wallet, read from the chain. */
export function useChainBalances() {
  const live = useStreamLive();
  const w = useWallet();
  const contracts = useConfig().data?.contracts ?? null;
  const chainId = useConfig().data?.chain_id ?? 0;
  const address = w.status === 'connected' ? w.address : undefined;
  return useQuery({
    queryKey: keys.chain.balances(address ?? '', chainId),
    enabled: !!address && !!contracts,
    // the stream tells of the user's own recharges and withdrawals; the slow poll catches transfers
    // made outside the app
    refetchInterval: live ? 60_000 : 15_000,
    queryFn: async (): Promise<ChainBalances> => {
      const walletApi = await wallet.ready();
      const [{ readContract }, { erc20Abi }] = await Promise.all([import('wagmi/actions'), import('viem')]);
      const config = walletApi.config() as Config;
      // `enabled` holds the query until both are known
      if (!address || !contracts) throw new Error('no connected wallet or no contracts yet');
      const read = (token: Address) =>
        readContract(config, {
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
          chainId,
        });
      const [usdt, free] = await Promise.all([read(contracts.usdt), read(contracts.free)]);
      return { usdt, free };
    },
  });
}
