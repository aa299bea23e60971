// `npm run ops -- <command> …`: the operators' tool. Opens the server's database (same
// DATABASE_URL logic), and for chain commands the deployment with the owner key (anvil account 0
// locally, DEPLOYER_KEY elsewhere). Every command is logged to ops_log with an address as its actor
// (`opsActor`) and the shell user next to it.
import { createConnection } from 'node:net';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { paymentAbi, stakingAbi, testUsdtAbi } from '@free/protocol/abi/index';
import { parsePrivateKey } from '@free/protocol/address';
import { LOCAL_CHAIN_ID } from '@free/protocol/constants';
import { localTestKey } from '@free/protocol/local-accounts';
import { type Address, createWalletClient, getAddress, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { makeChainClient } from '../chain/client.ts';
import { loadOpsConfig, type OpsConfig, withSecretFiles } from '../config.ts';
import { type DbHandle, migrationsAtOpen, openDb } from '../db/client.ts';
import { sweepWallet } from '../jobs/hot-wallet-rotation.ts';
import { finalityDepthFor, indexerName, liabilitiesOptions } from '../jobs/index.ts';
import { rpcTransport } from '../lib/rpc.ts';
import { reconcileChainFor } from '../services/reconcile.ts';
import { type ChainOps, runOps } from './commands.ts';

function ownerAccount(config: OpsConfig, env: NodeJS.ProcessEnv = process.env) {
  // DEPLOYER_KEY or DEPLOYER_KEY_FILE (config.ts SECRET_SETTINGS)
  const key = withSecretFiles(env).DEPLOYER_KEY;
  if (key) return privateKeyToAccount(parsePrivateKey(key, 'DEPLOYER_KEY'));
  if (config.chainId === LOCAL_CHAIN_ID) return privateKeyToAccount(localTestKey(0));
  return null;
}

/**
 * The address the CLI logs as the actor: `OPS_ACTOR` when set (the operator's own address), else the
 * owner key's address (DEPLOYER_KEY, or anvil account 0 on the local chain). Neither: the command
 * line is refused, so that no ops_log row is left without an address.
 */
export function opsActor(config: OpsConfig, env: NodeJS.ProcessEnv = process.env): Address {
  const given = env.OPS_ACTOR?.trim();
  if (given) {
    if (!isAddress(given, { strict: false }))
      throw new Error(`OPS_ACTOR must be a 0x address (40 hex digits), got "${given}"`);
    return getAddress(given);
  }
  const owner = ownerAccount(config, env);
  if (owner) return owner.address;
  throw new Error(
    'set OPS_ACTOR=0x… (your operator address) or DEPLOYER_KEY: ops_log records who ran each command by address',
  );
}

/** The shell user running the CLI (kept next to the actor's address in ops_log). */
export function shellUser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? env.USERNAME; // no passwd entry (some containers)
  }
}

export function chainOps(config: OpsConfig): ChainOps | undefined {
  const d = config.deployment;
  const account = ownerAccount(config);
  if (!d || !account) return undefined;
  const pub = makeChainClient(config);
  const wallet = createWalletClient({ account, chain: pub.chain, transport: rpcTransport(config.rpcUrl) });
  const send = async (req: Parameters<typeof wallet.writeContract>[0]) => {
    const hash = await wallet.writeContract(req);
    const receipt = await pub.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return hash;
  };
  const accepted = async (address: Address) => {
    const [staking, payment] = await Promise.all([
      pub.readContract({ address: d.staking, abi: stakingAbi, functionName: 'isSigner', args: [address] }),
      pub.readContract({ address: d.payment, abi: paymentAbi, functionName: 'isSigner', args: [address] }),
    ]);
    return { staking, payment };
  };
  return {
    async fundReserve(amount) {
      const approve = await send({
        address: d.usdt,
        abi: testUsdtAbi,
        functionName: 'approve',
        args: [d.staking, amount],
      } as never);
      const fund = await send({
        address: d.staking,
        abi: stakingAbi,
        functionName: 'fundReserve',
        args: [amount],
      } as never);
      return { txHashes: [approve, fund] };
    },
    signerAccepted: accepted,
    async addSigner(address: Address) {
      // only where it is missing, so a command interrupted between the two can be run again
      const on = await accepted(address);
      const txHashes: string[] = [];
      if (!on.staking)
        txHashes.push(
          await send({
            address: d.staking,
            abi: stakingAbi,
            functionName: 'addSigner',
            args: [address],
          } as never),
        );
      if (!on.payment)
        txHashes.push(
          await send({
            address: d.payment,
            abi: paymentAbi,
            functionName: 'addSigner',
            args: [address],
          } as never),
        );
      return { txHashes };
    },
    async removeSigner(address: Address) {
      const on = await accepted(address);
      const txHashes: string[] = [];
      if (on.staking)
        txHashes.push(
          await send({
            address: d.staking,
            abi: stakingAbi,
            functionName: 'removeSigner',
            args: [address],
          } as never),
        );
      if (on.payment)
        txHashes.push(
          await send({
            address: d.payment,
            abi: paymentAbi,
            functionName: 'removeSigner',
            args: [address],
          } as never),
        );
      return { txHashes };
    },
    async chainTime() {
      const block = await pub.getBlock({ blockTag: 'latest' });
      return new Date(Number(block.timestamp) * 1000);
    },
  };
}

