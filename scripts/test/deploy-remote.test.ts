// The deploy script on a non-local (BSC-type) network: keys and addresses come from the environment,
// anvil's well-known keys are refused, and a real deploy against a chain with its own id works.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnvilHandle, startAnvil } from '@free/devchain/anvil';
import {
  anvilDefaultKeys,
  deployRemote,
  ensureContractsBuilt,
  localAccount,
  ownArtifact,
  remoteConfig,
  uniswapArtifact,
} from '@free/devchain/deploy';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  parseEther,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ANVIL_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const deployerKey = generatePrivateKey();
const signerKey = generatePrivateKey();
const hotWallet = privateKeyToAccount(generatePrivateKey()).address;
const usdt = '0x55d398326f99059fF775485246999027B3197955';
const router = '0x10ED43C718714eb63d5aA57B78B54704E256024E';

function env(extra: Record<string, string | undefined> = {}) {
  return {
    RPC_URL: 'http://127.0.0.1:1',
    DEPLOYER_KEY: deployerKey,
    SIGNER_KEY: signerKey,
    HOT_WALLET_ADDRESS: hotWallet,
    USDT_ADDRESS: usdt,
    ROUTER_ADDRESS: router,
    ...extra,
  };
}

describe('remote deploy configuration', () => {
  it('knows all twenty anvil default keys', () => {
    const keys = anvilDefaultKeys();
    expect(keys.size).toBe(20);
    expect(keys.has(ANVIL_KEY_0)).toBe(true);
  });

  it('accepts keys and addresses from the environment', () => {
    const cfg = remoteConfig(env());
    expect(cfg.deployer.address).toBe(privateKeyToAccount(deployerKey).address);
    expect(cfg.signer).toBe(privateKeyToAccount(signerKey).address);
    expect(cfg.hotWallet).toBe(hotWallet);
    expect(cfg.usdt).toBe(usdt);
    expect(cfg.router).toBe(router);
  });

  it('refuses an anvil default key as deployer, whatever the account index or letter case', () => {
    expect(() => remoteConfig(env({ DEPLOYER_KEY: ANVIL_KEY_0 }))).toThrow(/anvil default key/);
    expect(() => remoteConfig(env({ DEPLOYER_KEY: ANVIL_KEY_0.toUpperCase().replace('0X', '0x') }))).toThrow(
      /anvil default key/,
    );
    const key19 = [...anvilDefaultKeys()][19] as string;
    expect(() => remoteConfig(env({ DEPLOYER_KEY: key19 }))).toThrow(/anvil default key/);
  });

  it('refuses an anvil default signer or hot wallet', () => {
    expect(() => remoteConfig(env({ SIGNER_KEY: ANVIL_KEY_0 }))).toThrow(/anvil default key/);
    expect(() =>
      remoteConfig(env({ SIGNER_KEY: undefined, SIGNER_ADDRESS: localAccount(10).address })),
    ).toThrow(/anvil default account/);
    expect(() => remoteConfig(env({ HOT_WALLET_ADDRESS: localAccount(11).address }))).toThrow(
      /anvil default account/,
    );
  });

  it('names what is missing', () => {
    for (const name of ['RPC_URL', 'DEPLOYER_KEY', 'USDT_ADDRESS', 'ROUTER_ADDRESS', 'HOT_WALLET_ADDRESS']) {
      expect(() => remoteConfig(env({ [name]: undefined }))).toThrow(name);
    }
    expect(() => remoteConfig(env({ DEPLOYER_KEY: '1234' }))).toThrow(/DEPLOYER_KEY/);
    expect(() => remoteConfig(env({ USDT_ADDRESS: 'not-an-address' }))).toThrow(/USDT_ADDRESS/);
  });
});

describe('remote deploy on a chain that is not the local one', () => {
  let anvil: AnvilHandle;
  let dir: string;
  let remoteEnv: Record<string, string>;
  const chain = (rpcUrl: string) =>
    defineChain({
      id: 97,
      name: 'bsc-testnet-like',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'free-remote-'));
    anvil = await startAnvil({ port: 0, stateFile: null, reuse: false, chainId: 97 });
    ensureContractsBuilt();
    // The "existing" USDT and router of that network, deployed by someone else.
    const c = chain(anvil.rpcUrl);
    const pub = createPublicClient({ chain: c, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const other = createWalletClient({ chain: c, transport: http(anvil.rpcUrl), account: localAccount(5) });
    const create = async (art: { abi: never; bytecode: Hex }, args: unknown[]) => {
      const hash = await other.deployContract({ abi: art.abi, bytecode: art.bytecode, args } as never);
      return getAddress(
        (await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress as Address,
      );
    };
    const weth = await create(uniswapArtifact('v2-periphery', 'WETH9') as never, []);
    const factory = await create(uniswapArtifact('v2-core', 'UniswapV2Factory') as never, [
      localAccount(5).address,
    ]);
    const routerAddress = await create(uniswapArtifact('v2-periphery', 'UniswapV2Router02') as never, [
      factory,
      weth,
    ]);
    const usdtAddress = await create(ownArtifact('TestUSDT') as never, [localAccount(5).address]);
    const deployer = privateKeyToAccount(deployerKey).address;
    await createTestClient({ mode: 'anvil', chain: c, transport: http(anvil.rpcUrl) }).setBalance({
      address: deployer,
      value: parseEther('10'),
    });
    remoteEnv = env({ RPC_URL: anvil.rpcUrl, USDT_ADDRESS: usdtAddress, ROUTER_ADDRESS: routerAddress });
  });

  afterAll(async () => {
    await anvil?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('deploys FREE, FCC, Staking and Payment against the given USDT and router, once', async () => {
    const outFile = join(dir, 'testnet.json');
    const d = await deployRemote('testnet', remoteEnv, { outFile, log: () => {} });
    expect(d).toMatchObject({
      network: 'testnet',
      chainId: 97,
      usdt: remoteEnv.USDT_ADDRESS,
      router: remoteEnv.ROUTER_ADDRESS,
      signer: privateKeyToAccount(signerKey).address,
      hotWallet,
    });
    const pub = createPublicClient({ chain: chain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
    const paymentAbi = ownArtifact('Payment').abi;
    const owner = privateKeyToAccount(deployerKey).address;
    expect(await pub.readContract({ address: d.payment, abi: paymentAbi, functionName: 'owner' })).toBe(
      owner,
    );
    expect(
      await pub.readContract({
        address: d.payment,
        abi: paymentAbi,
        functionName: 'isSigner',
        args: [d.signer],
      }),
    ).toBe(true);
    const factoryAbi = uniswapArtifact('v2-core', 'UniswapV2Factory').abi;
    expect(
      await pub.readContract({
        address: d.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [d.free, d.usdt],
      }),
    ).toBe(d.pair);

    const before = await pub.getBlockNumber();
    expect(await deployRemote('testnet', remoteEnv, { outFile, log: () => {} })).toEqual(d);
    expect(await pub.getBlockNumber()).toBe(before);
  });

  it('refuses the local chain id', async () => {
    const local = await startAnvil({ port: 0, stateFile: null, reuse: false });
    try {
      await expect(
        deployRemote('testnet', { ...remoteEnv, RPC_URL: local.rpcUrl }, { outFile: join(dir, 'x.json') }),
      ).rejects.toThrow(/local chain/);
    } finally {
      await local.stop();
    }
  });
});
