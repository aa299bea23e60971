// Deploys the FREE contracts: on anvil with test tokens, a Uniswap V2 DEX, liquidity and funded test
// accounts (`deployLocal`); on a BSC-type network with keys and addresses from the environment (CLI).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHex, parsePrivateKey } from '@free/protocol/address';
import { LOCAL_CHAIN_ID, LOCAL_MNEMONIC } from '@free/protocol/constants';
import { CONTRACT_KEYS, type FullDeployment } from '@free/protocol/deployment';
import { LOCAL_ACCOUNTS, localTestKey } from '@free/protocol/local-accounts';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  type Transport,
  type WalletClient,
} from 'viem';
import { HDKey, hdKeyToAccount, type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { REPO_ROOT } from './anvil.ts';

const ADDRESS_KEYS = [...CONTRACT_KEYS, 'weth', 'liabilities'] as const;

/** Local amounts (18 decimals everywhere). */
export const LOCAL_AMOUNTS = {
  freeCap: parseEther('1000000000'),
  fccCap: parseEther('1000000000'),
  liquidityFree: parseEther('1000000'),
  liquidityUsdt: parseEther('100000'),
  stakingReserve: parseEther('200000'),
  userUsdt: parseEther('10000'),
  userFree: parseEther('100000'),
  hotWalletUsdt: parseEther('100000'),
  /** pays FREE withdrawals (from users' airdrop balances) and burns the FREE of off-chain burns (burn job) */
  hotWalletFree: parseEther('100000'),
} as const;

export const SIGNER_INDEX = 10;
export const HOT_WALLET_INDEX = 11;
export const TEST_USER_INDEXES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export const DEPLOYMENTS_DIR = join(REPO_ROOT, 'deployments');
const CONTRACTS_DIR = join(REPO_ROOT, 'contracts');

const localAccounts = new Map<number, LocalAccount>();
/** The default mnemonic's BIP-39 master key, made once (2,048 rounds of PBKDF2-SHA512). */
let localMaster: HDKey | undefined;

/** The local chain (anvil) for viem clients, reached at `rpcUrl`. */
export function localChain(rpcUrl: string, id: number = LOCAL_CHAIN_ID): Chain {
  return defineChain({
    id,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * Anvil account `index` of the default mnemonic: from its listed key for 0–19 (LOCAL_ACCOUNTS,
 * checked against the mnemonic by protocol's local-accounts.test.ts), else derived from the
 * mnemonic's master key, made once per process. viem's mnemonicToAccount makes the seed again at
 * every call, a quarter of a second of CPU each, and a test or the seed asks for dozens.
 */
export function localAccount(index: number): LocalAccount {
  let account = localAccounts.get(index);
  if (!account) {
    if (index < LOCAL_ACCOUNTS.length) account = privateKeyToAccount(localTestKey(index));
    else {
      localMaster ??= HDKey.fromMasterSeed(
        pbkdf2(sha512, LOCAL_MNEMONIC, 'mnemonic', { c: 2048, dkLen: 64 }),
      );
      account = hdKeyToAccount(localMaster, { addressIndex: index });
    }
    localAccounts.set(index, account);
  }
  return account;
}

// ---------------------------------------------------------------------------------------------
// Artifacts

type Artifact = { abi: Abi; bytecode: Hex };

const OWN_CONTRACTS = ['TestUSDT', 'FreeToken', 'FccToken', 'Staking', 'Payment', 'Liabilities'] as const;
type OwnContract = (typeof OWN_CONTRACTS)[number];

function forgeArtifactPath(name: string): string {
  return join(CONTRACTS_DIR, 'out', `${name}.sol`, `${name}.json`);
}

/** Runs the forge build when an artifact is missing or older than its source. */
export function ensureContractsBuilt(): void {
  // Each of these contracts imports only OpenZeppelin, so its own source decides whether it is stale.
  const stale = OWN_CONTRACTS.some((name) => {
    const artifact = forgeArtifactPath(name);
    const source = join(CONTRACTS_DIR, 'src', `${name}.sol`);
    return !existsSync(artifact) || statSync(source).mtimeMs > statSync(artifact).mtimeMs;
  });
  if (!stale) return;
  const script = join(CONTRACTS_DIR, 'scripts', 'forge.mjs');
  if (existsSync(script)) {
    execFileSync(process.execPath, [script, 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  } else {
    const forge = join(REPO_ROOT, 'node_modules', '@foundry-rs', 'forge-linux-amd64', 'bin', 'forge');
    execFileSync(forge, ['build'], { cwd: CONTRACTS_DIR, stdio: 'inherit' });
  }
}

export function ownArtifact(name: OwnContract): Artifact {
  const json = JSON.parse(readFileSync(forgeArtifactPath(name), 'utf8')) as {
    abi: Abi;
    bytecode: { object: string };
  };
  const object = json.bytecode.object;
  return {
    abi: json.abi,
    bytecode: parseHex(object.startsWith('0x') ? object : `0x${object}`, `${name} bytecode`),
  };
}

export function uniswapArtifact(pkg: 'v2-core' | 'v2-periphery', name: string): Artifact {
  const file = join(REPO_ROOT, 'node_modules', '@uniswap', pkg, 'build', `${name}.json`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as { abi: Abi; bytecode: string };
  return { abi: json.abi, bytecode: parseHex(`0x${json.bytecode.replace(/^0x/, '')}`, `${name} bytecode`) };
}

// ---------------------------------------------------------------------------------------------
// Transactions

type Ctx = {
  pub: PublicClient;
  wallet: WalletClient<Transport, Chain, Account>;
  pollingInterval: number;
  firstBlock: bigint | null;
  log: (line: string) => void;
};

async function confirm(ctx: Ctx, hash: Hex, what: string) {
  const receipt = await ctx.pub.waitForTransactionReceipt({ hash, pollingInterval: ctx.pollingInterval });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (tx ${hash})`);
  if (ctx.firstBlock === null) ctx.firstBlock = receipt.blockNumber;
  return receipt;
}

async function deploy(
  ctx: Ctx,
  what: string,
  artifact: Artifact,
  args: readonly unknown[] = [],
): Promise<Address> {
  const hash = await ctx.wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
  const receipt = await confirm(ctx, hash, `deploy ${what}`);
  if (!receipt.contractAddress) throw new Error(`deploy ${what}: no contract address`);
  const address = getAddress(receipt.contractAddress);
  ctx.log(`  ${what.padEnd(10)} ${address}`);
  return address;
}

async function call(
  ctx: Ctx,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  from?: Account,
): Promise<void> {
  const hash = await ctx.wallet.writeContract({
    address,
    abi,
    functionName,
    args,
    ...(from ? { account: from } : {}),
  });
  await confirm(ctx, hash, functionName);
}

async function read<T>(
  ctx: Ctx,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[] = [],
) {
  return (await ctx.pub.readContract({ address, abi, functionName, args })) as T;
}

// ---------------------------------------------------------------------------------------------
// Deployment files

export function deploymentFile(network: string): string {
  return join(DEPLOYMENTS_DIR, `${network}.json`);
}

export function readDeployment(file: string): FullDeployment | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FullDeployment;
  } catch {
    return null;
  }
}

function writeDeployment(file: string, deployment: FullDeployment): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
}

/** True when the chain answering at `pub` carries this deployment (same chain id, code everywhere). */
export async function isDeployed(pub: PublicClient, deployment: FullDeployment): Promise<boolean> {
  try {
    if ((await pub.getChainId()) !== deployment.chainId) return false;
    if ((await pub.getBlockNumber()) < BigInt(deployment.startBlock)) return false;
    const codes = await Promise.all(ADDRESS_KEYS.map((k) => pub.getCode({ address: deployment[k] })));
    return codes.every((code) => code !== undefined && code !== '0x');
  } catch {
    return false;
  }
}

function printDeployment(deployment: FullDeployment, log: (line: string) => void) {
  log(`FREE contracts on ${deployment.network} (chain ${deployment.chainId}):`);
  for (const key of [...ADDRESS_KEYS, 'signer', 'hotWallet'] as const)
    log(`  ${key.padEnd(10)} ${deployment[key]}`);
  log(`  startBlock ${deployment.startBlock}`);
}

// ---------------------------------------------------------------------------------------------
// Shared steps

type CoreParams = {
  usdt: Address;
  router: Address;
  signer: Address;
  owner: Address;
  /** publishes the proof-of-liabilities roots (the hot wallet, through its outbox) */
  publisher: Address;
  freeCap: bigint;
  fccCap: bigint;
};

async function deployCore(ctx: Ctx, p: CoreParams) {
  const free = await deploy(ctx, 'FREE', ownArtifact('FreeToken'), [p.owner, p.freeCap]);
  const fcc = await deploy(ctx, 'FCC', ownArtifact('FccToken'), [p.owner, p.fccCap]);
  const staking = await deploy(ctx, 'Staking', ownArtifact('Staking'), [
    p.usdt,
    free,
    p.router,
    p.signer,
    p.owner,
  ]);
  const payment = await deploy(ctx, 'Payment', ownArtifact('Payment'), [p.owner, p.signer, p.router, free]);
  const liabilities = await deploy(ctx, 'Liabilities', ownArtifact('Liabilities'), [p.owner, p.publisher]);
  return { free, fcc, staking, payment, liabilities };
}

// ---------------------------------------------------------------------------------------------
// Local

export type DeployLocalOptions = {
  rpcUrl: string;
  /** Where the deployment is written (default deployments/local.json). */
  outFile?: string;
  /** Deploy again even when the file's deployment is on the chain. */
  force?: boolean;
  log?: (line: string) => void;
};

export async function deployLocal(opts: DeployLocalOptions): Promise<FullDeployment> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const outFile = opts.outFile ?? deploymentFile('local');
  const chain = localChain(opts.rpcUrl);
  const pub = createPublicClient({
    chain,
    transport: http(opts.rpcUrl),
    pollingInterval: 50,
  }) as PublicClient;

  const existing = readDeployment(outFile);
  if (!opts.force && existing && (await isDeployed(pub, existing))) {
    log(`FREE contracts already deployed (${outFile})`);
    printDeployment(existing, log);
    return existing;
  }
  const chainId = await pub.getChainId();
  if (chainId !== LOCAL_CHAIN_ID)
    throw new Error(`deployLocal expects chain ${LOCAL_CHAIN_ID}, got ${chainId}`);

  ensureContractsBuilt();
  const deployer = localAccount(0);
  const signer = localAccount(SIGNER_INDEX).address;
  const hotWallet = localAccount(HOT_WALLET_INDEX).address;
  const wallet = createWalletClient({
    account: deployer,
    chain,
    transport: http(opts.rpcUrl),
    pollingInterval: 50,
  });
  const ctx: Ctx = { pub, wallet, pollingInterval: 50, firstBlock: null, log };
  const A = LOCAL_AMOUNTS;

  log(`Deploying FREE contracts to ${opts.rpcUrl}`);
  const usdtArt = ownArtifact('TestUSDT');
  const freeAbi = ownArtifact('FreeToken').abi;
  const usdt = await deploy(ctx, 'USDT', usdtArt, [deployer.address]);
  const weth = await deploy(ctx, 'WETH9', uniswapArtifact('v2-periphery', 'WETH9'));
  const factoryArt = uniswapArtifact('v2-core', 'UniswapV2Factory');
  const factory = await deploy(ctx, 'Factory', factoryArt, [deployer.address]);
  const routerArt = uniswapArtifact('v2-periphery', 'UniswapV2Router02');
  const router = await deploy(ctx, 'Router02', routerArt, [factory, weth]);
  const { free, fcc, staking, payment, liabilities } = await deployCore(ctx, {
    usdt,
    router,
    signer,
    owner: deployer.address,
    publisher: hotWallet,
    freeCap: A.freeCap,
    fccCap: A.fccCap,
  });

  // FREE/USDT pool: 1,000,000 FREE : 100,000 USDT (0.1 USDT per FREE).
  await call(ctx, free, freeAbi, 'mint', [deployer.address, A.liquidityFree]);
  await call(ctx, usdt, usdtArt.abi, 'mint', [deployer.address, A.liquidityUsdt + A.stakingReserve]);
  await call(ctx, free, freeAbi, 'approve', [router, A.liquidityFree]);
  await call(ctx, usdt, usdtArt.abi, 'approve', [router, A.liquidityUsdt]);
  const deadline = (await pub.getBlock()).timestamp + 3600n;
  await call(ctx, router, routerArt.abi, 'addLiquidity', [
    free,
    usdt,
    A.liquidityFree,
    A.liquidityUsdt,
    A.liquidityFree,
    A.liquidityUsdt,
    deployer.address,
    deadline,
  ]);
  const pair = getAddress(await read<Address>(ctx, factory, factoryArt.abi, 'getPair', [free, usdt]));

  // Staking reward reserve.
  const stakingAbi = ownArtifact('Staking').abi;
  await call(ctx, usdt, usdtArt.abi, 'approve', [staking, A.stakingReserve]);
  await call(ctx, staking, stakingAbi, 'fundReserve', [A.stakingReserve]);

  // Test users 1–9 and the hot wallet (anvil gives every account 10,000 ETH of gas already).
  for (const i of TEST_USER_INDEXES) {
    const user = localAccount(i).address;
    await call(ctx, usdt, usdtArt.abi, 'mint', [user, A.userUsdt]);
    await call(ctx, free, freeAbi, 'mint', [user, A.userFree]);
  }
  await call(ctx, usdt, usdtArt.abi, 'mint', [hotWallet, A.hotWalletUsdt]);
  await call(ctx, free, freeAbi, 'mint', [hotWallet, A.hotWalletFree]);

  const deployment: FullDeployment = {
    network: 'local',
    chainId,
    usdt,
    free,
    fcc,
    staking,
    payment,
    factory,
    router,
    pair,
    weth,
    liabilities,
    startBlock: Number(ctx.firstBlock ?? 0n),
    signer: getAddress(signer),
    hotWallet: getAddress(hotWallet),
  };
  writeDeployment(outFile, deployment);
  printDeployment(deployment, log);
  return deployment;
}

// ---------------------------------------------------------------------------------------------
// Remote (BSC-type) networks

/** Private keys of the anvil accounts (protocol/local-accounts): never accepted on a real network. */
export function anvilDefaultKeys(): Set<string> {
  return new Set(LOCAL_ACCOUNTS.map(([, key]) => key.toLowerCase()));
}

function anvilDefaultAddresses(): Set<string> {
  return new Set(LOCAL_ACCOUNTS.map(([address]) => address.toLowerCase()));
}

export type RemoteEnv = Record<string, string | undefined>;

function requireEnv(env: RemoteEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} is required for a non-local network`);
  return value;
}

function requireAddress(env: RemoteEnv, name: string): Address {
  const value = requireEnv(env, name);
  try {
    return getAddress(value);
  } catch {
    throw new Error(`${name} is not an address: ${value}`);
  }
}

/** Address given directly (`<NAME>_ADDRESS`) or derived from its key (`<NAME>_KEY`). */
function roleAddress(env: RemoteEnv, name: 'SIGNER' | 'HOT_WALLET', keys: Set<string>): Address {
  const key = env[`${name}_KEY`]?.trim();
  if (key) {
    if (keys.has(key.toLowerCase()))
      throw new Error(`${name}_KEY is an anvil default key: refused on a real network`);
    return privateKeyToAccount(parsePrivateKey(key, `${name}_KEY`)).address;
  }
  return requireAddress(env, `${name}_ADDRESS`);
}

/** Validates the environment of a remote deploy; throws on anything unsafe. */
export function remoteConfig(env: RemoteEnv) {
  const keys = anvilDefaultKeys();
  const rpcUrl = requireEnv(env, 'RPC_URL');
  const deployerKey = requireEnv(env, 'DEPLOYER_KEY');
  if (!/^0x[0-9a-fA-F]{64}$/.test(deployerKey))
    throw new Error('DEPLOYER_KEY must be a 0x-prefixed 32-byte hex key');
  if (keys.has(deployerKey.toLowerCase())) {
    throw new Error('DEPLOYER_KEY is an anvil default key (test mnemonic): refused on a real network');
  }
  const signer = roleAddress(env, 'SIGNER', keys);
  const hotWallet = roleAddress(env, 'HOT_WALLET', keys);
  const owner = env.OWNER_ADDRESS ? requireAddress(env, 'OWNER_ADDRESS') : null;
  const defaults = anvilDefaultAddresses();
  for (const [name, address] of [
    ['signer', signer],
    ['hot wallet', hotWallet],
    ['owner', owner],
  ] as const) {
    if (address && defaults.has(address.toLowerCase())) {
      throw new Error(`the ${name} ${address} is an anvil default account: refused on a real network`);
    }
  }
  return {
    rpcUrl,
    deployer: privateKeyToAccount(parseHex(deployerKey, 'DEPLOYER_KEY', 32)),
    signer,
    hotWallet,
    owner,
    usdt: requireAddress(env, 'USDT_ADDRESS'),
    router: requireAddress(env, 'ROUTER_ADDRESS'),
    freeCap: env.FREE_CAP ? parseEther(env.FREE_CAP) : LOCAL_AMOUNTS.freeCap,
    fccCap: env.FCC_CAP ? parseEther(env.FCC_CAP) : LOCAL_AMOUNTS.fccCap,
  };
}

export type DeployRemoteOptions = {
  /** Where the deployment is written (default deployments/<network>.json). */
  outFile?: string;
  log?: (line: string) => void;
};

export async function deployRemote(network: string, env: RemoteEnv, opts: DeployRemoteOptions = {}) {
  const log = opts.log ?? ((line: string) => console.log(line));
  if (network === 'local') throw new Error('use deployLocal for the local network');
  const cfg = remoteConfig(env);
  const probe = createPublicClient({ transport: http(cfg.rpcUrl) });
  const chainId = await probe.getChainId();
  if (chainId === LOCAL_CHAIN_ID) throw new Error(`chain ${chainId} is the local chain: use --network local`);
  const chain = defineChain({
    id: chainId,
    name: network,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [cfg.rpcUrl] } },
  });
  const pub = createPublicClient({
    chain,
    transport: http(cfg.rpcUrl),
    pollingInterval: 1000,
  }) as PublicClient;
  const outFile = opts.outFile ?? deploymentFile(network);
  const existing = readDeployment(outFile);
  if (existing && (await isDeployed(pub, existing))) {
    log(`FREE contracts already deployed (${outFile})`);
    printDeployment(existing, log);
    return existing;
  }

  ensureContractsBuilt();
  const wallet = createWalletClient({
    account: cfg.deployer,
    chain,
    transport: http(cfg.rpcUrl),
    pollingInterval: 1000,
  });
  const ctx: Ctx = { pub, wallet, pollingInterval: 1000, firstBlock: null, log };
  const routerAbi = uniswapArtifact('v2-periphery', 'UniswapV2Router02').abi;
  const factoryAbi = uniswapArtifact('v2-core', 'UniswapV2Factory').abi;
  const factory = getAddress(await read<Address>(ctx, cfg.router, routerAbi, 'factory'));
  const weth = getAddress(await read<Address>(ctx, cfg.router, routerAbi, 'WETH'));
  const owner = cfg.owner ?? cfg.deployer.address;

  log(`Deploying FREE contracts to ${network} (chain ${chainId}) from ${cfg.deployer.address}`);
  const { free, fcc, staking, payment, liabilities } = await deployCore(ctx, {
    usdt: cfg.usdt,
    router: cfg.router,
    signer: cfg.signer,
    owner,
    publisher: cfg.hotWallet,
    freeCap: cfg.freeCap,
    fccCap: cfg.fccCap,
  });
  let pair = getAddress(await read<Address>(ctx, factory, factoryAbi, 'getPair', [free, cfg.usdt]));
  if (pair === '0x0000000000000000000000000000000000000000') {
    await call(ctx, factory, factoryAbi, 'createPair', [free, cfg.usdt]);
    pair = getAddress(await read<Address>(ctx, factory, factoryAbi, 'getPair', [free, cfg.usdt]));
  }
  const deployment: FullDeployment = {
    network,
    chainId,
    usdt: cfg.usdt,
    free,
    fcc,
    staking,
    payment,
    factory,
    router: cfg.router,
    pair,
    weth,
    liabilities,
    startBlock: Number(ctx.firstBlock ?? 0n),
    signer: cfg.signer,
    hotWallet: cfg.hotWallet,
  };
  writeDeployment(outFile, deployment);
  printDeployment(deployment, log);
  log(
    'Next: add FREE/USDT liquidity to the pair, fund the Staking reserve, fund the hot wallet (docs/operations.md).',
  );
  return deployment;
}

// ---------------------------------------------------------------------------------------------
// CLI: node --import tsx packages/devchain/src/deploy.ts [--network <name>]

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--network');
  const network = at >= 0 ? argv[at + 1] : 'local';
  try {
    if (!network || !/^[a-z0-9_-]+$/i.test(network)) throw new Error('usage: deploy.ts [--network <name>]');
    if (network === 'local') {
      await deployLocal({
        rpcUrl: process.env.RPC_URL ?? 'http://127.0.0.1:8545',
        force: argv.includes('--force'),
      });
    } else {
      // DEPLOYMENT_FILE, the server's setting, names where the deployment is written when set
      const outFile = process.env.DEPLOYMENT_FILE?.trim();
      await deployRemote(network, process.env, outFile ? { outFile } : {});
    }
  } catch (err) {
    console.error(`deploy failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
