import { ErrorCode, errorMessage, httpStatusOf } from '@free/protocol';
import { MAX_SIGNATURE_BYTES } from '@free/protocol/api/common';
import { DAY_MS } from '@free/protocol/constants';
import { createPublicClient, custom, type PublicClient } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  closeApp,
  getNonce,
  makeApp,
  signIn,
  siweMessage,
  snapshot,
  type TestCtx,
} from './helpers.ts';

describe.each(BACKEND)('sign-in on $name', ({ url }) => {
  let t: TestCtx;
  beforeAll(async () => {
    t = await makeApp(url);
  });
  afterAll(() => closeApp(t));

  const login = (payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/common/login',
      headers: { ...BASE_HEADERS, 'accept-language': lang },
      payload,
    });

  it('signs in with a fresh nonce and returns a token and the user', async () => {
    const a = account('alice');
    const nonce = await getNonce(t, a.address);
    const message = siweMessage(a, nonce, t.clock.get());
    const r = await login({ message, signature: await a.signMessage({ message }) });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.user.address).toBe(a.address);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: authHeaders(t, body.data.token),
    });
    expect(me.json().data.address).toBe(a.address);
  });

  type Case = {
    name: string;
    code: number;
    build: () => Promise<Record<string, unknown>>;
    /** the attempt names a live nonce of its signer, which it uses up (one nonce, one attempt) */
    usesNonce?: true;
  };
  /** A message of `signer` on a fresh nonce, changed by `edit` before it is signed. */
  const edited = async (edit: (message: string) => string) => {
    const nonce = await getNonce(t, signer.address);
    const message = edit(siweMessage(signer, nonce, t.clock.get()));
    return { message, signature: await signer.signMessage({ message }) };
  };
  const signer = account('bob');
  const other = account('mallory');
  const cases: Case[] = [
    {
      name: 'a reused nonce',
      code: ErrorCode.NonceInvalid,
      build: async () => {
        const nonce = await getNonce(t, signer.address);
        const message = siweMessage(signer, nonce, t.clock.get());
        const payload = { message, signature: await signer.signMessage({ message }) };
        expect((await login(payload)).json().code).toBe(200);
        return payload;
      },
    },
    {
      name: 'a nonce issued to another address',
      code: ErrorCode.NonceInvalid,
      build: async () => {
        const nonce = await getNonce(t, other.address);
        const message = siweMessage(signer, nonce, t.clock.get());
        return { message, signature: await signer.signMessage({ message }) };
      },
    },
    {
      name: 'an unknown nonce',
      code: ErrorCode.NonceInvalid,
      build: async () => {
        const message = siweMessage(signer, 'deadbeefdeadbeefdeadbeef', t.clock.get());
        return { message, signature: await signer.signMessage({ message }) };
      },
    },
    {
      name: 'a wrong domain',
      code: ErrorCode.SiweWrongDomain,
      usesNonce: true,
      build: async () => {
        const nonce = await getNonce(t, signer.address);
        const message = siweMessage(signer, nonce, t.clock.get(), { domain: 'evil.example' });
        return { message, signature: await signer.signMessage({ message }) };
      },
    },
    {
      name: 'a wrong chain',
      code: ErrorCode.SiweWrongChain,
      usesNonce: true,
      build: async () => {
        const nonce = await getNonce(t, signer.address);
        const message = siweMessage(signer, nonce, t.clock.get(), { chainId: 56 });
        return { message, signature: await signer.signMessage({ message }) };
      },
    },
    {
      name: 'an expired message',
      code: ErrorCode.SiweInvalid,
      usesNonce: true,
      build: async () => {
        const nonce = await getNonce(t, signer.address);
        const now = t.clock.get();
        const message = siweMessage(signer, nonce, new Date(now.getTime() - 120_000), {
          expirationTime: new Date(now.getTime() - 1000),
        });
        return { message, signature: await signer.signMessage({ message }) };
      },
    },
    {
      name: 'a message issued in the future',
      code: ErrorCode.SiweInvalid,
      usesNonce: true,
      build: async () => {
        const nonce = await getNonce(t, signer.address);
        const message = siweMessage(signer, nonce, new Date(t.clock.get().getTime() + 3_600_000));
        return { message, signature: await signer.signMessage({ message }) };
      },
    },
    {
      name: "another address's signature",
      code: ErrorCode.BadSignature,
      usesNonce: true,
      build: async () => {
        const nonce = await getNonce(t, signer.address);
        const message = siweMessage(signer, nonce, t.clock.get());
        return { message, signature: await other.signMessage({ message }) };
      },
    },
    {
      name: 'an address that is not EIP-55 (all lower case)',
      code: ErrorCode.SiweInvalid,
      build: () => edited((m) => m.replace(signer.address, signer.address.toLowerCase())),
    },
    {
      name: 'a URI that is not a URI',
      code: ErrorCode.SiweInvalid,
      build: () => edited((m) => m.replace('URI: http://127.0.0.1:5173', 'URI: 127.0.0.1:5173 home')),
    },
    {
      name: 'a missing blank line',
      code: ErrorCode.SiweInvalid,
      build: () => edited((m) => m.replace(`${signer.address}\n\n`, `${signer.address}\n`)),
    },
    {
      name: 'a translated statement (not ASCII)',
      code: ErrorCode.SiweInvalid,
      build: () => edited((m) => m.replace(/\n\n.+\n\nURI/, '\n\nFREE にログインします。\n\nURI')),
    },
    {
      name: 'a garbage message',
      code: ErrorCode.SiweInvalid,
      build: async () => ({ message: 'hello', signature: `0x${'11'.repeat(65)}` }),
    },
    {
      name: 'the inviter being the signer',
      code: ErrorCode.InviterInvalid,
      build: async () => {
        const a = account('selfie');
        const nonce = await getNonce(t, a.address);
        const message = siweMessage(a, nonce, t.clock.get());
        return { message, signature: await a.signMessage({ message }), inviter: a.address };
      },
    },
    {
      name: 'an inviter who never signed in',
      code: ErrorCode.InviterInvalid,
      usesNonce: true,
      build: async () => {
        const a = account('newbie');
        const nonce = await getNonce(t, a.address);
        const message = siweMessage(a, nonce, t.clock.get());
        return { message, signature: await a.signMessage({ message }), inviter: account('ghost').address };
      },
    },
  ];

  it.each(cases)('refuses $name with its code and creates nothing', async (c) => {
    const payload = await c.build();
    const before = await snapshot(t.db);
    const r = await login(payload, 'ja');
    expect(r.statusCode).toBe(httpStatusOf(c.code));
    const body = r.json();
    expect(body.code).toBe(c.code);
    expect(body.data).toBeNull();
    expect(body.msg).toContain(errorMessage(c.code, 'ja'));
    // nothing but the nonce the attempt named
    const nonces_used = (before.nonces_used ?? 0) + (c.usesNonce ? 1 : 0);
    expect(await snapshot(t.db)).toEqual({ ...before, nonces_used });
  });

  it('binds the inviter once and never into a cycle', async () => {
    const root = account('root');
    const kid = account('kid');
    const rootS = await signIn(t, root);
    await signIn(t, kid, root.address);
    const me = (
      await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: authHeaders(t, (await signIn(t, kid)).token),
      })
    ).json();
    expect(me.data.inviter).toBe(root.address);
    // a later login with another inviter does not rebind
    const third = account('third');
    await signIn(t, third);
    await signIn(t, kid, third.address);
    const again = (
      await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: authHeaders(t, (await signIn(t, kid)).token),
      })
    ).json();
    expect(again.data.inviter).toBe(root.address);
    // root (no inviter yet) choosing its own descendant would make a cycle
    const nonce = await getNonce(t, root.address);
    const message = siweMessage(root, nonce, t.clock.get());
    const before = await snapshot(t.db);
    const r = await login({ message, signature: await root.signMessage({ message }), inviter: kid.address });
    expect(r.json().code).toBe(ErrorCode.InviterInvalid);
    // nothing but the nonce, which the attempt used up
    expect(await snapshot(t.db)).toEqual({ ...before, nonces_used: (before.nonces_used ?? 0) + 1 });
    expect(rootS.token).toBeTruthy();
  });

  describe('session headers', () => {
    let token: string;
    beforeAll(async () => {
      token = (await signIn(t, account('carol'))).token;
    });
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/user', headers });

    it('answers 401 without a token', async () => {
      expect((await get(BASE_HEADERS)).json().code).toBe(ErrorCode.Unauthorized);
    });
    it('answers 401 for an unknown token', async () => {
      expect((await get(authHeaders(t, 'ab'.repeat(32)))).json().code).toBe(ErrorCode.Unauthorized);
    });
    it('takes the bearer scheme in any case (RFC 9110), and nothing but a bearer token', async () => {
      for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
        const h = { ...authHeaders(t, token), authorization: `${scheme} ${token}` };
        expect((await get(h)).json().code, scheme).toBe(200);
      }
      for (const authorization of [`Basic ${token}`, 'Bearer', `Bearer${token}`, `Bearer ${token} extra`]) {
        const h = { ...authHeaders(t, token), authorization };
        expect((await get(h)).json().code, authorization).toBe(ErrorCode.Unauthorized);
      }
    });
    it('refuses a bad sign', async () => {
      const h = { ...authHeaders(t, token), sign: 'ab'.repeat(32) };
      const body = (await get(h)).json();
      expect(body.code).toBe(ErrorCode.BadSignature);
      expect(body.data).toBeNull();
    });
    it('refuses a missing sign', async () => {
      const { sign: _s, ...h } = authHeaders(t, token);
      expect((await get(h)).json().code).toBe(ErrorCode.BadSignature);
    });
    it('refuses stale times, either way', async () => {
      const now = t.clock.get().getTime();
      expect((await get(authHeaders(t, token, new Date(now - 301_000)))).json().code).toBe(
        ErrorCode.StaleTimestamp,
      );
      expect((await get(authHeaders(t, token, new Date(now + 301_000)))).json().code).toBe(
        ErrorCode.StaleTimestamp,
      );
      expect((await get(authHeaders(t, token, new Date(now - 299_000)))).json().code).toBe(200);
    });
    it('refuses a request without the platform header', async () => {
      const { platform: _p, ...h } = authHeaders(t, token);
      const body = (await get(h)).json();
      expect(body.code).toBe(ErrorCode.BadRequest);
      expect(body.msg).toContain('platform');
    });
    it('answers 401 after logout and after expiry', async () => {
      const s = await signIn(t, account('dave'));
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: authHeaders(t, s.token),
      });
      expect(out.json().data.revoked).toBe(true);
      expect((await get(authHeaders(t, s.token))).json().code).toBe(ErrorCode.Unauthorized);
      const e = await signIn(t, account('erin'));
      expect((await get(authHeaders(t, e.token))).json().code).toBe(200);
      t.clock.advance(31 * DAY_MS);
      try {
        expect((await get(authHeaders(t, e.token))).json().code).toBe(ErrorCode.Unauthorized);
      } finally {
        t.clock.advance(-31 * DAY_MS);
      }
    });
    it('answers in the caller language', async () => {
      const en = (await get(BASE_HEADERS)).json().msg;
      const ja = (await get({ ...BASE_HEADERS, 'accept-language': 'ja-JP,ja;q=0.9' })).json().msg;
      expect(en).not.toBe(ja);
    });
  });
});

