// Proof of liabilities on anvil: a snapshot counts every claim reconcile counts, split by user (its
// totals are reconcile's "owed" at the same instant); each user's proof from the API verifies with
// protocol's verifier against the root the hot wallet published through its outbox.
import { liabilitiesAbi } from '@free/protocol/abi/index';
import { parseAddress } from '@free/protocol/address';
import { parseAmount } from '@free/protocol/amount';
import type { LiabilitiesData, LiabilitiesProofData } from '@free/protocol/api/liabilities';
import { publicationProblem, verifyLiabilityProof } from '@free/protocol/liabilities-verify';
import { sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  closeApp,
  makeApp,
  setModules,
  signIn,
  type TestCtx,
} from '../../test/helpers.ts';
import { localAccount, startTestChain, type TestChain } from '../../test/support/test-chain.ts';
import { rows } from '../db/client.ts';
import { queueOnce } from '../jobs/hot-wallet.ts';
import { type LiabilitiesOptions, signPublication, snapshotAndPublish } from '../jobs/liabilities.ts';
import { runOps } from '../ops/commands.ts';
import { subscribe } from './hlb.ts';
import { type Asset, systemAccount, transfer, userAccount } from './ledger.ts';
import { takeLiabilitySnapshot } from './liabilities.ts';
import { ledgerOwed } from './reconcile.ts';

let chain: TestChain;
const hot = localAccount(11);

beforeAll(async () => {
  chain = await startTestChain();
}, 180_000);
afterAll(async () => {
  await chain?.stop();
});

const wei = (text: string) => {
  const v = parseAmount(text);
  if (typeof v !== 'bigint') throw new Error(`not an amount: ${text}`);
  return v;
};

/** The API's proof in wei, as the web and the command line read it. */
const inWei = (p: LiabilitiesProofData) => ({
  id: p.id,
  root: { hash: p.root, usdt: wei(p.usdt), free: wei(p.free) },
  leafCount: p.leafCount,
  leaf: { ...p.leaf, usdt: wei(p.leaf.usdt), free: wei(p.leaf.free) },
  path: p.path.map((n) => ({ hash: n.hash, usdt: wei(n.usdt), free: wei(n.free) })),
});

