// What every operator command is made of: its dependencies, its shape, its error, and the argument
// schemas shared by the command modules (commands.ts, console-commands.ts).
import { parseAmount } from '@free/protocol/amount';
import type { CommandRefusal } from '@free/protocol/api/admin';
import { LANGUAGES } from '@free/protocol/languages';
import { type Address, getAddress, isAddress } from 'viem';
import { z } from 'zod';
import type { DbHandle } from '../db/client.ts';
import type { WalletView } from '../jobs/hot-wallet.ts';
import type { SweepResult } from '../jobs/hot-wallet-rotation.ts';
import type { LiabilitiesOptions } from '../jobs/liabilities.ts';
import type { ReconcileChain } from '../services/reconcile.ts';
import type { RestoreDeps } from './restore.ts';

/** What the chain commands need; the CLI builds it with viem and the owner key. */
export type ChainOps = {
  fundReserve(amountWei: bigint): Promise<{ txHashes: string[] }>;
  /** whether Staking and Payment accept signatures of `address` (`isSigner` of each) */
  signerAccepted(address: Address): Promise<{ staking: boolean; payment: boolean }>;
  /** `addSigner` on each contract that does not accept `address` yet */
  addSigner(address: Address): Promise<{ txHashes: string[] }>;
  /** `removeSigner` on each contract that still accepts `address` */
  removeSigner(address: Address): Promise<{ txHashes: string[] }>;
  /** the latest block's timestamp: what a signature's deadline is compared with on chain */
  chainTime(): Promise<Date>;
};

export type OpsDeps = {
  db: DbHandle;
  now?: () => Date;
  chain?: ChainOps;
  /** read-only chain access for reconciliation (needs no owner key) */
  holdings?: ReconcileChain;
  /** the hot wallet's publishing of proof-of-liabilities snapshots (jobs/liabilities.ts) */
  liabilities?: LiabilitiesOptions;
  /**
   * moves everything of the drained hot wallet to `to`, signed with the old wallet's key
   * (HOT_WALLET_KEY in the CLI's environment: jobs/hot-wallet-rotation.ts sweepWallet)
   */
  sweepHotWallet?: ((to: Address) => Promise<SweepResult>) | undefined;
  /** the signer the DEPLOYMENT_FILE names: the key the API processes sign with */
  signerInUse?: Address | undefined;
  /** the hot wallet on chain, read-only: rejecting an unresolved withdrawal needs proof it was not paid */
  hotWallet?: WalletView | undefined;
  /** what restore:check compares with the chain: the hot wallet, the token contracts, the indexer's cursor */
  restore?: Omit<RestoreDeps, 'db' | 'now'> | undefined;
  /**
   * who runs the command, an address: the signed-in operator (console), or for the CLI OPS_ACTOR or
   * the owner key's address (`opsActor` in cli.ts)
   */
  actor: string;
  /** the shell user who ran the CLI, kept next to the address (the console has none) */
  shellUser?: string | undefined;
  /** the console request's id (X-Request-Id), kept in ops_log with the entry */
  requestId?: string | undefined;
};

/** A refusal with a message meant for the operator, and its stable code for the console. */
export class OpsError extends Error {
  override name = 'OpsError';
  constructor(
    message: string,
    readonly refusal: CommandRefusal = { reason: 'failed' },
  ) {
    super(message);
  }
}

export type Parsed = { positional: string[]; flags: Record<string, string> };

export type Command = {
  usage: string;
  schema: z.ZodType;
  /** the raw arguments from a command line; the console passes the same shape as JSON */
  from: (p: Parsed) => unknown;
  run: (args: never, deps: Required<Pick<OpsDeps, 'db' | 'now'>> & OpsDeps) => Promise<unknown>;
  /** a finding that must fail the command line (non-zero exit) although the command ran */
  alarm?: (result: never) => string | null;
};

export const LANGS = LANGUAGES.map((l) => l.code) as [string, ...string[]];

/** A positive decimal amount in token units (protocol amount rules) → wei. */
export const amountArg = (what: string) =>
  z.string().transform((s, ctx) => {
    const v = parseAmount(s);
    if (typeof v !== 'bigint' || v <= 0n) {
      ctx.addIssue({
        code: 'custom',
        message: `${what} must be a positive decimal amount`,
        params: { reason: 'amount' },
      });
      return z.NEVER;
    }
    return v;
  });

export const idArg = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const addressArg = z
  .string()
  .refine((s) => isAddress(s, { strict: false }), {
    message: 'must be a 0x address',
    params: { reason: 'address' },
  })
  .transform((s) => getAddress(s));
