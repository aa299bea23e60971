// The operator dashboard on anvil: the Staking figures, hot wallet and treasury balances are the
// chain's, and funding the reserve through the ops command shows up in the next reading.
import { stakingAbi, testUsdtAbi } from '@free/protocol/abi/index';
import { dashboardData } from '@free/protocol/api/admin';
import { erc20Abi, formatEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainWallet, localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { openTestDb } from '../../test/support/test-db.ts';
import { type Config, loadConfig } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { chainOps } from '../ops/cli.ts';
import { runOps } from '../ops/commands.ts';
import { toDashboardView } from '../views/admin-dashboard.ts';
import { dashboard } from './admin-dashboard.ts';
import { seedSettings } from './settings.ts';

let chain: TestChain;
let db: DbHandle;
let config: Config;

beforeAll(async () => {
  chain = await startTestChain();
  db = await openTestDb('memory://');
  await seedSettings(db.db);
  config = {
    ...loadConfig({ DEPLOYMENT_FILE: '/nonexistent.json', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
    rpcUrl: chain.rpcUrl,
    deployment: chain.deployment as Config['deployment'],
  };
}, 120_000);
afterAll(async () => {
  await db?.close();
  await chain?.stop();
});

describe('dashboard on anvil', () => {
  it('reads Staking, hot wallet and treasury from the chain, and sees the reserve funded by ops', async () => {
    const d = chain.deployment;
    const before = await dashboard(db.db, config, chain.client);
    expect(before.chainError).toBeNull();
    const reserve = await chain.client.readContract({
      address: d.staking,
      abi: stakingAbi,
      functionName: 'reserve',
    });
    const hotUsdt = await chain.client.readContract({
      address: d.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [config.hotWalletAddress],
    });
    expect(reserve).toBeGreaterThan(0n);
    expect(before.chain).toMatchObject({
      head: Number(await chain.client.getBlockNumber()),
      staking: {
        address: d.staking,
        reserve,
        committed: 0n,
        openPrincipal: 0n,
      },
      hotWallet: { address: config.hotWalletAddress, USDT: hotUsdt },
    });
    expect(before.reconciliation?.map((r) => r.short)).toEqual([0n, 0n]);
    // the answer: the same figures in token units, valid against the protocol schema
    const view = dashboardData.parse(toDashboardView(before));
    expect(view.chain?.staking).toMatchObject({ reserve: formatEther(reserve as bigint), committed: '0' });
    expect(view.chain?.hotWallet.USDT).toBe(formatEther(hotUsdt));

    // the owner (account 0) mints itself the USDT it then funds the reserve with
    const owner = chainWallet(chain.rpcUrl, localAccount(0));
    const mint = await owner.writeContract({
      address: d.usdt,
      abi: testUsdtAbi,
      functionName: 'mint',
      args: [localAccount(0).address, 250n * 10n ** 18n],
    });
    await chain.client.waitForTransactionReceipt({ hash: mint });
    const funded = await runOps(['reserve:fund', '250'], { db, chain: chainOps(config), actor: 'test' });
    expect(funded, JSON.stringify(funded)).toMatchObject({ ok: true });
    const after = await dashboard(db.db, config, chain.client);
    expect(after.chain?.staking.reserve).toBe((reserve as bigint) + 250n * 10n ** 18n);
    expect(after.chain?.head).toBeGreaterThan(before.chain?.head ?? 0);
  }, 120_000);

  it('shows no chain figures when the RPC answers another chain, and says the jobs stopped', async () => {
    // the deployment is for chain 56, the RPC is anvil (31337)
    const d = await dashboard(db.db, { ...config, chainId: 56 }, chain.client);
    expect(d.chainMismatch).toEqual({ expected: 56, rpc: 31337 });
    expect(d.chain).toBeNull();
    expect(d.reconciliation).toBeNull();
    expect(d.chainError).toBe('the RPC answers chain id 31337, the deployment is for chain 56: jobs stopped');
    // what this process's jobs saw is shown even when the RPC cannot be asked
    const seen = { mismatch: () => ({ expected: 31337, rpc: 97 }) };
    expect((await dashboard(db.db, config, null, seen)).chainMismatch).toEqual({ expected: 31337, rpc: 97 });
    expect((await dashboard(db.db, config, chain.client)).chainMismatch).toBeNull();
  }, 60_000);
});
