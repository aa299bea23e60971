// startAnvil: the chain survives a restart through its state file — also a kill without warning,
// which finds the file at the last block — a running chain is reused and left alone, a foreign
// chain on the port is refused, and a dumped chain loads into another with its history.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpState, loadState, startAnvil } from '@free/devchain/anvil';
import { localAccount } from '@free/devchain/deploy';
import { until } from '@free/devchain/wait';
import { createTestClient, http, parseEther, publicActions } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'free-anvil-'));
const someone = '0x00000000000000000000000000000000000000Aa';

function client(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).extend(publicActions);
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startAnvil', () => {
  it('keeps the chain across a restart when given a state file', async () => {
    // each start binds a port the system gives it: a port probed free could be taken in between
    const stateFile = join(dir, 'state.json');
    const first = await startAnvil({ port: 0, stateFile, reuse: false });
    expect(first.reused).toBe(false);
    await client(first.rpcUrl).setBalance({ address: someone, value: parseEther('7') });
    await client(first.rpcUrl).mine({ blocks: 3 });
    await first.stop();

    const second = await startAnvil({ port: 0, stateFile, reuse: false });
    try {
      const c = client(second.rpcUrl);
      expect(await c.getChainId()).toBe(31337);
      expect(await c.getBlockNumber()).toBe(3n);
      expect(await c.getBalance({ address: someone })).toBe(parseEther('7'));
    } finally {
      await second.stop();
    }
  });

  it('keeps every block in the state file: killed with SIGKILL, it restarts at its last block', async () => {
    const stateFile = join(dir, 'killed.json');
    const first = await startAnvil({ port: 0, stateFile, reuse: false });
    const c = client(first.rpcUrl);
    /** the block number of the state file on disk */
    const fileBlock = () => {
      if (!existsSync(stateFile)) return -1;
      return Number(
        (JSON.parse(readFileSync(stateFile, 'utf8')) as { block: { number: string } }).block.number,
      );
    };
    for (let n = 1; n <= 3; n++) {
      await c.setBalance({ address: someone, value: parseEther(String(n)) });
      await c.mine({ blocks: 1 });
      // written within seconds of each block (anvil's own --state-interval 5 could take five)
      await until(`the state file at block ${n}`, async () => fileBlock() === n, 4_000, 20);
    }
    process.kill(first.pid as number, 'SIGKILL');
    await first.stop();

    const second = await startAnvil({ port: 0, stateFile, reuse: false });
    try {
      const d = client(second.rpcUrl);
      expect(await d.getBlockNumber()).toBe(3n);
      expect(await d.getBalance({ address: someone })).toBe(parseEther('3'));
    } finally {
      await second.stop();
    }
  });

  it('moves a state file it cannot load aside, with a line saying where, and starts a fresh chain', async () => {
    const stateFile = join(dir, 'torn.json');
    writeFileSync(stateFile, '{"block":{"number":"0x5"');
    const lines: string[] = [];
    const anvil = await startAnvil({ port: 0, stateFile, reuse: false, log: (l) => lines.push(l) });
    try {
      expect(await client(anvil.rpcUrl).getBlockNumber()).toBe(0n);
      const aside = readdirSync(dir).find((f) => f.startsWith('torn.json.unusable-'));
      expect(aside).toBeDefined();
      expect(readFileSync(join(dir, aside as string), 'utf8')).toBe('{"block":{"number":"0x5"');
      expect(lines).toEqual([
        `the chain's state file ${stateFile} is not a whole state (not JSON): moved it aside to ${join(dir, aside as string)} (kept, not deleted), starting without it`,
      ]);
    } finally {
      await anvil.stop();
    }
  });

  it('starts fresh without a state file', async () => {
    const anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
    try {
      expect(await client(anvil.rpcUrl).getBlockNumber()).toBe(0n);
    } finally {
      await anvil.stop();
    }
  });

  it('port 0: chains started side by side each get their own port and their own chain', async () => {
    const chains = await Promise.all(
      Array.from({ length: 3 }, () => startAnvil({ port: 0, stateFile: null, reuse: false })),
    );
    try {
      expect(new Set(chains.map((c) => c.rpcUrl)).size).toBe(3);
      await client(chains[0]?.rpcUrl ?? '').mine({ blocks: 2 });
      const heights = await Promise.all(chains.map((c) => client(c.rpcUrl).getBlockNumber()));
      expect(heights).toEqual([2n, 0n, 0n]);
    } finally {
      await Promise.all(chains.map((c) => c.stop()));
    }
  });

  it('reuses a chain already running on the port and leaves it running on stop', async () => {
    const owner = await startAnvil({ port: 0, stateFile: null });
    const port = Number(new URL(owner.rpcUrl).port);
    try {
      const guest = await startAnvil({ port, stateFile: null });
      expect(guest.reused).toBe(true);
      expect(guest.rpcUrl).toBe(owner.rpcUrl);
      await guest.stop();
      expect(await client(owner.rpcUrl).getChainId()).toBe(31337);
    } finally {
      await owner.stop();
    }
    await expect(client(owner.rpcUrl).getChainId()).rejects.toThrow();
  });

  it('dumpState / loadState: the loaded chain has the same blocks, transactions and balances', async () => {
    // the server tests' chain template (server/test/support/test-chain.ts) relies on this: an indexer
    // reading a loaded chain from the deployment's start block must see the deployment's history
    const [from, to] = await Promise.all([
      startAnvil({ port: 0, stateFile: null, reuse: false }),
      startAnvil({ port: 0, stateFile: null, reuse: false }),
    ]);
    try {
      const a = client(from.rpcUrl);
      const hash = await a.sendUnsignedTransaction({
        from: localAccount(1).address,
        to: someone,
        value: 42n,
      });
      await a.mine({ blocks: 2 });
      const head = await a.getBlock();
      await loadState(to.rpcUrl, await dumpState(from.rpcUrl));

      const b = client(to.rpcUrl);
      expect((await b.getBlock()).hash).toBe(head.hash);
      expect((await b.getTransactionReceipt({ hash })).status).toBe('success');
      expect(await b.getBalance({ address: someone })).toBe(42n);
      await b.mine({ blocks: 1 });
      expect(await b.getBlockNumber()).toBe(head.number + 1n);
    } finally {
      await Promise.all([from.stop(), to.stop()]);
    }
  });

  it('refuses to reuse a chain with another chain id', async () => {
    const other = await startAnvil({ port: 0, stateFile: null, chainId: 97 });
    const port = Number(new URL(other.rpcUrl).port);
    try {
      await expect(startAnvil({ port, stateFile: null })).rejects.toThrow(/chain with id 97/);
    } finally {
      await other.stop();
    }
  });
});
