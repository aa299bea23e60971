// End to end against a real anvil: deploy, stake through the Uniswap V2 router, travel time, unstake,
// and one-time EIP-712 signatures made by viem (stakeWithInviter and Payment orders).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnvilHandle, startAnvil } from '@free/devchain/anvil';
import {
  deployLocal,
  HOT_WALLET_INDEX,
  LOCAL_AMOUNTS,
  localAccount,
  localChain,
  ownArtifact,
  SIGNER_INDEX,
  uniswapArtifact,
} from '@free/devchain/deploy';
import { WEI_PER_UNIT as WAD } from '@free/protocol/amount';
import { DAY_SECONDS, LOCAL_CHAIN_ID } from '@free/protocol/constants';
import type { FullDeployment } from '@free/protocol/deployment';
import { withGasHeadroom } from '@free/protocol/gas';
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  http,
  keccak256,
  parseEther,
  parseEventLogs,
  toHex,
} from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let anvil: AnvilHandle;
let dir: string;
let deployment: FullDeployment;
let rpcUrl: string;

// Read after deployLocal, which builds the contracts on a fresh clone.
let abis: { usdt: Abi; free: Abi; staking: Abi; payment: Abi; router: Abi };

function clients(account?: LocalAccount) {
  const chain = localChain(rpcUrl);
  const transport = http(rpcUrl);
  return {
    pub: createPublicClient({ chain, transport, pollingInterval: 50 }),
    wallet: createWalletClient({
      chain,
      transport,
      account: account ?? localAccount(0),
      pollingInterval: 50,
    }),
    test: createTestClient({ chain, transport, mode: 'anvil' }),
  };
}

async function read<T>(address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) {
  return (await clients().pub.readContract({ address, abi, functionName, args })) as T;
}

/** Sends a transaction as `account` and returns its logs decoded with `abi`. */
async function send(
  account: LocalAccount,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
) {
  const { pub, wallet } = clients(account);
  // the estimate plus headroom, as a wallet sends it (protocol/gas.ts)
  const gas = withGasHeadroom(await pub.estimateContractGas({ address, abi, functionName, args, account }));
  const hash = await wallet.writeContract({ address, abi, functionName, args, gas });
  const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return parseEventLogs({ abi, logs: receipt.logs });
}

/** The custom error a call would revert with (the call is simulated, never sent). */
async function revertOf(
  account: LocalAccount,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
) {
  try {
    await clients(account).pub.simulateContract({ account, address, abi, functionName, args });
  } catch (err) {
    const reverted =
      err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.reason;
    throw err;
  }
  return 'did not revert';
}

/** A cycle's fee and rate as the app shows them: the bounds a stake carries. */
async function seenTerms(cycle: number): Promise<[number, number]> {
  return [
    await read<number>(deployment.staking, abis.staking, 'cycleFeeBps', [cycle]),
    await read<number>(deployment.staking, abis.staking, 'cycleRatePpm', [cycle]),
  ];
}

async function chainTime(): Promise<bigint> {
  return (await clients().pub.getBlock()).timestamp;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'free-chain-e2e-'));
  anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
  rpcUrl = anvil.rpcUrl;
  deployment = await deployLocal({ rpcUrl, outFile: join(dir, 'local.json'), log: () => {} });
  abis = {
    usdt: ownArtifact('TestUSDT').abi,
    free: ownArtifact('FreeToken').abi,
    staking: ownArtifact('Staking').abi,
    payment: ownArtifact('Payment').abi,
    router: uniswapArtifact('v2-periphery', 'UniswapV2Router02').abi,
  };
});

