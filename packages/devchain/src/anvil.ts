// Starts (or reuses) the local anvil chain of the fixed interface: 127.0.0.1, chain id 31337,
// default mnemonic, 20 accounts, state persisted under .data/anvil/ so `npm start` twice keeps the chain.
// The state is written after every block (and on stop), to a temporary file renamed over the last
// one: a stack killed at any moment (SIGKILL, power loss) restarts on the chain its database saw, not
// on one some seconds older, which the database would be ahead of.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { LOCAL_CHAIN_ID, LOCAL_MNEMONIC } from '@free/protocol/constants';

export const ANVIL_ACCOUNTS = 20;
export const DEFAULT_ANVIL_PORT = 8545;

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_STATE_FILE = join(REPO_ROOT, '.data', 'anvil', 'state.json');

export type StartAnvilOptions = {
  /**
   * Port on 127.0.0.1 (default 8545). `0`: anvil binds a port the system gives it and the handle
   * says which — the only race-free choice for throw-away chains started side by side (a port
   * probed free by `freePort()` can be taken by another anvil before this one binds it, and then
   * both tests talk to one chain).
   */
  port?: number;
  /**
   * State file loaded at start and written after every block and on stop; `null` for a throw-away
   * chain. One that cannot be loaded is moved aside (`movedAside`), never deleted.
   */
  stateFile?: string | null;
  /** Says what happened to a state file it could not use (default: console.log). */
  log?: (line: string) => void;
  /** Reuse an anvil that already answers on the port (default true). */
  reuse?: boolean;
  /** Milliseconds to wait for the RPC to answer (default 20 s). */
  timeoutMs?: number;
  /** Forward anvil's output to this process's stdout (default false). */
  verbose?: boolean;
  /** Chain id (default 31337; another id only for tests that play a non-local network). */
  chainId?: number;
  /** Mine a block every this many seconds as a real chain does (default: only on a transaction). */
  blockTime?: number;
};

export type AnvilHandle = {
  rpcUrl: string;
  /** True when an anvil was already running: then `stop()` leaves it alone. */
  reused: boolean;
  /** The anvil process this call started (none when reused). */
  pid?: number | undefined;
  /** Stops the anvil this call started (its state file written first); idempotent. */
  stop: () => Promise<void>;
  /** Writes the state file now (the chain's state as of this call); a no-op without one. */
  persist: () => Promise<void>;
};

/** How often a running chain is asked whether a block came (each new one is written at once). */
const PERSIST_POLL_MS = 100;
/** …and how often its state is written anyway (changes that make no block). */
const PERSIST_IDLE_MS = 5_000;

async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined)
    throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
  return body.result;
}

/**
 * Writes the chain's state (anvil_dumpState: gzipped JSON, the format --load-state reads) to a
 * temporary file and renames it over `file`: the file is always a whole state, old or new.
 */
export async function writeAnvilState(rpcUrl: string, file: string): Promise<void> {
  const dump = await rpc<string>(rpcUrl, 'anvil_dumpState');
  const json = gunzipSync(Buffer.from(dump.replace(/^0x/, ''), 'hex'));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, json);
  renameSync(tmp, file);
}

