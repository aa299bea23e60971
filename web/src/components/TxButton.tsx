// One button for every contract write: simulate → confirm in wallet → pending (hash, kept across
// reloads) → confirmed, or a readable reason (web/README.md). The call is typed by its ABI:
// a function name the contract does not have, or arguments of the wrong types, fail the type check.
// viem and wagmi are only imported as types here (they load lazily, off the first paint).
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hash } from 'viem';
import type { Config } from 'wagmi';
import { requestSignIn } from '../session/prompt';
import { useWallet, wallet } from '../wallet/state';
import { getPending, setPending } from './pendingTx';

type Writable = 'nonpayable' | 'payable';
/** The state-changing functions of `abi`. */
export type WriteFunction<abi extends Abi> = ContractFunctionName<abi, Writable>;

export interface ContractCall<abi extends Abi, name extends WriteFunction<abi> = WriteFunction<abi>> {
  address: Address;
  abi: abi;
  functionName: name;
  args: ContractFunctionArgs<abi, Writable, name>;
  value?: bigint;
}

/**
 * The same call in viem's ABI-agnostic form. The caller's call was checked against its ABI by
 * `ContractCall<abi, name>`; TypeScript cannot relate viem's conditional types inside a generic to
 * their widened form, so the widening is stated once here.
 */
interface AnyContractCall {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  value?: bigint;
}

function untyped<abi extends Abi, name extends WriteFunction<abi>>(
  call: ContractCall<abi, name>,
): AnyContractCall {
  return call as AnyContractCall;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'working'; step: 'simulate' | 'wallet' | 'approve' }
  | { kind: 'pending'; hash: Hash; chainId: number }
  | { kind: 'done'; hash: Hash; chainId: number }
  | { kind: 'failed'; reason: string };

/** The most useful line of a viem/wallet error: the revert reason when there is one. */
export function readableReason(
  error: unknown,
  fallback: string,
  rejected: string,
  /** texts for the contract's custom errors, by error name */
  reasons: Record<string, string> = {},
): string {
  let e = error as
    | {
        name?: string;
        code?: number;
        reason?: string;
        data?: { errorName?: string };
        shortMessage?: string;
        cause?: unknown;
      }
    | undefined;
  let short: string | undefined;
  for (let depth = 0; e && depth < 8; depth++) {
    if (e.name === 'UserRejectedRequestError' || e.code === 4001) return rejected;
    if (e.name === 'ContractFunctionRevertedError') {
      const named = e.data?.errorName ? reasons[e.data.errorName] : undefined;
      return named ?? e.reason ?? e.data?.errorName ?? e.shortMessage ?? fallback;
    }
    short ??= e.shortMessage;
    e = e.cause as typeof e;
  }
  return short ?? fallback;
}

async function waitFor(id: string, hash: Hash) {
  const api = await wallet.ready();
  const { waitForTransactionReceipt } = await import('wagmi/actions');
  const receipt = await waitForTransactionReceipt(api.config() as Config, { hash, timeout: 10 * 60_000 });
  setPending(id, null);
  return receipt.status;
}

/** The transaction's page in the chain's block explorer; null on a chain without one (local anvil). */
function useExplorerLink(hash: Hash | null, chainId: number | null): string | null {
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    setLink(null);
    if (hash === null || chainId === null) return;
    let live = true;
    void import('../wallet/chains').then(({ txExplorerUrl }) => {
      if (live) setLink(txExplorerUrl(chainId, hash));
    });
    return () => {
      live = false;
    };
  }, [hash, chainId]);
  return link;
}

