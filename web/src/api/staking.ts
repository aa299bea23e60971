// The Staking contract as the Market Maker pages read it: cycle terms, reserve versus obligations,
// the wallet's USDT balance, the fee quote on the router, and the user's on-chain stake records.
// viem loads lazily (the Shop tab is on the first paint).
import type { contractsInfo, StakeOrder } from '@free/protocol/api/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, PublicClient } from 'viem';
import type { z } from 'zod';
import type { ChainRecord } from '../pages/shop/stake';
import { call, routes } from './client';
import { useConfig } from './config';
import { callIdempotent, useIdempotentMutation } from './idempotent';
import { keys } from './keys';

const abis = () => import('@free/protocol/abi/generated/staking').then((m) => m.stakingAbi);

const clients = new Map<number, Promise<PublicClient>>();
export function publicClient(chainId: number): Promise<PublicClient> {
  let c = clients.get(chainId);
  if (!c) {
    c = (async () => {
      const [{ createPublicClient, http }, { appChain, RPC_OPTIONS }] = await Promise.all([
        import('viem'),
        import('../wallet/chains'),
      ]);
      return createPublicClient({
        chain: appChain(chainId),
        transport: http(undefined, RPC_OPTIONS),
      }) as PublicClient;
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

type Addr = Address;
type ContractsInfo = z.infer<typeof contractsInfo>;

function useChain() {
  const config = useConfig().data;
  const contracts: ContractsInfo | null = config?.contracts ?? null;
  return { chainId: config?.chain_id, contracts };
}

/** Reserve, obligations and the cycles' current terms, straight from the contract (public). */
export function useStakingState() {
  const { chainId, contracts } = useChain();
  return useQuery({
    queryKey: keys.staking.state(contracts?.staking ?? ''),
    enabled: chainId !== undefined && contracts !== null,
    refetchInterval: 30_000,
    queryFn: async (): Promise<StakingState> => {
      const client = await publicClient(chainId as number);
      const address = (contracts as ContractsInfo).staking as Addr;
      const stakingAbi = await abis();
      const base = { address, abi: stakingAbi } as const;
      const idx = [0, 1, 2] as const;
      // No Multicall3 on the local chain: several reads at once.
      const [reserve, committed, availableReserve, openPrincipal, maxStakeAmount, cycles] = await Promise.all(
        [
          client.readContract({ ...base, functionName: 'reserve' }),
          client.readContract({ ...base, functionName: 'committed' }),
          client.readContract({ ...base, functionName: 'availableReserve' }),
          client.readContract({ ...base, functionName: 'openPrincipal' }),
          client.readContract({ ...base, functionName: 'maxStakeAmount' }),
          Promise.all(
            idx.map(async (index) => {
              const [days, ratePpm, feeBps] = await Promise.all([
                client.readContract({ ...base, functionName: 'cycleDays', args: [index] }),
                client.readContract({ ...base, functionName: 'cycleRatePpm', args: [index] }),
                client.readContract({ ...base, functionName: 'cycleFeeBps', args: [index] }),
              ]);
              return { index, days: Number(days), ratePpm: Number(ratePpm), feeBps: Number(feeBps) };
            }),
          ),
        ],
      );
      return { reserve, committed, availableReserve, openPrincipal, maxStakeAmount, cycles };
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
    queryKey: keys.staking.wallet(contracts?.staking ?? '', account ?? ''),
    enabled: chainId !== undefined && contracts !== null && account !== undefined,
    queryFn: async (): Promise<WalletStakeInfo> => {
      const client = await publicClient(chainId as number);
      const [{ erc20Abi }, stakingAbi] = await Promise.all([import('viem'), abis()]);
      const c = contracts as ContractsInfo;
      const [usdt, allowance, inviterOnChain] = await Promise.all([
        client.readContract({
          address: c.usdt as Addr,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account as Addr],
        }),
        client.readContract({
          address: c.usdt as Addr,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [account as Addr, c.staking as Addr],
        }),
        client.readContract({
          address: c.staking as Addr,
          abi: stakingAbi,
          functionName: 'inviterOf',
          args: [account as Addr],
        }),
      ]);
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
  const amounts = await client.readContract({
    address: contracts.router as Addr,
    abi: uniswapV2Router02Abi,
    functionName: 'getAmountsOut',
    args: [fee, [contracts.usdt as Addr, contracts.free as Addr]],
  });
  return amounts[amounts.length - 1] ?? 0n;
}

export function useFeeQuote(fee: bigint | null) {
  const { chainId, contracts } = useChain();
  return useQuery({
    queryKey: keys.staking.quote(contracts?.router ?? '', String(fee ?? '')),
    enabled: chainId !== undefined && contracts !== null && fee !== null && fee > 0n,
    staleTime: 10_000,
    queryFn: () => quoteFee(chainId as number, contracts as ContractsInfo, fee as bigint),
  });
}

/** Every stake record of `account` in the contract (index, time, principal, redeemed, cycle). */
export function useChainStakeRecords(account: string | undefined) {
  const { chainId, contracts } = useChain();
  return useQuery({
    queryKey: keys.staking.records(contracts?.staking ?? '', account ?? ''),
    enabled: chainId !== undefined && contracts !== null && account !== undefined,
    queryFn: async (): Promise<ChainRecord[]> => {
      const client = await publicClient(chainId as number);
      const staking = (contracts as ContractsInfo).staking as Addr;
      const stakingAbi = await abis();
      const count = await client.readContract({
        address: staking,
        abi: stakingAbi,
        functionName: 'stakeCount',
        args: [account as Addr],
      });
      if (count === 0n) return [];
      const rows = await Promise.all(
        Array.from({ length: Number(count) }, (_, i) =>
          client.readContract({
            address: staking,
            abi: stakingAbi,
            functionName: 'userStakeRecord',
            args: [account as Addr, BigInt(i)],
          }),
        ),
      );
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

/** Every stake changes the user's balances and orders and the contract's reserve. */
const afterStake = () => [keys.user.all(), keys.staking.all()] as const;

/** POST /api/user/staking_use_balance: a stake paid from the wallet balance. */
export function useStakeWithBalance(onSuccess: () => void) {
  return useIdempotentMutation<{ amount: string; stakeIndex: number; autoRenew: boolean }, StakeOrder>({
    mutationFn: (query, key) => callIdempotent(routes.postUserStakingUseBalance, key, { query }),
    invalidates: afterStake,
    onSuccess,
  });
}

/** POST /api/user/stake/redeem: a matured balance order back to the wallet. */
export function useRedeemStake(onSuccess: () => void) {
  return useIdempotentMutation<{ orderId: string }, StakeOrder>({
    mutationFn: (body, key) => callIdempotent(routes.postUserStakeRedeem, key, { body }),
    invalidates: afterStake,
    onSuccess,
  });
}

/**
 * POST /api/user/stake/renew: a matured balance order renewed into the cycle picked, at the rate the
 * card showed (a lower rate is refused); answers the new round.
 */
export function useRenewStake(onSuccess: () => void) {
  return useIdempotentMutation<{ orderId: string; stakeIndex: number; minRatePpm: number }, StakeOrder>({
    mutationFn: (body, key) => callIdempotent(routes.postUserStakeRenew, key, { body }),
    invalidates: afterStake,
    onSuccess,
  });
}

/** POST /api/user/stake/auto_renew: the app offers an on-chain stake's renewal at maturity. */
export function useChainAutoRenew(onSuccess: () => void) {
  return useIdempotentMutation<{ orderId: string; autoRenew: boolean }, StakeOrder>({
    mutationFn: (body) => call(routes.postUserStakeAutoRenew, { body }),
    invalidates: afterStake,
    onSuccess,
  });
}

/** What the page calls once its on-chain stake or unstake is mined (the indexer mirrors it). */
export function useOnStakeMined(): () => void {
  const qc = useQueryClient();
  return () => {
    for (const queryKey of afterStake()) void qc.invalidateQueries({ queryKey });
  };
}

/** The signed inviter chain for `stakeWithInviter`, read at the moment of staking (never cached). */
export const fetchStakeRef = () => call(routes.getUserStakeRefAddress);

const REDEMPTIONS = routes.getUserStakeRedemptions.path;

/** What has been paid back and what is ready to redeem (the redemption list's totals). */
export function useRedemptionTotals(enabled: boolean) {
  return useQuery({
    queryKey: keys.user.list(REDEMPTIONS, { totals: true }),
    enabled,
    queryFn: () => call(routes.getUserStakeRedemptions, { query: { page: 1, size: 1 }, hideError: true }),
  });
}
