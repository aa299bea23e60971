// startAnvil: the chain survives a restart through its state file, a running chain is reused and left
// alone, and a foreign chain on the port is refused; a dumped chain loads into another with its history.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpState, loadState, startAnvil } from '@free/devchain/anvil';
import { localAccount } from '@free/devchain/deploy';
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
