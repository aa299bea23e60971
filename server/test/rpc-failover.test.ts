// RPC_URL with several URLs (lib/rpc.ts): with the first one down (a closed port), the start, the
// jobs' chain check and a payout go on through the next one — paid exactly once — and no error
// shows the provider's key that sits in the dead URL's path.
import { freePort } from '@free/devchain/anvil';
import { sql } from 'drizzle-orm';
import { type Address, createPublicClient, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainGuard } from '../src/chain/chain-guard.ts';
import { makeChainClient } from '../src/chain/client.ts';
import { ConfigError, loadConfig, resolveConfig } from '../src/config.ts';
import { type DbHandle, rows } from '../src/db/client.ts';
import { payoutOnce } from '../src/jobs/payout.ts';
import { rpcTransport } from '../src/lib/rpc.ts';
import { localAccount, startTestChain, type TestChain } from './support/test-chain.ts';
import { openTestDb } from './support/test-db.ts';
import { queueUsdtWithdrawal } from './support/withdrawals.ts';

let chain: TestChain;
let h: DbHandle;
/** a provider URL with its key in the path, on a port nobody listens on */
let dead = '';
const KEY = 'S3CRETPR0VIDERKEY';

beforeAll(async () => {
  chain = await startTestChain();
  h = await openTestDb('memory://');
  dead = `http://127.0.0.1:${await freePort()}/v1/${KEY}`;
}, 180_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

describe('RPC_URL with several URLs, the first one down', () => {
  it('takes a comma list and names RPC_URL for a bad entry', () => {
    const env = { DEPLOYMENT_FILE: '/nonexistent.json' };
    const c = loadConfig({ ...env, RPC_URL: `${dead}, ${chain.rpcUrl}` } as NodeJS.ProcessEnv);
    expect(c.rpcUrl).toBe(`${dead}, ${chain.rpcUrl}`);
    expect(() => loadConfig({ ...env, RPC_URL: `${chain.rpcUrl},ftp://x` } as NodeJS.ProcessEnv)).toThrow(
      ConfigError,
    );
  });

  it('starts: the chain id comes from the second URL', async () => {
    const c = await resolveConfig({
      DEPLOYMENT_FILE: '/nonexistent.json',
      RPC_URL: `${dead},${chain.rpcUrl}`,
    });
    expect(c.chainId).toBe(31337);
  });

  it("a lone dead URL fails with an error that shows its host, never its path's key", async () => {
    const client = createPublicClient({ transport: rpcTransport(dead, { timeoutMs: 2_000, retryCount: 0 }) });
    const err = await client.getBlockNumber().then(
      () => null,
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const shown = `${err?.message}\n${err?.stack}\n${JSON.stringify(err)}`;
    expect(shown).not.toContain(KEY);
    expect(shown).toContain(`http://127.0.0.1:${new URL(dead).port}/…`);
  });

  it('the jobs go on: the chain check answers, and a withdrawal is paid exactly once', async () => {
    const client = makeChainClient(
      { chainId: 31337, rpcUrl: `${dead},${chain.rpcUrl}` },
      { timeoutMs: 5_000 },
    );
    await chainGuard({ client, chainId: 31337 }).ensure();

    const to = localAccount(15).address as Address;
    const amount = parseEther('7.25');
    const { id } = await queueUsdtWithdrawal(h, to, amount);
    const before = await chain.client.readContract({
      address: chain.deployment.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to],
    });
    const options = {
      db: h,
      client,
      account: localAccount(11),
      chainId: 31337,
      tokens: { USDT: chain.deployment.usdt, FREE: chain.deployment.free },
      finalityDepth: 2,
    };
    await payoutOnce(options);
    for (let i = 0; i < 3; i++) {
      await chain.test.mine({ blocks: 3 });
      await payoutOnce(options);
    }
    const [w] = await rows<{ state: string }>(h.db, sql`SELECT state FROM withdrawals WHERE id = ${id}`);
    expect(w?.state).toBe('confirmed');
    const after = await chain.client.readContract({
      address: chain.deployment.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to],
    });
    expect(after - before).toBe(amount);
  }, 120_000);
});