afterAll(async () => {
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('local deployment', () => {
  it('deploys the contracts, a priced FREE/USDT pool, a funded reserve and funded accounts', async () => {
    expect(deployment.chainId).toBe(LOCAL_CHAIN_ID);
    expect(deployment.signer).toBe(localAccount(SIGNER_INDEX).address);
    expect(deployment.hotWallet).toBe(localAccount(HOT_WALLET_INDEX).address);
    expect(deployment.startBlock).toBeGreaterThan(0);

    // 0.1 USDT per FREE: 10 USDT buys a little under 100 FREE (0.3 % pool fee, price impact).
    const out = await read<bigint[]>(deployment.router, abis.router, 'getAmountsOut', [
      parseEther('10'),
      [deployment.usdt, deployment.free],
    ]);
    expect(out[1]).toBeGreaterThan(parseEther('99.6'));
    expect(out[1]).toBeLessThan(parseEther('99.7'));

    expect(await read<bigint>(deployment.staking, abis.staking, 'reserve')).toBe(
      LOCAL_AMOUNTS.stakingReserve,
    );
    expect(await read<boolean>(deployment.staking, abis.staking, 'isSigner', [deployment.signer])).toBe(true);
    expect(await read<boolean>(deployment.payment, abis.payment, 'isSigner', [deployment.signer])).toBe(true);
    const user9 = localAccount(9).address;
    expect(await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [user9])).toBe(LOCAL_AMOUNTS.userUsdt);
    expect(await read<bigint>(deployment.free, abis.free, 'balanceOf', [user9])).toBe(LOCAL_AMOUNTS.userFree);
    expect(await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [deployment.hotWallet])).toBe(
      LOCAL_AMOUNTS.hotWalletUsdt,
    );
    expect(await clients().pub.getBalance({ address: deployment.hotWallet })).toBeGreaterThan(
      parseEther('1'),
    );
  });

  it('returns the existing deployment on a second run without sending a transaction', async () => {
    const before = await clients().pub.getBlockNumber();
    const again = await deployLocal({ rpcUrl, outFile: join(dir, 'local.json'), log: () => {} });
    expect(again).toEqual(deployment);
    expect(await clients().pub.getBlockNumber()).toBe(before);
  });
});

describe('staking through the real router', () => {
  it('burns the fee as FREE, refuses an early unstake, and pays principal plus reward after 7 days', async () => {
    const user = localAccount(1);
    const amount = parseEther('100');
    const fee = (amount * 200n) / 10_000n;
    const principal = amount - fee;
    const [, expectedFree] = await read<[bigint, bigint]>(deployment.router, abis.router, 'getAmountsOut', [
      fee,
      [deployment.usdt, deployment.free],
    ]);
    const supplyBefore = await read<bigint>(deployment.free, abis.free, 'totalSupply');

    await send(user, deployment.usdt, abis.usdt, 'approve', [deployment.staking, amount]);
    const logs = await send(user, deployment.staking, abis.staking, 'stake', [
      amount,
      expectedFree,
      0,
      ...(await seenTerms(0)),
    ]);
    const staked = logs.find((l) => l.eventName === 'Staked') as unknown as {
      args: {
        user: Address;
        index: bigint;
        amount: bigint;
        principal: bigint;
        fee: bigint;
        freeBurned: bigint;
      };
    };
    expect(staked.args).toMatchObject({
      user: user.address,
      amount,
      principal,
      fee,
      freeBurned: expectedFree,
    });
    expect(await read<bigint>(deployment.free, abis.free, 'totalSupply')).toBe(supplyBefore - expectedFree);

    const index = staked.args.index;
    expect(await revertOf(user, deployment.staking, abis.staking, 'unstake', [index])).toBe('NotMatured');

    const { test } = clients();
    await test.increaseTime({ seconds: 7 * DAY_SECONDS });
    await test.mine({ blocks: 1 });

    // Daily compounding at 0.6 %, each day rounded down, as the contract documents.
    let factor = WAD;
    for (let d = 0; d < 7; d++) factor = (factor * (WAD + 6_000n * 10n ** 12n)) / WAD;
    const reward = (principal * (factor - WAD)) / WAD;
    expect(reward).toBeGreaterThan(parseEther('4.1'));

    const usdtBefore = await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [user.address]);
    const out = await send(user, deployment.staking, abis.staking, 'unstake', [index]);
    expect(out.find((l) => l.eventName === 'Unstaked')?.args).toMatchObject({ principal, interest: reward });
    expect(await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [user.address])).toBe(
      usdtBefore + principal + reward,
    );
    expect(await revertOf(user, deployment.staking, abis.staking, 'unstake', [index])).toBe(
      'AlreadyRedeemed',
    );
  });

  it('accepts a stakeWithInviter signature made by viem once and refuses it the second time', async () => {
    const user = localAccount(2);
    const inviter = localAccount(1).address;
    const parents = [inviter];
    const nonce = 42n;
    const deadline = (await chainTime()) + 3600n;
    const signature = await localAccount(SIGNER_INDEX).signTypedData({
      domain: {
        name: 'FREE Staking',
        version: '1',
        chainId: LOCAL_CHAIN_ID,
        verifyingContract: deployment.staking,
      },
      types: {
        Inviter: [
          { name: 'user', type: 'address' },
          { name: 'parents', type: 'address[]' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Inviter',
      message: { user: user.address, parents, nonce, deadline },
    });
    const message = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [nonce, deadline]);
    const amount = parseEther('10');
    const args = [amount, 0n, 1, ...(await seenTerms(1)), parents, message, signature] as const;

    await send(user, deployment.usdt, abis.usdt, 'approve', [deployment.staking, 2n * amount]);
    const logs = await send(user, deployment.staking, abis.staking, 'stakeWithInviter', args);
    expect(logs.find((l) => l.eventName === 'InviterBound')?.args).toMatchObject({
      user: user.address,
      inviter,
      nonce,
    });
    expect(logs.some((l) => l.eventName === 'Staked')).toBe(true);
    expect(await read<Address>(deployment.staking, abis.staking, 'inviterOf', [user.address])).toBe(inviter);

    expect(await revertOf(user, deployment.staking, abis.staking, 'stakeWithInviter', args)).toBe(
      'NonceAlreadyUsed',
    );
    // Someone else cannot use it either: the signature names the user.
    const stranger = localAccount(3);
    const message2 = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [nonce + 1n, deadline]);
    expect(
      await revertOf(stranger, deployment.staking, abis.staking, 'stakeWithInviter', [
        amount,
        0n,
        1,
        ...(await seenTerms(1)),
        parents,
        message2,
        signature,
      ]),
    ).toBe('InvalidSignature');
  });
});

