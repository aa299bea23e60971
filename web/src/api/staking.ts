// The Staking contract as the Market Maker pages read it: cycle terms, reserve versus obligations,
// the wallet's USDT balance, the fee quote on the router, and the user's on-chain stake records.
// viem loads lazily (the Shop tab is on the first paint).
import type { contractsInfo } from '@free/protocol/api/common';
import { useQuery } from '@tanstack/react-query';
import type { PublicClient } from 'viem';
import type { z } from 'zod';
import type { ChainRecord } from '../pages/shop/stake';
import { useConfig } from './config';

export const stakingKeys = {
  all: () => ['staking'] as const,
  state: (staking: string) => ['staking', 'state', staking] as const,
  wallet: (staking: string, account: string) =>
    ['staking', 'wallet', staking, account.toLowerCase()] as const,
  quote: (router: string, fee: string) => ['staking', 'quote', router, fee] as const,
  records: (staking: string, account: string) =>
    ['staking', 'records', staking, account.toLowerCase()] as const,
};

const abis = () => import('@free/protocol/abi/generated/staking').then((m) => m.stakingAbi);

const clients = new Map<number, Promise<PublicClient>>();
export function publicClient(chainId: number): Promise<PublicClient> {
  let c = clients.get(chainId);
  if (!c) {
    c = (async () => {
      const [{ createPublicClient, http }, { appChain }] = await Promise.all([
        import('viem'),
        import('../wallet/chains'),
      ]);
      return createPublicClient({ chain: appChain(chainId), transport: http() }) as PublicClient;
    })();
    clients.set(chainId, c);
  }
  return c;
}

export interface ChainCycle {
  index: number;
  days: number;
  ratePpm: number;
  feeBps: number;
}
export interface StakingState {
  reserve: bigint;
  committed: bigint;
  availableReserve: bigint;
  openPrincipal: bigint;
  maxStakeAmount: bigint;
  cycles: ChainCycle[];
}

type Addr = `0x${string}`;
type ContractsInfo = z.infer<typeof contractsInfo>;

/** Several reads at once (no Multicall3 on the local chain). */
function readAll(client: PublicClient, calls: readonly unknown[]): Promise<unknown[]> {
  return Promise.all(calls.map((c) => client.readContract(c as never)));
}

function useChain() {
  const config = useConfig().data;
  const contracts: ContractsInfo | null = config?.contracts ?? null;
  return { chainId: config?.chain_id, contracts };
}

/** Reserve, obligations and the cycles' current terms, straight from the contract (public). */
export function useStakingState() {
  const { chainId, contracts } = useChain();
  return useQuery({
    queryKey: stakingKeys.state(contracts?.staking ?? ''),
    enabled: chainId !== undefined && contracts !== null,
    refetchInterval: 30_000,
    queryFn: async (): Promise<StakingState> => {
      const client = await publicClient(chainId as number);
      const address = (contracts as ContractsInfo).staking as Addr;
      const stakingAbi = await abis();
      const read = (functionName: string, args: readonly unknown[] = []) =>
        ({ address, abi: stakingAbi, functionName, args }) as const;
      const idx = [0, 1, 2];
      const results = (await readAll(client, [
        read('reserve'),
        read('committed'),
        read('availableReserve'),
        read('openPrincipal'),
        read('maxStakeAmount'),
        ...idx.map((i) => read('cycleDays', [i])),
        ...idx.map((i) => read('cycleRatePpm', [i])),
        ...idx.map((i) => read('cycleFeeBps', [i])),
      ])) as unknown as (bigint | number)[];
      const [reserve, committed, availableReserve, openPrincipal, maxStakeAmount] = results as bigint[];
      return {
        reserve: reserve as bigint,
        committed: committed as bigint,
        availableReserve: availableReserve as bigint,
        openPrincipal: openPrincipal as bigint,
        maxStakeAmount: maxStakeAmount as bigint,
        cycles: idx.map((i) => ({
          index: i,
          days: Number(results[5 + i]),
          ratePpm: Number(results[8 + i]),
          feeBps: Number(results[11 + i]),
        })),
      };
    },
  });
}

