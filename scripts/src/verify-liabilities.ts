// `npm run verify-liabilities -- proof.json [--rpc URL]`: checks a proof of liabilities downloaded
// from the app (docs/proof-of-liabilities.md) without the API: protocol's verifier recomputes the
// root from the leaf and its path (and checks the leaf is the file's address), then the Liabilities
// contract named in the file is asked for that snapshot's publication on the chain at URL (default
// RPC_URL, else http://127.0.0.1:8545), whose chain id must be the file's. Exit 0 when every step
// passes, 1 otherwise.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liabilitiesAbi } from '@free/protocol/abi/index';
import { parseAddress } from '@free/protocol/address';
import { isAmountError, parseAmount } from '@free/protocol/amount';
import { liabilitiesProofData } from '@free/protocol/api/liabilities';
import {
  type ProofToVerify,
  publicationProblem,
  verifyLiabilityProof,
} from '@free/protocol/liabilities-verify';
import { createPublicClient, http } from 'viem';
import { z } from 'zod';

const proofFileSchema = liabilitiesProofData.extend({
  chainId: z.number().int().positive(),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
});
export type ProofFile = z.infer<typeof proofFileSchema>;

export type Line = { step: string; ok: boolean; detail?: string };

function wei(text: string, field: string): bigint {
  const v = parseAmount(text);
  if (isAmountError(v)) throw new Error(`${field} is not an amount: ${text}`);
  return v;
}

export function proofInWei(p: ProofFile): ProofToVerify & { id: number } {
  return {
    id: p.id,
    root: { hash: p.root, usdt: wei(p.usdt, 'usdt'), free: wei(p.free, 'free') },
    leafCount: p.leafCount,
    leaf: { ...p.leaf, usdt: wei(p.leaf.usdt, 'leaf.usdt'), free: wei(p.leaf.free, 'leaf.free') },
    path: p.path.map((n, k) => ({
      hash: n.hash,
      usdt: wei(n.usdt, `path[${k}].usdt`),
      free: wei(n.free, `path[${k}].free`),
    })),
  };
}

/** Every step with its outcome; stops at the first that fails. */
export async function verifyProofFile(text: string, rpcUrl: string): Promise<Line[]> {
  const lines: Line[] = [];
  let file: ProofFile;
  try {
    file = proofFileSchema.parse(JSON.parse(text));
  } catch (err) {
    return [{ step: 'read the proof file', ok: false, detail: (err as Error).message.slice(0, 400) }];
  }
  const proof = proofInWei(file);
  const local = verifyLiabilityProof(proof, parseAddress(file.address));
  const names: Record<string, string> = {
    shape: 'the proof is complete and well formed',
    userHash: `the leaf is ${file.address}'s (keccak256(address, salt) = userHash)`,
    leaf: 'the leaf hash from userHash and the amounts',
    root: `the root recomputed from the path matches (USDT ${file.usdt}, FREE ${file.free})`,
  };
  for (const step of local.steps) lines.push({ step: names[step] ?? step, ok: true });
  if (!local.ok) {
    lines.push({ step: names[local.failed] ?? local.failed, ok: false, detail: local.reason });
    return lines;
  }
  const chainStep = `the Liabilities contract ${file.contract ?? '(none)'} published snapshot ${file.id} with this root`;
  try {
    if (!file.contract) throw new Error('the proof names no contract (not published yet)');
    const client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 1 }) });
    const chainId = await client.getChainId();
    if (chainId !== file.chainId)
      throw new Error(`the RPC serves chain ${chainId}, the proof is for chain ${file.chainId}`);
    const [id, root, usdt, free, leafCount, at] = await client.readContract({
      address: file.contract,
      abi: liabilitiesAbi,
      functionName: 'publication',
      args: [BigInt(file.id)],
    });
    const problem = publicationProblem(proof, {
      id: BigInt(id),
      root,
      usdt,
      free,
      leafCount: BigInt(leafCount),
      at: BigInt(at),
    });
    if (problem) throw new Error(problem);
    lines.push({
      step: chainStep,
      ok: true,
      detail: `published at ${new Date(Number(at) * 1000).toISOString()}`,
    });
  } catch (err) {
    lines.push({ step: chainStep, ok: false, detail: (err as Error).message.split('\n')[0] });
  }
  return lines;
}

async function main() {
  const argv = process.argv.slice(2).filter((a) => a !== '--');
  const at = argv.indexOf('--rpc');
  const rpcUrl = at >= 0 ? argv[at + 1] : (process.env.RPC_URL ?? 'http://127.0.0.1:8545');
  const file = argv.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!file || !rpcUrl) {
    process.stderr.write('usage: npm run verify-liabilities -- proof.json [--rpc URL]\n');
    process.exit(1);
  }
  const lines = await verifyProofFile(readFileSync(file, 'utf8'), rpcUrl);
  for (const l of lines)
    process.stdout.write(`${l.ok ? 'ok  ' : 'FAIL'}  ${l.step}${l.detail ? `: ${l.detail}` : ''}\n`);
  const ok = lines.length > 0 && lines.every((l) => l.ok);
  process.stdout.write(
    ok ? 'verified: this balance is counted in the published liabilities\n' : 'NOT verified\n',
  );
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: Error) => {
    process.stderr.write(`verify-liabilities: ${err.message}\n`);
    process.exit(1);
  });
}
