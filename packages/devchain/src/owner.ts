// The owner's steps after a deploy to a BSC-type network (docs/operations.md "After the deploy"):
// FREE/USDT liquidity, the Staking reward reserve and the hot wallet's float, each one command.
// CLI: node --import tsx packages/devchain/src/owner.ts <step> … (RPC_URL, DEPLOYER_KEY, DEPLOYMENT_FILE)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePrivateKey } from '@free/protocol/address';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvilDefaultKeys, ownArtifact, readDeployment, uniswapArtifact } from './deploy.ts';

export type OwnerEnv = Record<string, string | undefined>;

const USAGE = `usage: owner.ts liquidity <FREE> <USDT>          mint FREE, add FREE/USDT liquidity on the router
       owner.ts reserve <USDT>                    fund the Staking reward reserve
       owner.ts fund-hot-wallet <USDT> <FREE> <BNB>  send the hot wallet its float and gas
amounts in whole tokens (decimals allowed); needs RPC_URL, DEPLOYER_KEY, DEPLOYMENT_FILE`;

function ownerContext(env: OwnerEnv) {
  const rpcUrl = env.RPC_URL?.trim();
  const file = env.DEPLOYMENT_FILE?.trim();
  if (!rpcUrl) throw new Error('RPC_URL is required');
  const key = parsePrivateKey(env.DEPLOYER_KEY?.trim(), 'DEPLOYER_KEY (the owner key)');
  if (!file) throw new Error('DEPLOYMENT_FILE is required (deployments/<network>.json)');
  const deployment = readDeployment(resolve(file));
  if (!deployment) throw new Error(`DEPLOYMENT_FILE: ${file} is missing or not JSON`);
  if (anvilDefaultKeys().has(key.toLowerCase()) && deployment.network !== 'local')
    throw new Error('DEPLOYER_KEY is an anvil default key: refused on a real network');
  const chain = defineChain({
    id: deployment.chainId,
    name: deployment.network,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const account = privateKeyToAccount(key);
  const pub = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 250 });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  return { d: deployment, account, pub, wallet };
}

type Owner = ReturnType<typeof ownerContext>;

async function send(o: Owner, what: string, req: Parameters<Owner['wallet']['writeContract']>[0]) {
  const hash = await o.wallet.writeContract(req);
  const receipt = await o.pub.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (tx ${hash})`);
  console.log(`  ${what.padEnd(22)} ${hash}`);
  return hash;
}

async function usdtBalance(o: Owner, who: Address) {
  return o.pub.readContract({ address: o.d.usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
}

/** Refuses before any transaction when the owner lacks the USDT a step spends. */
async function needUsdt(o: Owner, amount: bigint) {
  const has = await usdtBalance(o, o.account.address);
  if (has < amount)
    throw new Error(`the owner ${o.account.address} holds ${has} USDT wei, the step needs ${amount}`);
}

function amount(text: string | undefined, name: string): bigint {
  if (!text || !/^\d+(\.\d{1,18})?$/.test(text))
    throw new Error(`${name}: expected a whole-token amount\n${USAGE}`);
  const v = parseEther(text);
  if (v <= 0n) throw new Error(`${name}: must be above 0`);
  return v;
}

export async function addLiquidity(env: OwnerEnv, free: bigint, usdt: bigint) {
  const o = ownerContext(env);
  await needUsdt(o, usdt);
  const freeAbi = ownArtifact('FreeToken').abi;
  const routerAbi = uniswapArtifact('v2-periphery', 'UniswapV2Router02').abi;
  const deadline = (await o.pub.getBlock()).timestamp + 1800n;
  await send(o, 'mint FREE', {
    address: o.d.free,
    abi: freeAbi,
    functionName: 'mint',
    args: [o.account.address, free],
  } as never);
  await send(o, 'approve FREE', {
    address: o.d.free,
    abi: erc20Abi,
    functionName: 'approve',
    args: [o.d.router, free],
  } as never);
  await send(o, 'approve USDT', {
    address: o.d.usdt,
    abi: erc20Abi,
    functionName: 'approve',
    args: [o.d.router, usdt],
  } as never);
  // the exact amounts as minimums: on an empty pool they set the price; on a used one it reverts
  // rather than adding at a price the owner did not choose
  await send(o, 'addLiquidity', {
    address: o.d.router,
    abi: routerAbi,
    functionName: 'addLiquidity',
    args: [o.d.free, o.d.usdt, free, usdt, free, usdt, o.account.address, deadline],
  } as never);
}

export async function fundReserve(env: OwnerEnv, usdt: bigint) {
  const o = ownerContext(env);
  await needUsdt(o, usdt);
  await send(o, 'approve USDT', {
    address: o.d.usdt,
    abi: erc20Abi,
    functionName: 'approve',
    args: [o.d.staking, usdt],
  } as never);
  await send(o, 'fundReserve', {
    address: o.d.staking,
    abi: ownArtifact('Staking').abi,
    functionName: 'fundReserve',
    args: [usdt],
  } as never);
}

export async function fundHotWallet(env: OwnerEnv, usdt: bigint, free: bigint, gas: bigint) {
  const o = ownerContext(env);
  await needUsdt(o, usdt);
  const to = o.d.hotWallet;
  await send(o, 'USDT to hot wallet', {
    address: o.d.usdt,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, usdt],
  } as never);
  await send(o, 'mint FREE to hot wallet', {
    address: o.d.free,
    abi: ownArtifact('FreeToken').abi,
    functionName: 'mint',
    args: [to, free],
  } as never);
  const hash = await o.wallet.sendTransaction({ to, value: gas } as never);
  await o.pub.waitForTransactionReceipt({ hash });
  console.log(`  ${'gas to hot wallet'.padEnd(22)} ${hash}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [step, ...args] = process.argv.slice(2).filter((a) => a !== '--');
  try {
    if (step === 'liquidity') {
      await addLiquidity(process.env, amount(args[0], 'FREE'), amount(args[1], 'USDT'));
    } else if (step === 'reserve') {
      await fundReserve(process.env, amount(args[0], 'USDT'));
    } else if (step === 'fund-hot-wallet') {
      await fundHotWallet(
        process.env,
        amount(args[0], 'USDT'),
        amount(args[1], 'FREE'),
        amount(args[2], 'BNB'),
      );
    } else {
      throw new Error(USAGE);
    }
    console.log(`${step}: done`);
  } catch (err) {
    console.error(`owner ${step ?? ''} failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
