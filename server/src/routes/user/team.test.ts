// team_info, direct_list and stake_ref_address through the HTTP API (sign-in with ?inviter=).
import { WEI_PER_UNIT as U } from '@free/protocol/amount';
import { type Address, decodeAbiParameters, getAddress, recoverTypedDataAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  closeApp,
  DEPLOYMENT,
  makeApp,
  signIn,
  snapshot,
  type TestCtx,
} from '../../../test/helpers.ts';
import { INVITER_TYPES, inviterDomain } from '../../chain/inviter-signature.ts';
import { applyStakeChange } from '../../services/team.ts';

describe.each(BACKEND)('team routes on $name', ({ url }) => {
  let t: TestCtx;
  beforeAll(async () => {
    t = await makeApp(url);
  });
  afterAll(async () => {
    await closeApp(t);
  });

  const get = (token: string, path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: authHeaders(t, token) }).then((r) => r.json());

  it('counts the team built by sign-ins with an inviter, and pages the direct list', async () => {
    const root = account('team-root');
    const r = await signIn(t, root);
    const kids: { acct: ReturnType<typeof account>; token: string; userId: number }[] = [];
    for (let i = 0; i < 21; i++) {
      const kid = account(`team-kid-${i}`);
      kids.push({ acct: kid, ...(await signIn(t, kid, root.address)) });
    }
    const grandkid = account('team-grandkid');
    const g = await signIn(t, grandkid, kids[0]?.acct.address);
    await t.db.transaction((tx) =>
      applyStakeChange(tx, {
        userId: g.userId,
        principalDelta: 98n * U,
        amountDelta: 100n * U,
        activeDelta: 1,
        cycle: 2,
        at: t.clock.get(),
      }),
    );
    await t.db.transaction((tx) =>
      applyStakeChange(tx, {
        userId: kids[1]?.userId as number,
        principalDelta: 49n * U,
        amountDelta: 50n * U,
        activeDelta: 1,
        cycle: 0,
        at: t.clock.get(),
      }),
    );

    const info = await get(r.token, '/api/user/team_info');
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({
      teamCount: 22,
      directCount: 21,
      validCount: 2,
      marketMakers: 1,
      newToday: 22,
      validToday: 2,
      totalPerformance: '147',
      zoneA: '98',
      zoneB: '49',
      level: 'V0',
      nodeTier: 'ordinary',
    });

    const p1 = await get(r.token, '/api/user/direct_list?page=1');
    const p2 = await get(r.token, '/api/user/direct_list?page=2');
    expect(p1.data.total).toBe(21);
    expect(p1.data.list).toHaveLength(20);
    expect(p2.data.list).toHaveLength(1);
    const kid0 = p1.data.list
      .concat(p2.data.list)
      .find((m: { address: string }) => m.address === kids[0]?.acct.address);
    expect(kid0).toMatchObject({ teamCount: 1, performance: '98', ownPrincipal: '0', isValid: false });
  });

  it('signs the inviter chain for stakeWithInviter with a fresh nonce each time', async () => {
    const a = account('ref-a');
    const b = account('ref-b');
    const c = account('ref-c');
    await signIn(t, a);
    await signIn(t, b, a.address);
    const me = await signIn(t, c, b.address);
    const one = await get(me.token, '/api/user/stake_ref_address');
    const two = await get(me.token, '/api/user/stake_ref_address');
    expect(one.code).toBe(200);
    expect(one.data.parents).toEqual([b.address, a.address]);
    expect(one.data.nonce).not.toBe(two.data.nonce);
    const [nonce, deadline] = decodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint256' }],
      one.data.message,
    );
    expect(nonce.toString()).toBe(one.data.nonce);
    expect(Number(deadline)).toBe(one.data.deadline);
    expect(Number(deadline) * 1000).toBeGreaterThan(t.clock.get().getTime());
    const signer = await recoverTypedDataAddress({
      domain: inviterDomain(31337, DEPLOYMENT.staking as Address),
      types: INVITER_TYPES,
      primaryType: 'Inviter',
      message: { user: c.address, parents: one.data.parents, nonce, deadline },
      signature: one.data.signature,
    });
    expect(signer).toBe(getAddress(privateKeyToAccount(t.config.signerKey).address));
  });

  it('refuses bad input and missing sessions with a code, changing nothing', async () => {
    const u = account('team-bad');
    const s = await signIn(t, u);
    const before = await snapshot(t.db);
    for (const q of ['page=0', 'page=abc', 'size=1000', 'page=-1']) {
      const res = await get(s.token, `/api/user/direct_list?${q}`);
      expect(res.code, q).toBe(400);
    }
    for (const path of ['/api/user/team_info', '/api/user/direct_list', '/api/user/stake_ref_address']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: BASE_HEADERS });
      expect(res.json().code, path).toBe(401);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses an inviter that would make a cycle at sign-in', async () => {
    const x = account('cycle-x');
    const y = account('cycle-y');
    await signIn(t, x);
    await signIn(t, y, x.address);
    // x is already a user without inviter; signing in again with y as inviter would close a loop
    await expect(signIn(t, x, y.address)).rejects.toThrow(/"code":1104/);
  });
});
