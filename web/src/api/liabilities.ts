// Proof of liabilities (docs/proof-of-liabilities.md): the user's proof, the public figures, and the
// check of a proof against the chain: protocol's verifier recomputes the root in the browser, and
// the Liabilities contract's publication of that snapshot is read through the app's wallet
// connection. viem and wagmi load lazily.
import type { Address } from '@free/protocol/address';
import { isAmountError, parseAmount } from '@free/protocol/amount';
import type { LiabilitiesProofData } from '@free/protocol/api/liabilities';
import type { ProofToVerify, Publication } from '@free/protocol/liabilities-verify';
import { useQuery } from '@tanstack/react-query';
import type { Config } from 'wagmi';
import { useSession } from '../session/store';
import { wallet } from '../wallet/state';
import { call, routes } from './client';
import { keys } from './keys';

export function useLiabilitiesProof() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: keys.user.liabilitiesProof(),
    queryFn: () => call(routes.getUserLiabilitiesProof, { hideError: true }),
    enabled: signedIn,
    retry: false,
  });
}

export function useLiabilities() {
  return useQuery({
    queryKey: keys.public.liabilities(),
    queryFn: () => call(routes.getCommonLiabilities),
    refetchInterval: 60_000,
  });
}

const wei = (text: string): bigint => {
  const v = parseAmount(text);
  return isAmountError(v) ? -1n : v;
};

/** The API's proof in wei, as the verifier takes it (an unreadable amount becomes −1: refused). */
export function proofInWei(p: LiabilitiesProofData): ProofToVerify & { id: number } {
  return {
    id: p.id,
    root: { hash: p.root, usdt: wei(p.usdt), free: wei(p.free) },
    leafCount: p.leafCount,
    leaf: { ...p.leaf, usdt: wei(p.leaf.usdt), free: wei(p.leaf.free) },
    path: p.path.map((n) => ({ hash: n.hash, usdt: wei(n.usdt), free: wei(n.free) })),
  };
}

/** `Liabilities.publication(id)` through the wallet connection's chain. */
export async function readPublication(contract: Address, id: number, chainId: number): Promise<Publication> {
  const walletApi = await wallet.ready();
  const [{ readContract }, { liabilitiesAbi }] = await Promise.all([
    import('wagmi/actions'),
    import('@free/protocol/abi/generated/liabilities'),
  ]);
  const [pid, root, usdt, free, leafCount, at] = await readContract(walletApi.config() as Config, {
    address: contract,
    abi: liabilitiesAbi,
    functionName: 'publication',
    args: [BigInt(id)],
    chainId,
  });
  return { id: BigInt(pid), root, usdt, free, leafCount: BigInt(leafCount), at: BigInt(at) };
}

/** The proof as a file a user keeps and checks with `npm run verify-liabilities` or any script. */
export function proofFile(p: LiabilitiesProofData, address: string, chainId: number): string {
  return `${JSON.stringify({ scheme: 'free-liabilities-v1', chainId, address, ...p }, null, 2)}\n`;
}
