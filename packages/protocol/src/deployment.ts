// The deployment file `deployments/<network>.json` (docs/operations.md "Local chain", a fixed interface): written by the
// deploy (packages/devchain), read by the server at start and handed to the seed. The addresses are
// checksummed on reading; a file that lacks one of the required fields is refused.
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

/** The deployed contracts, by their key in the file and in `/api/common/config`'s `contracts`. */
export const CONTRACT_KEYS = [
  'usdt',
  'free',
  'fcc',
  'staking',
  'payment',
  'factory',
  'router',
  'pair',
] as const;
export type ContractKey = (typeof CONTRACT_KEYS)[number];

/** One field per contract, each read by `schema`. */
export const contractFields = <S extends z.ZodType>(schema: S) =>
  Object.fromEntries(CONTRACT_KEYS.map((key) => [key, schema])) as Record<ContractKey, S>;

const address = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), 'not an address')
  .transform((v) => getAddress(v));

export const deploymentSchema = z.object({
  network: z.string(),
  chainId: z.number().int().positive(),
  ...contractFields(address),
  // written by this repository's deploy; a file made elsewhere may lack them
  weth: address.optional(),
  /** the Liabilities contract (proof of liabilities); a file written before it lacks it */
  liabilities: address.optional(),
  /** block of the first deploy transaction (where an indexer starts) */
  startBlock: z.number().int().nonnegative().optional(),
  signer: address.optional(),
  hotWallet: address.optional(),
});

/** A deployment file as a reader accepts it. */
export type Deployment = z.infer<typeof deploymentSchema>;
/** What a deploy of this repository writes: every field. */
export type FullDeployment = Required<Deployment>;