/** `file` renamed to `<file>.unusable-<time>`; returns the new path. */
export function moveAside(file: string, why: string, log: (line: string) => void): string {
  const to = `${file}.unusable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, to);
  log(`${why}: moved it aside to ${to} (kept, not deleted), starting without it`);
  return to;
}

/** Resolves the anvil binary shipped by npm's `@foundry-rs/anvil-<os>-<arch>`. */
export function anvilBinary(): string {
  const os = process.platform === 'win32' ? 'win32' : process.platform;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const local = join(REPO_ROOT, 'node_modules', '@foundry-rs', `anvil-${os}-${arch}`, 'bin', exe);
  return existsSync(local) ? local : exe;
}

async function rpcChainId(rpcUrl: string): Promise<number | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { result?: string };
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : null;
  } catch {
    return null;
  }
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilHandle> {
  const port = opts.port ?? DEFAULT_ANVIL_PORT;
  // with port 0 the address is known once anvil says which port it bound
  let rpcUrl = port === 0 ? '' : `http://127.0.0.1:${port}`;
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const chainId = opts.chainId ?? LOCAL_CHAIN_ID;

  if (opts.reuse !== false && port !== 0) {
    const running = await rpcChainId(rpcUrl);
    if (running !== null) {
      if (running !== chainId) {
        throw new Error(`a chain with id ${running} already answers on ${rpcUrl} (expected ${chainId})`);
      }
      return { rpcUrl, reused: true, stop: async () => {}, persist: async () => {} };
    }
  }

  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    LOCAL_MNEMONIC,
    '--accounts',
    String(ANVIL_ACCOUNTS),
  ];
  if (opts.blockTime) args.push('--block-time', String(opts.blockTime));
  const stateFile = opts.stateFile === undefined ? DEFAULT_STATE_FILE : opts.stateFile;
  const log = opts.log ?? ((line: string) => console.log(line));
  if (stateFile !== null) {
    mkdirSync(dirname(stateFile), { recursive: true });
    // this process writes the file (after every block, whole files only); anvil only reads it
    if (existsSync(stateFile)) {
      let whole = false;
      try {
        JSON.parse(readFileSync(stateFile, 'utf8'));
        whole = true;
      } catch {}
      if (whole) args.push('--load-state', stateFile);
      else moveAside(stateFile, `the chain's state file ${stateFile} is not a whole state (not JSON)`, log);
    }
  }

  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    if (opts.verbose) process.stdout.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | null = null;
  child.once('error', (err) => {
    spawnError = err;
  });

  let stopped: Promise<void> | null = null;
  // one write at a time; a block that comes during a write is written by the next poll
  let writing: Promise<void> = Promise.resolve();
  let lastWritten = -1n;
  let lastWrittenAt = 0;
  let poller: NodeJS.Timeout | null = null;
  const persist = (): Promise<void> => {
    if (stateFile === null || rpcUrl === '') return Promise.resolve();
    writing = writing.then(() => writeAnvilState(rpcUrl, stateFile)).catch(() => {});
    return writing;
  };
  const killOnExit = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().then(() => {
      // Leave the exit to the program when it handles the signal itself.
      if (process.listenerCount(signal) === 0) process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  const stop = (): Promise<void> => {
    if (stopped) return stopped;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', killOnExit);
    stopped = (async () => {
      if (poller) clearInterval(poller);
      if (child.exitCode !== null || child.signalCode !== null) return;
      await persist();
      child.kill('SIGTERM');
      if (!(await waitExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitExit(child, 5_000);
      }
    })();
    return stopped;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', killOnExit);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (rpcUrl === '') {
      // anvil prints the port it bound: `Listening on 127.0.0.1:40123`
      const bound = /Listening on [\d.]+:(\d+)/.exec(output)?.[1];
      if (bound) rpcUrl = `http://127.0.0.1:${bound}`;
    }
    if (spawnError) {
      await stop();
      throw new Error(`could not start anvil (${anvilBinary()}): ${(spawnError as Error).message}`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`anvil exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`);
    }
    if (rpcUrl !== '' && (await rpcChainId(rpcUrl)) === chainId) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer on ${rpcUrl} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (stateFile !== null) {
    await persist();
    let busy = false;
    poller = setInterval(() => {
      if (busy) return;
      busy = true;
      rpc<string>(rpcUrl, 'eth_blockNumber')
        .then(async (hex) => {
          const n = BigInt(hex);
          // also every few seconds: anvil_setBalance or a clock move change the state without a block
          if (n !== lastWritten || Date.now() - lastWrittenAt > PERSIST_IDLE_MS) {
            lastWrittenAt = Date.now();
            await persist();
            lastWritten = n;
          }
        })
        .catch(() => {})
        .finally(() => {
          busy = false;
        });
    }, PERSIST_POLL_MS);
    poller.unref();
  }
  return { rpcUrl, reused: false, stop, persist, pid: child.pid };
}

async function anvilRpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined)
    throw new Error(`${method} failed: ${body.error?.message ?? res.status}`);
  return body.result;
}

/**
 * The whole chain (accounts, code, storage, blocks, transactions and their logs) as anvil's
 * `anvil_dumpState` gives it: a chain loaded from it (`loadState`) has the same block numbers,
 * hashes and logs, so an indexer reading from the deployment's start block sees the same history.
 */
export function dumpState(rpcUrl: string): Promise<string> {
  return anvilRpc<string>(rpcUrl, 'anvil_dumpState');
}

/** Loads a `dumpState` result into a fresh anvil (milliseconds, where deploying takes seconds). */
export async function loadState(rpcUrl: string, state: string): Promise<void> {
  await anvilRpc<boolean>(rpcUrl, 'anvil_loadState', [state]);
}

/** Whether a server can listen on `port` of 127.0.0.1 now. */
export async function portFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `wanted` when it is free, else any free port (a test stack that prefers a known port). */
export async function freePortOr(wanted: number): Promise<number> {
  return (await portFree(wanted)) ? wanted : freePort();
}

/** A free TCP port on 127.0.0.1 (for tests that need their own chain). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const anvil = await startAnvil({ verbose: process.argv.includes('--verbose') });
  console.log(anvil.reused ? `anvil already running at ${anvil.rpcUrl}` : `anvil started at ${anvil.rpcUrl}`);
  if (anvil.reused) process.exit(0);
}
