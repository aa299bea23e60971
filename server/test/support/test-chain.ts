// A throw-away anvil with the FREE contracts deployed, for the chain suites.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@free/devchain/anvil';
import { deployLocal, localAccount, localChain } from '@free/devchain/deploy';
import type { FullDeployment } from '@free/protocol/deployment';
import { withGasHeadroom } from '@free/protocol/gas';
import {
  type Account,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PublicClient,
  type WriteContractParameters,
} from 'viem';
import { estimateContractGas, writeContract } from 'viem/actions';

export type TestChain = {
  rpcUrl: string;
  deployment: FullDeployment;
  client: PublicClient;
  test: ReturnType<typeof makeTestClient>;
  stop: () => Promise<void>;
};

function makeTestClient(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', chain: localChain(rpcUrl), transport: http(rpcUrl) });
}

/**
 * A wallet of `account` on the test chain whose writeContract sends the estimate plus headroom, as a
 * wallet does (protocol/gas.ts): with the bare estimate a swap that lands a second later can run out
 * of gas, and the test fails for a reason no user meets.
 */
export function chainWallet(rpcUrl: string, account: Account) {
  return createWalletClient({ account, chain: localChain(rpcUrl), transport: http(rpcUrl) }).extend(
    (client) => ({
      writeContract: (async (args: WriteContractParameters) => {
        const params = { ...args, account, chain: client.chain } as WriteContractParameters;
        const gas = args.gas ?? withGasHeadroom(await estimateContractGas(client, params as never));
        return writeContract(client, { ...params, gas } as WriteContractParameters);
      }) as typeof client.writeContract,
    }),
  );
}

export async function startTestChain(): Promise<TestChain> {
  const anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
  const dir = mkdtempSync(join(tmpdir(), 'free-chain-'));
  try {
    const deployment = await deployLocal({
      rpcUrl: anvil.rpcUrl,
      outFile: join(dir, 'local.json'),
      log: () => {},
    });
    const client = createPublicClient({
      chain: localChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
      pollingInterval: 50,
    }) as PublicClient;
    return {
      rpcUrl: anvil.rpcUrl,
      deployment,
      client,
      test: makeTestClient(anvil.rpcUrl),
      stop: async () => {
        await anvil.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

export { localAccount };