export interface WalletStakeInfo {
  usdt: bigint;
  allowance: bigint;
  /** the inviter already bound on chain (zero address when none) */
  inviterOnChain: Addr;
}

/** The connected account's USDT balance and allowance to Staking, and its on-chain inviter. */
export function useWalletStakeInfo(account: string | undefined) {
  const { chainId, contracts } = useChain();
  return useQuery({
    queryKey: stakingKeys.wallet(contracts?.staking ?? '', account ?? ''),
    enabled: chainId !== undefined && contracts !== null && account !== undefined,
    queryFn: async (): Promise<WalletStakeInfo> => {
      const client = await publicClient(chainId as number);
      const [{ erc20Abi }, stakingAbi] = await Promise.all([import('viem'), abis()]);
      const c = contracts as ContractsInfo;
      const [usdt, allowance, inviterOnChain] = (await readAll(client, [
        { address: c.usdt as Addr, abi: erc20Abi, functionName: 'balanceOf', args: [account as Addr] },
        {
          address: c.usdt as Addr,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [account as Addr, c.staking as Addr],
        },
        { address: c.staking as Addr, abi: stakingAbi, functionName: 'inviterOf', args: [account as Addr] },
      ])) as unknown as [bigint, bigint, Addr];
      return { usdt, allowance, inviterOnChain };
    },
  });
}

/** FREE the router gives for `fee` USDT on the [usdt, free] path (what the contract swaps and burns). */
export async function quoteFee(chainId: number, contracts: ContractsInfo, fee: bigint): Promise<bigint> {
  if (fee === 0n) return 0n;
  const [client, { uniswapV2Router02Abi }] = await Promise.all([
    publicClient(chainId),
    import('@free/protocol/abi/generated/uniswapV2Router02'),
  ]);
  const amounts = (await client.readContract({
    address: contracts.router as Addr,
    abi: uniswapV2Router02Abi,
    functionName: 'getAmountsOut',
    args: [fee, [contracts.usdt as Addr, contracts.free as Addr]],
  })) as readonly bigint[];
  return amounts[amounts.length - 1] ?? 0n;
}

export function useFeeQuote(fee: bigint | null) {
  const { chainId, contracts } = useChain();
  return useQuery({
    queryKey: stakingKeys.quote(contracts?.router ?? '', String(fee ?? '')),
    enabled: chainId !== undefined && contracts !== null && fee !== null && fee > 0n,
    staleTime: 10_000,
    queryFn: () => quoteFee(chainId as number, contracts as ContractsInfo, fee as bigint),
  });
}

/** Every stake record of `account` in the contract (index, time, principal, redeemed, cycle). */
export function useChainStakeRecords(account: string | undefined) {
  const { chainId, contracts } = useChain();
  return useQuery({
    queryKey: stakingKeys.records(contracts?.staking ?? '', account ?? ''),
    enabled: chainId !== undefined && contracts !== null && account !== undefined,
    queryFn: async (): Promise<ChainRecord[]> => {
      const client = await publicClient(chainId as number);
      const staking = (contracts as ContractsInfo).staking as Addr;
      const stakingAbi = await abis();
      const count = (await client.readContract({
        address: staking,
        abi: stakingAbi,
        functionName: 'stakeCount',
        args: [account as Addr],
      })) as bigint;
      if (count === 0n) return [];
      const rows = (await readAll(
        client,
        Array.from({ length: Number(count) }, (_, i) => ({
          address: staking,
          abi: stakingAbi,
          functionName: 'userStakeRecord',
          args: [account as Addr, BigInt(i)],
        })),
      )) as unknown as (readonly [bigint, bigint, boolean, number])[];
      return rows.map(([stakeTime, amount, redeemed, stakeIndex], index) => ({
        index,
        stakeTime,
        amount,
        redeemed,
        stakeIndex: Number(stakeIndex),
      }));
    },
  });
}
