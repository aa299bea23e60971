// `npm run verify-liabilities`: a downloaded proof is checked against the Liabilities contract on a
// chain without the API; a tampered proof, another address, or another chain is refused.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnvilHandle, startAnvil } from '@free/devchain/anvil';
import { ensureContractsBuilt, localAccount, localChain, ownArtifact } from '@free/devchain/deploy';
import { liabilitiesAbi } from '@free/protocol/abi/index';
import { parseAddress } from '@free/protocol/address';
import { toDecimalString } from '@free/protocol/amount';
import { buildLiabilityTree, liabilityProof, randomSalt } from '@free/protocol/liabilities';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProofFile } from '../src/verify-liabilities.ts';

let anvil: AnvilHandle;
let contract: Address;
const dir = mkdtempSync(join(tmpdir(), 'verify-liabilities-'));
const users = Array.from({ length: 5 }, () => parseAddress(privateKeyToAddress(randomSalt())));
const tree = buildLiabilityTree(
  users.map((user, i) => ({
    user,
    salt: randomSalt(),
    usdt: parseEther(String(i + 1)),
    free: parseEther('0.5'),
  })),
);

/** The file the web's download writes for `user` (web/src/api/liabilities.ts proofFile). */
function fileFor(user: Address, over: Record<string, unknown> = {}) {
  const leaf = tree.leaves.find((l) => l.user === user);
  if (!leaf) throw new Error('no leaf');
  const p = liabilityProof(tree, leaf.index);
  return {
    scheme: 'free-liabilities-v1',
    chainId: 31337,
    address: user,
    id: 1,
    root: p.root.hash,
    usdt: toDecimalString(p.root.usdt),
    free: toDecimalString(p.root.free),
    leafCount: p.leafCount,
    publishedAt: new Date().toISOString(),
    txHash: null,
    contract,
    leaf: { ...p.leaf, usdt: toDecimalString(p.leaf.usdt), free: toDecimalString(p.leaf.free) },
    path: p.path.map((n) => ({ hash: n.hash, usdt: toDecimalString(n.usdt), free: toDecimalString(n.free) })),
    ...over,
  };
}

beforeAll(async () => {
  anvil = await startAnvil({ port: 0, stateFile: null, reuse: false });
  ensureContractsBuilt();
  const chain = localChain(anvil.rpcUrl);
  const pub = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const owner = localAccount(0);
  const wallet = createWalletClient({ account: owner, chain, transport: http(anvil.rpcUrl) });
  const art = ownArtifact('Liabilities');
  const deployed = await pub.waitForTransactionReceipt({
    hash: await wallet.deployContract({
      abi: art.abi,
      bytecode: art.bytecode,
      args: [owner.address, owner.address],
    }),
  });
  contract = deployed.contractAddress as Address;
  await pub.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: contract,
      abi: liabilitiesAbi,
      functionName: 'publish',
      args: [1n, tree.root.hash, tree.root.usdt, tree.root.free, BigInt(tree.leafCount)],
    }),
  });
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run verify-liabilities', () => {
  it('verifies every user’s downloaded proof against the published root', async () => {
    for (const user of users) {
      const lines = await verifyProofFile(JSON.stringify(fileFor(user)), anvil.rpcUrl);
      expect(lines.map((l) => l.ok)).toEqual([true, true, true, true, true]);
    }
  });

  it('refuses a tampered amount, another address, an unpublished id and another chain', async () => {
    const user = users[0] as Address;
    const good = fileFor(user);
    const failed = async (f: unknown) =>
      (await verifyProofFile(JSON.stringify(f), anvil.rpcUrl)).find((l) => !l.ok);
    expect(await failed({ ...good, leaf: { ...good.leaf, usdt: '1000' } })).toMatchObject({ ok: false });
    expect((await failed({ ...good, address: users[1] }))?.step).toMatch(/leaf is/);
    expect((await failed({ ...good, id: 2 }))?.detail).toMatch(/no publication/);
    expect((await failed({ ...good, chainId: 56 }))?.detail).toMatch(/chain 31337/);
    expect((await failed({ ...good, path: good.path.slice(1) }))?.ok).toBe(false);
    expect((await failed({ nonsense: true }))?.step).toBe('read the proof file');
  });

  it('exits 0 for a good proof and 1 for a tampered one', async () => {
    const run = (file: string) =>
      new Promise<{ code: number | null; out: string }>((done) => {
        const cli = fileURLToPath(new URL('../src/verify-liabilities.ts', import.meta.url));
        const child = spawn(process.execPath, ['--import', 'tsx', cli, file, '--rpc', anvil.rpcUrl], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
        });
        child.once('exit', (code) => done({ code, out }));
      });
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    const f = fileFor(users[2] as Address);
    writeFileSync(good, JSON.stringify(f));
    writeFileSync(bad, JSON.stringify({ ...f, usdt: '1' }));
    const ok = await run(good);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain('verified');
    const no = await run(bad);
    expect(no.code).toBe(1);
    expect(no.out).toContain('NOT verified');
  }, 60_000);
});
