// The indexer against a provider that refuses large getLogs answers (too many results, or a body
// over the client's size limit): it reads the range in shorter parts and applies every log once,
// exactly as when the provider answers in full; a single block it still refuses stops the step
// without moving the cursor. Runs of Staked logs are applied set-based: re-reading them adds nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnvilHandle, REPO_ROOT, startAnvil } from '@free/devchain/anvil';
import { ensureContractsBuilt, localAccount, localChain } from '@free/devchain/deploy';
import { sql } from 'drizzle-orm';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  LimitExceededRpcError,
  type PublicClient,
  ResponseBodyTooLargeError,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, openTestDb } from '../../test/support/test-db.ts';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { indexOnce, indexUntilCaughtUp } from './indexer.ts';

const LOGS_PER_TX = 30;
const TXS = 4;
let anvil: AnvilHandle;
let client: PublicClient;
let emitter: Address;
let startBlock: number;

beforeAll(async () => {
  ensureContractsBuilt();
  const artifact = JSON.parse(
    readFileSync(join(REPO_ROOT, 'contracts/out/StakedLogEmitter.sol/StakedLogEmitter.json'), 'utf8'),
  ) as { abi: Abi; bytecode: { object: Hex } };
  anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
  const chain = localChain(anvil.rpcUrl);
  client = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient;
  const wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: localAccount(0) });
  const deployed = await client.waitForTransactionReceipt({
    hash: await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode.object }),
  });
  emitter = deployed.contractAddress as Address;
  startBlock = Number(deployed.blockNumber) + 1;
  const stakers = Array.from(
    { length: 7 },
    (_, i) => `0x${(0xabc00 + i).toString(16).padStart(40, '0')}` as Hex,
  );
  for (let t = 0; t < TXS; t++) {
    const hash = await wallet.writeContract({
      address: emitter,
      abi: artifact.abi,
      functionName: 'emitStakes',
      args: [BigInt(t * LOGS_PER_TX), BigInt(LOGS_PER_TX), stakers],
    });
    await client.waitForTransactionReceipt({ hash });
  }
}, 120_000);
afterAll(async () => anvil?.stop());

/** The client, with getLogs refused (as `refuse` says) for ranges of more than `maxBlocks` blocks. */
function limited(maxBlocks: number, refuse: () => Error): PublicClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'getLogs') return Reflect.get(target, prop, receiver);
      return (args: { fromBlock: bigint; toBlock: bigint }) =>
        args.toBlock - args.fromBlock + 1n > BigInt(maxBlocks)
          ? Promise.reject(refuse())
          : target.getLogs(args as Parameters<PublicClient['getLogs']>[0]);
    },
  });
}

const options = (db: DbHandle, c: PublicClient, name: string) => ({
  db,
  client: c,
  contracts: { staking: emitter, payment: '0x000000000000000000000000000000000000dEaD' as Address },
  startBlock,
  finalityDepth: 0,
  onPaid: async () => ({ credited: true }) as const,
  name,
});

async function state(db: DbHandle) {
  const q = async (text: string) => rowsOf(await db.db.execute(sql.raw(text)));
  return {
    stakes: await q(
      'SELECT user_address, stake_index, cycle, amount::text, principal::text FROM chain_stakes ORDER BY user_address, stake_index',
    ),
    team: await q(`SELECT u.address, s.own_principal::text, s.own_amount::text, s.active_stakes, s.mm_stakes,
        s.is_valid, s.is_market_maker FROM team_stats s JOIN users u ON u.id = s.user_id ORDER BY u.address`),
    logs: Number((await q('SELECT count(*) AS n FROM chain_logs'))[0]?.n),
  };
}

describe.each(BACKEND)('indexer ranges on $name', ({ url }) => {
  const dbs: DbHandle[] = [];
  const fresh = async () => {
    const db = await openTestDb(url);
    dbs.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of dbs) await db.close();
  });

  it('applies every log once whether the provider answers in full or only short ranges', async () => {
    const full = await fresh();
    expect(await indexUntilCaughtUp(options(full, client, 'full'))).toBe(LOGS_PER_TX * TXS);
    const reference = await state(full);
    expect(reference.stakes).toHaveLength(LOGS_PER_TX * TXS);
    expect(reference.logs).toBe(LOGS_PER_TX * TXS);

    const tooMany = await fresh();
    const refusing = limited(
      1,
      () => new LimitExceededRpcError(new Error('query returned more than 10000 results')),
    );
    expect(await indexUntilCaughtUp(options(tooMany, refusing, 'too-many'))).toBe(LOGS_PER_TX * TXS);
    expect(await state(tooMany)).toEqual(reference);

    const tooLarge = await fresh();
    const large = limited(2, () => new ResponseBodyTooLargeError({ maxSize: 10_000, size: 25_000 }));
    expect(await indexUntilCaughtUp(options(tooLarge, large, 'too-large'))).toBe(LOGS_PER_TX * TXS);
    expect(await state(tooLarge)).toEqual(reference);

    // the same range read again (cursor moved back) applies nothing twice
    await full.db.execute(sql`UPDATE chain_cursors SET block_number = ${startBlock - 1}, block_hash = NULL`);
    expect(await indexUntilCaughtUp(options(full, client, 'full'))).toBe(0);
    expect(await state(full)).toEqual(reference);
  }, 120_000);

  it('stops without moving the cursor when even one block is refused', async () => {
    const db = await fresh();
    const never = limited(0, () => new LimitExceededRpcError(new Error('too many logs')));
    await expect(indexOnce(options(db, never, 'never'))).rejects.toBeInstanceOf(LimitExceededRpcError);
    expect(rowsOf(await db.db.execute(sql`SELECT * FROM chain_cursors`))).toEqual([]);
    expect((await state(db)).logs).toBe(0);
  }, 60_000);
});