describe('stake terms', () => {
  it('refuses a stake when the owner worsened its cycle earlier in the same block', async () => {
    const user = localAccount(5);
    const owner = localAccount(0);
    const amount = parseEther('20');
    const seen = await seenTerms(2);
    await send(user, deployment.usdt, abis.usdt, 'approve', [deployment.staking, amount]);
    const { pub, test } = clients();
    const usdtBefore = await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [user.address]);
    // the owner's setCycle and the user's stake land in one block, the owner's first
    await test.setAutomine(false);
    try {
      const front = await clients(owner).wallet.writeContract({
        address: deployment.staking,
        abi: abis.staking,
        functionName: 'setCycle',
        args: [2, 0, 5000],
        gas: 200_000n,
      });
      const victim = await clients(user).wallet.writeContract({
        address: deployment.staking,
        abi: abis.staking,
        functionName: 'stake',
        args: [amount, 0n, 2, ...seen],
        gas: 600_000n,
      });
      await test.mine({ blocks: 1 });
      const [r1, r2] = await Promise.all([
        pub.waitForTransactionReceipt({ hash: front }),
        pub.waitForTransactionReceipt({ hash: victim }),
      ]);
      expect(r2.blockNumber).toBe(r1.blockNumber);
      expect(r1.status).toBe('success');
      expect(r2.status).toBe('reverted');
    } finally {
      await test.setAutomine(true);
    }
    // the reverted stake took nothing
    expect(await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [user.address])).toBe(usdtBefore);
    expect(await revertOf(user, deployment.staking, abis.staking, 'stake', [amount, 0n, 2, ...seen])).toBe(
      'StakeTermsChanged',
    );
    // back to the terms the user saw: the same stake goes through with them
    await send(owner, deployment.staking, abis.staking, 'setCycle', [2, seen[1], seen[0]]);
    const logs = await send(user, deployment.staking, abis.staking, 'stake', [amount, 0n, 2, ...seen]);
    expect(logs.find((l) => l.eventName === 'Staked')?.args).toMatchObject({
      ratePpm: seen[1],
      fee: (amount * BigInt(seen[0])) / 10_000n,
    });
  });
});

