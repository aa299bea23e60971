// Reads what a Payment order must commit to (treasury and burn share) and the
// unsigned executor reward the page shows as a deduction from the deployed contract.
import { paymentAbi } from '@free/protocol/abi/index';
import type { Address, PublicClient } from 'viem';

export function paymentTermsReader(client: PublicClient, payment: Address) {
  return async (): Promise<{ treasury: Address; burnBps: bigint; executorRewardBps: bigint }> => {
    const [treasury, burnBps, executorRewardBps] = await Promise.all([
      client.readContract({ address: payment, abi: paymentAbi, functionName: 'treasury' }),
      client.readContract({ address: payment, abi: paymentAbi, functionName: 'burnBps' }),
      client.readContract({ address: payment, abi: paymentAbi, functionName: 'executorRewardBps' }),
    ]);
    return { treasury, burnBps, executorRewardBps };
  };
}
