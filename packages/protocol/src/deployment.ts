// The deployment file `deployments/<network>.json` (DESIGN §5, a fixed interface): written by the
// deploy (packages/devchain), read by the server at start and handed to the seed. The addresses are
// checksummed on reading; a file that lacks one of DESIGN's fields is refused.
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

const address = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), 'not an address')
  .transform((v) => getAddress(v));

export const deploymentSchema = z.object({
  network: z.string(),
  chainId: z.number().int().positive(),
  usdt: address,
  free: address,
  fcc: address,
  staking: address,
  payment: address,
  factory: address,
  router: address,
  pair: address,
  // written by this repository's deploy; a file made elsewhere may lack them
  weth: address.optional(),
  /** block of the first deploy transaction (where an indexer starts) */
  startBlock: z.number().int().nonnegative().optional(),
  signer: address.optional(),
  hotWallet: address.optional(),
});

/** A deployment file as a reader accepts it. */
export type Deployment = z.infer<typeof deploymentSchema>;
/** What a deploy of this repository writes: every field. */
export type FullDeployment = Required<Deployment>;