describe('sign-in and the RPC quota', () => {
  let t: TestCtx;
  let rpcCalls: string[];
  beforeAll(async () => {
    rpcCalls = [];
    // every JSON-RPC request the sign-in would send to the chain node is counted; the node
    // answers "not a valid signature" (isValidSignature returns nothing)
    const publicClient = createPublicClient({
      transport: custom({
        request: async ({ method }: { method: string }) => {
          rpcCalls.push(method);
          if (method === 'eth_chainId') return '0x7a69';
          if (method === 'eth_call') return '0x';
          if (method === 'eth_getCode') return '0x';
          throw new Error(`unexpected ${method}`);
        },
      }),
    }) as PublicClient;
    t = await makeApp(BACKEND[0].url, { chain: { publicClient } });
  });
  afterAll(() => closeApp(t));
  beforeEach(() => {
    rpcCalls.length = 0;
  });

  const login = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/common/login', headers: BASE_HEADERS, payload });

  it('a plain wallet signs in without any chain call', async () => {
    const a = account('rpc-eoa');
    const nonce = await getNonce(t, a.address);
    const message = siweMessage(a, nonce, t.clock.get());
    const r = await login({ message, signature: await a.signMessage({ message }) });
    expect(r.json().code).toBe(200);
    expect(rpcCalls).toEqual([]);
  });

  it('an unknown, used or expired nonce is refused before any chain call, even with a contract-wallet signature', async () => {
    const a = account('rpc-nonce');
    const stranger = account('rpc-stranger');
    // a signature that does not recover to the address: what a contract wallet sends
    const unknown = siweMessage(a, 'feedfacefeedfacefeedface', t.clock.get());
    const r1 = await login({ message: unknown, signature: await stranger.signMessage({ message: unknown }) });
    expect(r1.json().code).toBe(ErrorCode.NonceInvalid);

    const nonce = await getNonce(t, a.address);
    const used = siweMessage(a, nonce, t.clock.get());
    expect(
      (await login({ message: used, signature: await a.signMessage({ message: used }) })).json().code,
    ).toBe(200);
    const r2 = await login({ message: used, signature: await stranger.signMessage({ message: used }) });
    expect(r2.json().code).toBe(ErrorCode.NonceInvalid);

    const late = await getNonce(t, a.address);
    t.clock.advance(11 * 60_000);
    try {
      const expired = siweMessage(a, late, t.clock.get());
      const r3 = await login({
        message: expired,
        signature: await stranger.signMessage({ message: expired }),
      });
      expect(r3.json().code).toBe(ErrorCode.NonceInvalid);
    } finally {
      t.clock.advance(-11 * 60_000);
    }
    expect(rpcCalls).toEqual([]);
  });

  it('refuses an over-long signature as bad input, before any chain call', async () => {
    const a = account('rpc-long');
    const nonce = await getNonce(t, a.address);
    const message = siweMessage(a, nonce, t.clock.get());
    const signature = `0x${'ab'.repeat(MAX_SIGNATURE_BYTES + 1)}`;
    const body = (await login({ message, signature })).json();
    expect(body.code).toBe(ErrorCode.BadRequest);
    expect(body.msg).toContain('signature');
    expect(rpcCalls).toEqual([]);
  });

  it('asks the chain only for a signature with a live nonce that no key recovers to (a contract wallet)', async () => {
    const a = account('rpc-contract');
    const nonce = await getNonce(t, a.address);
    const message = siweMessage(a, nonce, t.clock.get());
    const r = await login({ message, signature: await account('rpc-other').signMessage({ message }) });
    expect(r.json().code).toBe(ErrorCode.BadSignature);
    expect(rpcCalls.length).toBeGreaterThan(0);
  });

  it('a failed attempt uses up its nonce: the next one with it is refused without a chain call', async () => {
    const a = account('rpc-retry');
    const nonce = await getNonce(t, a.address);
    const message = siweMessage(a, nonce, t.clock.get());
    const bogus = await account('rpc-bogus').signMessage({ message });
    expect((await login({ message, signature: bogus })).json().code).toBe(ErrorCode.BadSignature);
    const asked = rpcCalls.length;
    expect(asked).toBeGreaterThan(0);
    // neither another bogus signature nor the right one gets a second try with that nonce
    expect((await login({ message, signature: bogus })).json().code).toBe(ErrorCode.NonceInvalid);
    const right = await a.signMessage({ message });
    expect((await login({ message, signature: right })).json().code).toBe(ErrorCode.NonceInvalid);
    expect(rpcCalls).toHaveLength(asked);
    // a fresh nonce signs in
    const fresh = siweMessage(a, await getNonce(t, a.address), t.clock.get());
    expect(
      (await login({ message: fresh, signature: await a.signMessage({ message: fresh }) })).json().code,
    ).toBe(200);
  });
});
