// A throw-away anvil with the FREE contracts deployed, for the chain suites. The contracts are
// deployed once per run (the first chain a run asks for) and every later chain loads that chain's
// dumped state, blocks and logs included, in milliseconds instead of ~35 transactions (seconds each
// time on a busy machine); chain-template.ts (vitest global setup) gives the run its directory.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpState, loadState, startAnvil } from '@free/devchain/anvil';
import { deployLocal, localAccount, localChain } from '@free/devchain/deploy';
import { GaveUp, until } from '@free/devchain/wait';
import type { FullDeployment } from '@free/protocol/deployment';
import { withGasHeadroom } from '@free/protocol/gas';
import { localTestKey } from '@free/protocol/local-accounts';
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
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** where this run's chain template is made once (chain-template.ts), absent outside the suite */
    chainTemplateDir: string;
  }
}

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

type Template = { state: string; deployment: FullDeployment };

/** A fresh deployment on the chain at `rpcUrl`, written to a throw-away file. */
async function deployFresh(rpcUrl: string): Promise<FullDeployment> {
  const dir = mkdtempSync(join(tmpdir(), 'free-chain-'));
  try {
    return await deployLocal({ rpcUrl, outFile: join(dir, 'local.json'), log: () => {} });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The deployment on the fresh anvil at `rpcUrl`: loaded from this run's template, or deployed (and
 * then dumped as the template) by the first caller of the run, whichever process it runs in; the
 * others wait for it. Outside the suite's config (no template directory) every chain deploys.
 */
async function deployed(rpcUrl: string): Promise<FullDeployment> {
  const dir = inject('chainTemplateDir');
  if (!dir) return deployFresh(rpcUrl);
  const ready = join(dir, 'template.json');
  const failed = join(dir, 'failed.txt');
  let maker = false;
  try {
    mkdirSync(join(dir, 'lock')); // atomic: exactly one caller of the run makes the template
    maker = true;
  } catch {
    // another test file makes it
  }
  if (maker) {
    try {
      const deployment = await deployFresh(rpcUrl);
      const template: Template = { state: await dumpState(rpcUrl), deployment };
      writeFileSync(`${ready}.part`, JSON.stringify(template));
      renameSync(`${ready}.part`, ready); // readers never see half a file
      return deployment;
    } catch (err) {
      writeFileSync(failed, String((err as Error).stack ?? err));
      throw err;
    }
  }
  const template = await until(
    'the chain template (deployed by the first test file that asked for a chain)',
    async () => {
      if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as Template;
      if (existsSync(failed))
        throw new GaveUp(`deploying the chain template failed:\n${readFileSync(failed, 'utf8')}`);
      return null;
    },
    170_000,
    100,
  );
  await loadState(rpcUrl, template.state);
  return template.deployment;
}

export async function startTestChain(): Promise<TestChain> {
  const anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
  try {
    const deployment = await deployed(anvil.rpcUrl);
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
      stop: () => anvil.stop(),
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

export { localAccount, localTestKey };