export function TxButton<const abi extends Abi, name extends WriteFunction<abi>>({
  id,
  children,
  prepare,
  onConfirmed,
  disabled,
  approve,
  reasons,
}: {
  /** Stable name of this action, so a pending transaction is found again after reload. */
  id: string;
  children: ReactNode;
  /** Builds the call (and may refuse by throwing an Error whose message is shown). */
  prepare: () => Promise<ContractCall<abi, name>> | ContractCall<abi, name>;
  onConfirmed?: (hash: string) => void;
  disabled?: boolean;
  /** An ERC-20 allowance the call needs; approved first (and only) when the current one is short. */
  approve?: { token: `0x${string}`; spender: `0x${string}`; amount: bigint };
  /** What to tell the user for the contract's custom errors, by error name. */
  reasons?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const w = useWallet();
  const [phase, setPhase] = useState<Phase>(() => {
    const p = getPending(id);
    return p ? { kind: 'pending', hash: p.hash, chainId: p.chainId } : { kind: 'idle' };
  });
  const shown = phase.kind === 'pending' || phase.kind === 'done' ? phase : null;
  const explorer = useExplorerLink(shown?.hash ?? null, shown?.chainId ?? null);

  const track = async (hash: Hash, chainId: number) => {
    setPhase({ kind: 'pending', hash, chainId });
    try {
      const status = await waitFor(id, hash);
      if (status === 'success') {
        setPhase({ kind: 'done', hash, chainId });
        onConfirmed?.(hash);
      } else setPhase({ kind: 'failed', reason: t('tx.reverted') });
    } catch (error) {
      setPhase({ kind: 'failed', reason: readableReason(error, t('tx.failed'), t('tx.rejected'), reasons) });
    }
  };

  // Re-check a transaction left pending by a previous visit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount
  useEffect(() => {
    const p = getPending(id);
    if (p) void track(p.hash, p.chainId);
  }, [id]);

  const run = async () => {
    if (w.status !== 'connected') {
      requestSignIn();
      return;
    }
    try {
      setPhase({ kind: 'working', step: 'simulate' });
      const call = untyped(await prepare());
      const api = await wallet.ready();
      const config = api.config() as Config;
      if (w.chainId !== api.appChainId()) await api.switchToAppChain();
      const [{ readContract, simulateContract, waitForTransactionReceipt, writeContract }, { erc20Abi }] =
        await Promise.all([import('wagmi/actions'), import('viem')]);
      if (approve && w.address) {
        const allowance = await readContract(config, {
          address: approve.token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [w.address, approve.spender],
        });
        if (allowance < approve.amount) {
          setPhase({ kind: 'working', step: 'approve' });
          const approval = await simulateContract(config, {
            address: approve.token,
            abi: erc20Abi,
            functionName: 'approve',
            args: [approve.spender, approve.amount],
            account: w.address,
          });
          const approveHash = await writeContract(config, approval.request);
          const receipt = await waitForTransactionReceipt(config, { hash: approveHash });
          if (receipt.status !== 'success') throw new Error(t('tx.reverted'));
          setPhase({ kind: 'working', step: 'simulate' });
        }
      }
      const { request } = await simulateContract(config, { ...call, account: w.address });
      setPhase({ kind: 'working', step: 'wallet' });
      const hash = await writeContract(config, request);
      const chainId = api.appChainId();
      setPending(id, { hash, chainId, at: Date.now() });
      await track(hash, chainId);
    } catch (error) {
      setPhase({ kind: 'failed', reason: readableReason(error, t('tx.failed'), t('tx.rejected'), reasons) });
    }
  };

  const busy = phase.kind === 'working' || phase.kind === 'pending';
  return (
    <div className="tx-button">
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={busy}
        disabled={disabled || busy}
        onClick={() => void run()}
      >
        {phase.kind === 'working'
          ? phase.step === 'simulate'
            ? t('tx.checking')
            : phase.step === 'approve'
              ? t('tx.approve')
              : t('tx.confirmInWallet')
          : phase.kind === 'pending'
            ? t('tx.pending')
            : children}
      </Button>
      {shown && (
        <p className="notice" role="status">
          {shown.kind === 'done' ? t('tx.confirmed') : t('tx.waiting')}{' '}
          <bdi dir="ltr" className="tx-hash">
            {shown.hash}
          </bdi>
          {explorer && (
            <>
              {' '}
              <a href={explorer} target="_blank" rel="noopener noreferrer">
                {t('tx.viewOnExplorer')}
              </a>
            </>
          )}
        </p>
      )}
      {phase.kind === 'failed' && (
        <p className="notice danger" role="alert">
          {phase.reason}
        </p>
      )}
    </div>
  );
}
