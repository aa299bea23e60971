// Reads what a Payment order must commit to (treasury and burn share) from the deployed contract.
import { paymentAbi } from '@free/protocol/abi/index';
import type { Address, PublicClient } from 'viem';

export function paymentTermsReader(client: PublicClient, payment: Address) {
  return async (): Promise<{ treasury: Address; burnBps: bigint }> => {
    const [treasury, burnBps] = await Promise.all([
      client.readContract({ address: payment, abi: paymentAbi, functionName: 'treasury' }),
      client.readContract({ address: payment, abi: paymentAbi, functionName: 'burnBps' }),
    ]);
    return { treasury, burnBps };
  };
}
