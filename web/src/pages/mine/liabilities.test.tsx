// Proof of liabilities page: what the user sees counted, each Verify step as it passes or fails, and
// the empty state when no published snapshot counts them. The chain (the contract's publication) is
// the edge stood in for; the proof is a real one from protocol's tree.
import { parseAddress } from '@free/protocol/address';
import { toDecimalString } from '@free/protocol/amount';
import { buildLiabilityTree, liabilityProof, randomSalt } from '@free/protocol/liabilities';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { parseEther } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle, untilAnswered } from '../../test-utils';
import Liabilities from './Liabilities';

const ADDRESS = parseAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const others = Array.from({ length: 4 }, () => parseAddress(privateKeyToAddress(randomSalt())));
const tree = buildLiabilityTree([
  { user: ADDRESS, salt: randomSalt(), usdt: parseEther('12.5'), free: parseEther('3') },
  ...others.map((user) => ({ user, salt: randomSalt(), usdt: parseEther('1'), free: 0n })),
]);
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const chainReads: number[] = [];

vi.mock('../../api/liabilities', async (original) => ({
  ...(await original<typeof import('../../api/liabilities')>()),
  readPublication: async (_contract: string, id: number) => {
    chainReads.push(id);
    return {
      id: BigInt(id),
      root: tree.root.hash,
      usdt: tree.root.usdt,
      free: tree.root.free,
      leafCount: BigInt(tree.leafCount),
      at: 1n,
    };
  },
}));

function answer() {
  const leaf = tree.leaves.find((l) => l.user === ADDRESS);
  const p = liabilityProof(tree, leaf?.index ?? 0);
  return {
    id: 4,
    root: p.root.hash,
    usdt: toDecimalString(p.root.usdt),
    free: toDecimalString(p.root.free),
    leafCount: p.leafCount,
    publishedAt: '2026-11-20T10:00:00.000Z',
    txHash: `0x${'ab'.repeat(32)}`,
    contract: CONTRACT,
    leaf: { ...p.leaf, usdt: toDecimalString(p.leaf.usdt), free: toDecimalString(p.leaf.free) },
    path: p.path.map((n) => ({ hash: n.hash, usdt: toDecimalString(n.usdt), free: toDecimalString(n.free) })),
  };
}
let proof: ReturnType<typeof answer> | null = answer();

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  chainReads.length = 0;
  proof = answer();
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input).pathname;
      const body =
        path === '/api/user/liabilities/proof'
          ? proof
            ? { code: 200, msg: 'ok', data: proof }
            : { code: 404, msg: 'not found', data: null }
          : path === '/api/common/config'
            ? { code: 200, msg: 'ok', data: { chain_id: 31337 } }
            : { code: 200, msg: 'ok', data: { latest: null, reserves: [] } };
      return new Response(JSON.stringify(body));
    }),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

async function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <Liabilities />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await untilAnswered(qc);
  await settle();
}
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
const states = () =>
  [...document.querySelectorAll('[data-testid="liabilities-steps"] li')].map((li) =>
    li.getAttribute('data-state'),
  );
const verify = async () => {
  await act(async () =>
    document.querySelector<HTMLButtonElement>('[data-testid="liabilities-verify"]')?.click(),
  );
  await settle();
};

describe('proof of liabilities page', () => {
  it('shows what is counted and verifies every step, the chain last', async () => {
    await renderPage();
    expect(text('liabilities-usdt')).toContain('12.5');
    expect(text('liabilities-free')).toContain('3');
    await verify();
    expect(states()).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(chainReads).toEqual([4]);
    expect(text('liabilities-verified')).toContain('Verified');
  });

  it('stops at the root when an amount was changed, and never asks the chain', async () => {
    proof = { ...answer(), leaf: { ...answer().leaf, usdt: '13' } };
    await renderPage();
    await verify();
    expect(states()).toEqual(['ok', 'ok', 'ok', 'failed', 'waiting']);
    expect(chainReads).toEqual([]);
    expect(document.querySelector('[data-testid="liabilities-verified"]')).toBeNull();
    expect(text('liabilities-failed')).toContain('failed');
  });

  it('says so when no published snapshot counts the user', async () => {
    proof = null;
    await renderPage();
    expect(document.body.textContent).toContain('No published snapshot counts you yet');
    expect(document.querySelector('[data-testid="liabilities-verify"]')).toBeNull();
  });
});
