// The payout worker's process really killed (SIGKILL) between broadcast and confirmation; a new
// process finishes the job with the saved transaction: exactly one payout on chain. PostgreSQL only
// (an embedded PGlite folder must not be killed mid-write).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rows } from '../db/client.ts';
import { systemAccount, transfer, userAccount } from '../services/ledger.ts';
import { payoutOnce } from './payout.ts';

const url = process.env.TEST_DATABASE_URL;
const schema = `t_kill_${randomBytes(5).toString('hex')}`;
let chain: TestChain;
let h: DbHandle;

beforeAll(async () => {
  if (!url) return;
  chain = await startTestChain();
  h = await openTestDb(url, { schema, poolSize: 3 });
}, 180_000);
afterAll(async () => {
  if (!url) return;
  await h?.close();
  await chain?.stop();
});

it.runIf(url)(
  'SIGKILL after broadcast, restart: the same transaction, one payout',
  async () => {
    const to = localAccount(17).address;
    const id = await h.transaction(async (tx) => {
      const [u] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO users (address) VALUES (${to.toLowerCase()}) RETURNING id`,
      );
      const userId = u?.id as number;
      await transfer(tx, {
        key: 'kill:in',
        from: systemAccount('recharge'),
        to: userAccount(userId),
        asset: 'USDT',
        amount: parseEther('4'),
        kind: 'recharge',
      });
      await transfer(tx, {
        key: 'kill:out',
        from: userAccount(userId),
        to: systemAccount('payout'),
        asset: 'USDT',
        amount: parseEther('4'),
        kind: 'withdraw',
      });
      const [w] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, ledger_key) VALUES (${userId}, 'USDT', ${parseEther('4').toString()}, ${to}, 'kill:out') RETURNING id`,
      );
      return w?.id as number;
    });

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../test/support/payout-child.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          KILL_DB_URL: url,
          KILL_DB_SCHEMA: schema,
          KILL_RPC_URL: chain.rpcUrl,
          KILL_USDT: chain.deployment.usdt,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, sig) => resolve(sig)),
    );
    expect(signal, output).toBe('SIGKILL');

    const [saved] = await rows<{ state: string; tx_hash: `0x${string}` }>(
      h.db,
      sql`SELECT state, tx_hash FROM withdrawals WHERE id = ${id}`,
    );
    expect(saved?.state).toBe('signed');
    const sent = await chain.client.getTransaction({ hash: saved?.tx_hash as `0x${string}` });
    expect(sent.hash).toBe(saved?.tx_hash);

    const hot = localAccount(11);
    const options = {
      db: h,
      client: chain.client,
      account: hot,
      chainId: 31337,
      tokens: { USDT: chain.deployment.usdt },
      finalityDepth: 2,
    } as const;
    await payoutOnce(options);
    await chain.test.mine({ blocks: 3 });
    await payoutOnce(options);
    const [after] = await rows<{ state: string; tx_hash: string }>(
      h.db,
      sql`SELECT state, tx_hash FROM withdrawals WHERE id = ${id}`,
    );
    expect(after).toEqual({ state: 'confirmed', tx_hash: saved?.tx_hash });
    const transfers = await chain.client.getContractEvents({
      address: chain.deployment.usdt,
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { from: hot.address, to },
      fromBlock: 0n,
    });
    expect(transfers.map((l) => l.args.value)).toEqual([parseEther('4')]);
  },
  120_000,
);
