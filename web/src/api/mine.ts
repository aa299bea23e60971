// Profile-tab resources: hashrate, airdrop/presale, quota, ignition details, the FOMO pool, and the
// connected wallet's on-chain USDT/FREE balances.
import type { airdropData, quotaData } from '@free/protocol/api/airdrop';
import type { fomoData } from '@free/protocol/api/fomo';
import type { hashrateData } from '@free/protocol/api/hashrate';
import type { fireInfoData } from '@free/protocol/api/ignition';
import { useQuery } from '@tanstack/react-query';
import type { Config } from 'wagmi';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { useWallet, wallet } from '../wallet/state';
import { api } from './client';
import { useConfig } from './config';
import { keys } from './keys';
import { isNotServed } from './list';

export type Hashrate = z.infer<typeof hashrateData>;
export type Airdrop = z.infer<typeof airdropData>;
export type Quota = z.infer<typeof quotaData>;
type FireFull = z.infer<typeof fireInfoData>;
/** The older /api/user/fire answers only the first four fields; the rest arrive with the money routes. */
export type FireInfo = Pick<FireFull, 'ignited' | 'ignitedAt' | 'requiredFree' | 'walletFree'> &
  Partial<Omit<FireFull, 'ignited' | 'ignitedAt' | 'requiredFree' | 'walletFree'>>;
export type FomoPool = z.infer<typeof fomoData>;
export type AllocationKind = Airdrop['kind'];

export const mineKeys = {
  hashrate: () => ['user', 'hashrate'] as const,
  airdrop: (kind: AllocationKind) => ['user', 'airdrop', kind] as const,
  quota: () => ['user', 'quota'] as const,
  /** Same key as the tab bar's fire query, so an ignition refreshes the flame too. */
  fire: () => keys.user.fire(),
  fomo: () => ['public', 'fomo'] as const,
  chainBalances: (address: string, chainId: number) => ['chain', 'balances', address, chainId] as const,
};

/** A resource a page can live without while the server does not serve it (404 → null). */
async function optional<T>(path: string, query?: Record<string, string>): Promise<T | null> {
  try {
    return await api.get<T>(path, query, { hideError: true });
  } catch (error) {
    if (isNotServed(error)) return null;
    throw error;
  }
}

function useSignedIn() {
  return useSession() !== null;
}

export function useHashrate() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: mineKeys.hashrate(),
    queryFn: () => optional<Hashrate>('/api/user/hashrate'),
    enabled: signedIn,
  });
}

export function useAirdrop(kind: AllocationKind) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: mineKeys.airdrop(kind),
    queryFn: () => optional<Airdrop>('/api/user/airdrop', { kind }),
    enabled: signedIn,
  });
}

export function useQuota() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: mineKeys.quota(),
    queryFn: () => optional<Quota>('/api/user/quota'),
    enabled: signedIn,
  });
}

export function useFire() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: mineKeys.fire(),
    queryFn: () => optional<FireInfo>('/api/user/fire'),
    enabled: signedIn,
  });
}

export function useFomoPool() {
  return useQuery({
    queryKey: mineKeys.fomo(),
    queryFn: () => optional<FomoPool>('/api/common/fomo'),
    refetchInterval: 30_000,
  });
}

export interface ChainBalances {
  usdt: bigint;
  free: bigint;
}

/** balanceOf(USDT) and balanceOf(FREE) of the connected wallet, read from the chain. */
export function useChainBalances() {
  const w = useWallet();
  const contracts = useConfig().data?.contracts ?? null;
  const chainId = useConfig().data?.chain_id ?? 0;
  const address = w.status === 'connected' ? w.address : undefined;
  return useQuery({
    queryKey: mineKeys.chainBalances(address ?? '', chainId),
    enabled: !!address && !!contracts,
    refetchInterval: 15_000,
    queryFn: async (): Promise<ChainBalances> => {
      const walletApi = await wallet.ready();
      const [{ readContract }, { erc20Abi }] = await Promise.all([import('wagmi/actions'), import('viem')]);
      const config = walletApi.config() as Config;
      const read = (token: string) =>
        readContract(config, {
          address: token as `0x${string}`,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address as `0x${string}`],
          chainId,
        } as never) as Promise<bigint>;
      const [usdt, free] = await Promise.all([read(contracts?.usdt ?? ''), read(contracts?.free ?? '')]);
      return { usdt, free };
    },
  });
}
