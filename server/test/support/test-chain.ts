// A throw-away anvil with the FREE contracts deployed, for the chain suites.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@free/devchain/anvil';
import { deployLocal, localAccount } from '@free/devchain/deploy';
import { LOCAL_CHAIN_ID } from '@free/protocol/constants';
import type { FullDeployment } from '@free/protocol/deployment';
import { createPublicClient, createTestClient, defineChain, http, type PublicClient } from 'viem';

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

export function localChain(rpcUrl: string) {
  return defineChain({
    id: LOCAL_CHAIN_ID,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
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