/** The old hot wallet's sweep, when its key is in the environment (HOT_WALLET_KEY or _FILE). */
function sweepOps(config: OpsConfig, client: ReturnType<typeof makeChainClient>, db: DbHandle) {
  const d = config.deployment;
  const key = config.hotWalletKey;
  if (!d || !key) return undefined;
  const account = privateKeyToAccount(key);
  return (to: Address) =>
    sweepWallet(
      db,
      { client, account, chainId: config.chainId, finalityDepth: finalityDepthFor(config) },
      to,
      { USDT: d.usdt, FREE: d.free },
    );
}

/** Whether something listens on the API port (a running server holding the PGlite folder). */
const serverRunning = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const s = createConnection({ host, port });
    s.setTimeout(500);
    s.once('connect', () => {
      s.destroy();
      done(true);
    });
    s.once('error', () => done(false));
    s.once('timeout', () => {
      s.destroy();
      done(false);
    });
  });

async function main() {
  const argv = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
  // RPC_URL, DATABASE_URL and DEPLOYMENT_FILE: no key (read-only commands run from a cron job)
  const config = loadOpsConfig();
  const pglite = !config.databaseUrl || config.databaseUrl.startsWith('file://');
  if (pglite && argv.length > 0 && (await serverRunning(config.host, config.port))) {
    // PGlite allows one process per data folder: a second one would corrupt it
    throw new Error(
      `the server is running on ${config.host}:${config.port} with the embedded database; stop it first (or use DATABASE_URL=postgres://…)`,
    );
  }
  // before opening anything: a command line without an actor address is refused
  const actor = argv.length > 0 ? opsActor(config) : '';
  // in production `npm run migrate` is the one that migrates (a newer checkout must not)
  const db = await openDb(config.databaseUrl, { poolSize: 2, migrations: migrationsAtOpen() });
  try {
    const client = makeChainClient(config);
    const holdings = reconcileChainFor(config, client) ?? undefined;
    const liabilities = liabilitiesOptions({ config, db }, client) ?? undefined;
    const hotWallet = config.deployment
      ? { client, address: config.hotWalletAddress, finalityDepth: finalityDepthFor(config) }
      : undefined;
    const d = config.deployment;
    const restore =
      d && hotWallet
        ? {
            view: hotWallet,
            tokens: { USDT: d.usdt, FREE: d.free },
            liabilities: d.liabilities,
            startBlock: d.startBlock,
            indexer: indexerName(d),
          }
        : undefined;
    const r = await runOps(argv, {
      db,
      chain: chainOps(config),
      holdings,
      liabilities,
      hotWallet,
      restore,
      signerInUse: config.deployment?.signer ?? undefined,
      sweepHotWallet: sweepOps(config, client, db),
      actor,
      shellUser: shellUser(),
    });
    if (r.ok) {
      process.stdout.write(
        `${JSON.stringify(r.result, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`,
      );
      if (r.alarm) {
        // ran fine but found a problem (e.g. reconcile: platform short): 2, apart from failures (1)
        process.stderr.write(`${r.alarm}\n`);
        process.exitCode = 2;
      }
    } else {
      process.stderr.write(`${r.error}\n`);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: Error) => {
    process.stderr.write(`ops: ${err.message}\n`);
    process.exit(1);
  });
}