describe.each(BACKEND)('proof of liabilities on $name', ({ url }) => {
  let t: TestCtx;
  let o: LiabilitiesOptions;
  const credit = (userId: number, asset: Asset, amount: bigint) =>
    t.db.transaction((tx) =>
      transfer(tx, {
        key: `liabilities-test:${userId}:${asset}:${amount}:${Math.random()}`,
        from: systemAccount('recharge'),
        to: userAccount(userId),
        asset,
        amount,
        kind: 'recharge',
      }),
    );
  const proofOf = async (token: string, id?: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/user/liabilities/proof${id ? `?id=${id}` : ''}`,
        headers: authHeaders(t, token),
      })
    ).json() as { code: number; data: LiabilitiesProofData };
  const latestOnChain = async () => {
    const [id, root, usdt, free, leafCount, at] = await chain.client.readContract({
      address: chain.deployment.liabilities,
      abi: liabilitiesAbi,
      functionName: 'latest',
    });
    return { id: BigInt(id), root, usdt, free, leafCount: BigInt(leafCount), at: BigInt(at) };
  };

  beforeAll(async () => {
    t = await makeApp(url, {
      config: { deployment: chain.deployment, rpcUrl: chain.rpcUrl },
      chain: { publicClient: chain.client },
    });
    o = {
      db: t.db,
      client: chain.client,
      account: hot,
      chainId: 31337,
      contract: chain.deployment.liabilities,
      finalityDepth: 0,
    };
    await setModules(t.db.db, { huan_li_bao: true });
  }, 120_000);
  afterAll(async () => {
    await closeApp(t);
  });

  it('counts every claim per user; the totals are reconcile’s owed; each proof verifies against the published root', async () => {
    const alice = account(`liab-alice-${url}`);
    const bob = account(`liab-bob-${url}`);
    const a = await signIn(t, alice);
    const b = await signIn(t, bob);
    await credit(a.userId, 'USDT', parseEther('100'));
    await credit(a.userId, 'FREE', parseEther('7.5'));
    await credit(b.userId, 'USDT', parseEther('3'));
    // Huan Li Bao principal leaves the balance for system:fees and is still Alice's claim
    await subscribe(t.db, { userId: a.userId, product: 'flexible', amount: '40', now: new Date() });
    // a withdrawal debited and not paid yet is still owed to Bob
    await t.db.transaction(async (tx) => {
      const key = `liabilities-test:out:${b.userId}:${Math.random()}`;
      await transfer(tx, {
        key,
        from: userAccount(b.userId),
        to: systemAccount('payout'),
        asset: 'USDT',
        amount: parseEther('2'),
        kind: 'withdraw',
      });
      await tx.execute(
        sql`INSERT INTO withdrawals (user_id, asset, amount, to_address, ledger_key)
            VALUES (${b.userId}, 'USDT', ${parseEther('2').toString()}, ${localAccount(19).address}, ${key})`,
      );
    });

    const owed = await ledgerOwed(t.db.db, chain.client);
    const s = await takeLiabilitySnapshot(t.db, chain.client, new Date(), chain.deployment.liabilities);
    expect({ usdt: s.usdt, free: s.free }).toEqual({ usdt: owed.USDT, free: owed.FREE });
    expect(s.state).toBe('stored');

    // not published yet: the latest published snapshot is asked for by default
    expect((await proofOf(a.token)).code).toBe(404);
    expect(await signPublication(o)).toMatchObject({ id: s.id });
    // one publication on its way at a time
    expect(await signPublication(o)).toBeNull();
    await queueOnce(o);
    await queueOnce(o);
    const [row] = await rows<{ state: string }>(
      t.db.db,
      sql`SELECT state FROM liability_snapshots WHERE id = ${s.id}`,
    );
    expect(row?.state).toBe('published');

    const onChain = await latestOnChain();
    for (const [who, me, usdt, free] of [
      [alice, a, '100', '7.5'],
      [bob, b, '3', '0'],
    ] as const) {
      const r = await proofOf(me.token);
      expect(r.code).toBe(200);
      expect({ usdt: r.data.leaf.usdt, free: r.data.leaf.free }).toEqual({ usdt, free });
      expect(r.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(r.data.contract).toBe(chain.deployment.liabilities);
      const proof = inWei(r.data);
      expect(verifyLiabilityProof(proof, parseAddress(who.address))).toMatchObject({ ok: true });
      expect(publicationProblem(proof, onChain)).toBeNull();
      // Alice's proof is not Bob's
      const other = who === alice ? bob : alice;
      expect(verifyLiabilityProof(proof, parseAddress(other.address))).toMatchObject({
        ok: false,
        failed: 'userHash',
      });
    }

    const pub = (
      await t.app.inject({ method: 'GET', url: '/api/common/liabilities', headers: BASE_HEADERS })
    ).json() as {
      code: number;
      data: LiabilitiesData;
    };
    expect(pub.code).toBe(200);
    expect(pub.data.latest).toMatchObject({ id: s.id, root: s.root, userCount: s.userCount });
    const usdtReserve = pub.data.reserves.find((r) => r.token === 'USDT');
    expect(wei(usdtReserve?.total ?? '0')).toBeGreaterThan(0n);
    expect(usdtReserve?.coverage).toMatch(/^\d+\.\d{4}$/);
  }, 120_000);

  it('a later snapshot takes a higher id; the earlier proof stays answerable by id', async () => {
    const carol = account(`liab-carol-${url}`);
    const c = await signIn(t, carol);
    await credit(c.userId, 'FREE', parseEther('11'));
    const before = (await latestOnChain()).id;
    const r = await runOps(['liabilities:publish'], { db: t.db, liabilities: o, actor: 'test' });
    expect(r).toMatchObject({ ok: true, result: { signed: true } });
    await queueOnce(o);
    const after = await latestOnChain();
    expect(after.id).toBeGreaterThan(before);
    const now = await proofOf(c.token);
    expect(now.data).toMatchObject({ id: Number(after.id), leaf: { free: '11' } });
    expect(verifyLiabilityProof(inWei(now.data), parseAddress(carol.address)).ok).toBe(true);
    // Carol had no leaf in the earlier snapshot
    expect((await proofOf(c.token, Number(before))).code).toBe(404);
    // a snapshot stored while another waits is published after it, and older stored ones never
    const first = await snapshotAndPublish(o, new Date());
    const second = await takeLiabilitySnapshot(t.db, chain.client, new Date(), chain.deployment.liabilities);
    expect(first.signed).toBe(true);
    await queueOnce(o);
    expect((await signPublication(o))?.id).toBe(second.id);
    await queueOnce(o);
    expect((await latestOnChain()).id).toBe(BigInt(second.id));
  }, 120_000);

  it('refuses without a chain or Liabilities contract', async () => {
    expect(await runOps(['liabilities:publish'], { db: t.db, actor: 'test' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no chain connection'),
    });
  });
});
