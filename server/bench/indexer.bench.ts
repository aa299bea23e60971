// Benchmark (not a test): logs per second the chain indexer applies, read from anvil over a range of
// blocks holding N `Staked` logs (default 50,000) spread over 200 stakers, into in-memory PGlite.
// Run: node --import tsx server/bench/indexer.bench.ts [logs]
// The logs come from a bench-only contract (contracts/test/bench/StakedLogEmitter.sol) whose event
// is Staking's `Staked`, so the indexer does its real work per log: user, chain_stakes row, team
// counters. Fails when the rows written are not exactly the logs emitted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startAnvil } from '@free/devchain/anvil';
import { ensureContractsBuilt, localAccount, localChain } from '@free/devchain/deploy';
import { sql } from 'drizzle-orm';
import { type Abi, createPublicClient, createWalletClient, type Hex, http, type PublicClient } from 'viem';
import { indexUntilCaughtUp } from '../src/chain/indexer.ts';
import { openDb, rowsOf } from '../src/db/client.ts';
import { seedSettings } from '../src/services/settings.ts';
import { writeBenchResult } from './result.ts';

const N = Number(process.argv[2] ?? 50_000);
const PER_TX = 500;
const STAKERS = 200;
const TARGET_LOGS_PER_S = 5_000;

ensureContractsBuilt();
const artifact = JSON.parse(
  readFileSync(join(REPO_ROOT, 'contracts/out/StakedLogEmitter.sol/StakedLogEmitter.json'), 'utf8'),
) as { abi: Abi; bytecode: { object: Hex } };

const anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
try {
  const chain = localChain(anvil.rpcUrl);
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient;
  const wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: localAccount(0) });

  const deployHash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode.object });
  const emitter = (await client.waitForTransactionReceipt({ hash: deployHash })).contractAddress;
  if (!emitter) throw new Error('emitter deployment has no address');
  const stakers = Array.from(
    { length: STAKERS },
    (_, i) => `0x${(0xbe00000 + i).toString(16).padStart(40, '0')}` as Hex,
  );
  const startBlock = Number(await client.getBlockNumber()) + 1;
  const t0 = performance.now();
  for (let first = 0; first < N; first += PER_TX) {
    const hash = await wallet.writeContract({
      address: emitter,
      abi: artifact.abi,
      functionName: 'emitStakes',
      args: [BigInt(first), BigInt(Math.min(PER_TX, N - first)), stakers],
      gas: 25_000_000n,
    });
    await client.waitForTransactionReceipt({ hash });
  }
  const headBlock = Number(await client.getBlockNumber());
  const emitMs = performance.now() - t0;

  const handle = await openDb('memory://');
  await seedSettings(handle.db);
  const t1 = performance.now();
  const applied = await indexUntilCaughtUp({
    db: handle,
    client,
    contracts: { staking: emitter, payment: '0x000000000000000000000000000000000000dEaD' },
    startBlock,
    finalityDepth: 0,
    onPaid: async () => ({ credited: true }),
  });
  const indexMs = performance.now() - t1;
  const [row] = rowsOf<{ n: string | number }>(
    await handle.db.execute(sql`SELECT count(*) AS n FROM chain_stakes`),
  );
  await handle.close();

  const written = Number(row?.n ?? 0);
  const perSecond = (applied / indexMs) * 1000;
  console.log(
    `indexer bench: ${N} Staked logs in blocks ${startBlock}–${headBlock} (emitted in ${(emitMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  applied ${applied} logs in ${(indexMs / 1000).toFixed(2)} s: ${Math.round(perSecond)} logs/s (target > ${TARGET_LOGS_PER_S})`,
  );
  console.log(`  chain_stakes rows: ${written}`);
  writeBenchResult({
    bench: 'indexer',
    title: 'Chain indexer (anvil → PGlite)',
    method: `${N} Staked logs (${PER_TX} per transaction, ${STAKERS} stakers) read with getLogs from a local anvil and applied by indexUntilCaughtUp into in-memory PGlite, finality depth 0`,
    metrics: [
      {
        name: 'logs applied per second',
        value: perSecond,
        unit: 'logs/s',
        target: { op: '>', value: TARGET_LOGS_PER_S },
      },
    ],
  });
  if (applied !== N || written !== N) {
    console.error(`correctness check failed: ${N} logs emitted, ${applied} applied, ${written} rows`);
    process.exitCode = 1;
  }
} finally {
  await anvil.stop();
}