describe('payment orders', () => {
  async function signOrder(order: {
    orderId: Hex;
    payer: Address;
    token: Address;
    amount: bigint;
    endTime: bigint;
  }) {
    const to = await read<Address>(deployment.payment, abis.payment, 'treasury');
    const burnBps = await read<bigint>(deployment.payment, abis.payment, 'burnBps');
    return localAccount(SIGNER_INDEX).signTypedData({
      domain: {
        name: 'FREE Payment',
        version: '1',
        chainId: LOCAL_CHAIN_ID,
        verifyingContract: deployment.payment,
      },
      types: {
        Order: [
          { name: 'orderId', type: 'bytes32' },
          { name: 'payer', type: 'address' },
          { name: 'token', type: 'address' },
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'burnBps', type: 'uint256' },
          { name: 'endTime', type: 'uint256' },
        ],
      },
      primaryType: 'Order',
      message: { ...order, to, burnBps },
    });
  }

  it('pays an order signed by viem once, burns its FREE share, and refuses it the second time', async () => {
    const payer = localAccount(4);
    const orderId = keccak256(toHex('e2e-order-1'));
    const amount = parseEther('50');
    const endTime = (await chainTime()) + 600n;
    const signature = await signOrder({
      orderId,
      payer: payer.address,
      token: deployment.usdt,
      amount,
      endTime,
    });
    const args = [orderId, deployment.usdt, amount, endTime, signature] as const;
    const treasury = await read<Address>(deployment.payment, abis.payment, 'treasury');
    const treasuryBefore = await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [treasury]);
    const supplyBefore = await read<bigint>(deployment.free, abis.free, 'totalSupply');

    expect(await read<boolean>(deployment.payment, abis.payment, 'isOrderPaid', [orderId])).toBe(false);
    await send(payer, deployment.usdt, abis.usdt, 'approve', [deployment.payment, 2n * amount]);
    const logs = await send(payer, deployment.payment, abis.payment, 'payment', args);

    const burnIn = (amount * 200n) / 10_000n;
    const reward = (amount * 10n) / 10_000n;
    expect(logs.find((l) => l.eventName === 'Paid')?.args).toMatchObject({
      orderId,
      payer: payer.address,
      token: deployment.usdt,
      to: treasury,
      amount,
      burned: burnIn,
      executorReward: reward,
    });
    const burn = logs.find((l) => l.eventName === 'BurnPayment') as unknown as {
      args: { freeBurned: bigint };
    };
    expect(burn.args.freeBurned).toBeGreaterThan(0n);
    expect(await read<bigint>(deployment.free, abis.free, 'totalSupply')).toBe(
      supplyBefore - burn.args.freeBurned,
    );
    expect(await read<bigint>(deployment.usdt, abis.usdt, 'balanceOf', [treasury])).toBe(
      treasuryBefore + amount - burnIn - reward,
    );
    expect(await read<boolean>(deployment.payment, abis.payment, 'isOrderPaid', [orderId])).toBe(true);
    const info = await read<readonly [Hex, Address, Address, Address, bigint, bigint, boolean]>(
      deployment.payment,
      abis.payment,
      'getPayInfo',
      [orderId],
    );
    expect(info).toEqual([
      orderId,
      deployment.usdt,
      payer.address,
      treasury,
      amount,
      expect.any(BigInt),
      true,
    ]);

    expect(await revertOf(payer, deployment.payment, abis.payment, 'payment', args)).toBe('OrderAlreadyPaid');
  });

  it('refuses an order for another payer and an expired order', async () => {
    const payer = localAccount(5);
    const amount = parseEther('5');
    await send(payer, deployment.usdt, abis.usdt, 'approve', [deployment.payment, amount]);
    const now = await chainTime();
    const forOther = await signOrder({
      orderId: keccak256(toHex('e2e-order-2')),
      payer: localAccount(6).address,
      token: deployment.usdt,
      amount,
      endTime: now + 600n,
    });
    expect(
      await revertOf(payer, deployment.payment, abis.payment, 'payment', [
        keccak256(toHex('e2e-order-2')),
        deployment.usdt,
        amount,
        now + 600n,
        forOther,
      ]),
    ).toBe('InvalidSignature');

    const orderId = keccak256(toHex('e2e-order-3'));
    const sig = await signOrder({
      orderId,
      payer: payer.address,
      token: deployment.usdt,
      amount,
      endTime: now,
    });
    await clients().test.increaseTime({ seconds: 60 });
    await clients().test.mine({ blocks: 1 });
    expect(
      await revertOf(payer, deployment.payment, abis.payment, 'payment', [
        orderId,
        deployment.usdt,
        amount,
        now,
        sig,
      ]),
    ).toBe('OrderExpired');
  });
});
