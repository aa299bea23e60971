// A table of bad inputs for every endpoint: a clear coded error naming the field, the HTTP status its code means, with the
// envelope, no row changed, never a 500.

import { ErrorCode, httpStatusOf } from '@free/protocol';
import { WEI_PER_UNIT } from '@free/protocol/amount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAccount, transfer, userAccount } from '../src/services/ledger.ts';
import {
  account,
  authHeaders,
  BACKEND,
  BASE_HEADERS,
  closeApp,
  makeApp,
  signIn,
  snapshot,
  type TestCtx,
} from './helpers.ts';

type Case = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  auth?: boolean;
  headers?: Record<string, string>;
  payload?: unknown;
  rawBody?: string;
  code: number;
  field?: string;
};

const ADDR = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const USER_GETS = [
  '/api/user',
  '/api/user/finance',
  '/api/user/income_info',
  '/api/user/staking_limit_info',
  '/api/user/fire',
  '/api/user/contribute/record',
  '/api/user/withdraw/list',
  '/api/user/recharge/list',
  '/api/user/team_info',
  '/api/user/direct_list',
  '/api/user/stake_ref_address',
];
const USER_POSTS = [
  '/api/user/logout',
  '/api/user/withdraw/apply',
  '/api/user/recharge/create',
  '/api/user/staking_use_balance',
];
const PUBLIC_GETS = [
  `/api/common/nonce?address=${ADDR}`,
  '/api/common/config',
  '/api/common/article/list',
  '/api/common/article/detail?id=1',
  '/api/common/banner',
];

const cases: Case[] = [
  // every endpoint: the `platform` header (docs/api.md "Request headers")
  ...PUBLIC_GETS.map(
    (url): Case => ({
      name: `${url} without platform`,
      method: 'GET',
      url,
      headers: { platform: '' },
      code: ErrorCode.BadRequest,
      field: 'platform',
    }),
  ),
  {
    name: 'login without platform',
    method: 'POST',
    url: '/api/common/login',
    headers: { platform: '' },
    payload: {},
    code: ErrorCode.BadRequest,
    field: 'platform',
  },
  // every user endpoint: no token → 401
  ...USER_GETS.map(
    (url): Case => ({ name: `${url} without a token`, method: 'GET', url, code: ErrorCode.Unauthorized }),
  ),
  ...USER_POSTS.map(
    (url): Case => ({
      name: `${url} without a token`,
      method: 'POST',
      url,
      payload: {},
      code: ErrorCode.Unauthorized,
    }),
  ),
  ...USER_GETS.map(
    (url): Case => ({
      name: `${url} with a bad sign`,
      method: 'GET',
      url,
      auth: true,
      headers: { sign: 'ff'.repeat(32) },
      code: ErrorCode.BadSignature,
    }),
  ),
  ...USER_POSTS.map(
    (url): Case => ({
      name: `${url} with stale times`,
      method: 'POST',
      url,
      auth: true,
      headers: { times: '1000' },
      payload: {},
      code: ErrorCode.StaleTimestamp,
    }),
  ),
  // nonce
  {
    name: 'nonce without address',
    method: 'GET',
    url: '/api/common/nonce',
    code: ErrorCode.BadRequest,
    field: 'address',
  },
  {
    name: 'nonce with a short address',
    method: 'GET',
    url: '/api/common/nonce?address=0x1234',
    code: ErrorCode.BadRequest,
    field: 'address',
  },
  {
    name: 'nonce with a non-hex address',
    method: 'GET',
    url: `/api/common/nonce?address=0x${'zz'.repeat(20)}`,
    code: ErrorCode.BadRequest,
    field: 'address',
  },
  // login
  {
    name: 'login with an empty body',
    method: 'POST',
    url: '/api/common/login',
    payload: {},
    code: ErrorCode.BadRequest,
    field: 'message',
  },
  {
    name: 'login with malformed JSON',
    method: 'POST',
    url: '/api/common/login',
    rawBody: '{"message":',
    code: ErrorCode.BadRequest,
    field: 'body',
  },
  {
    name: 'login with a short signature',
    method: 'POST',
    url: '/api/common/login',
    payload: { message: 'x', signature: '0x12' },
    code: ErrorCode.BadRequest,
    field: 'signature',
  },
  {
    name: 'login with a non-hex signature',
    method: 'POST',
    url: '/api/common/login',
    payload: { message: 'x', signature: 'hello' },
    code: ErrorCode.BadRequest,
    field: 'signature',
  },
  {
    name: 'login with a bad inviter',
    method: 'POST',
    url: '/api/common/login',
    payload: { message: 'x', signature: `0x${'11'.repeat(65)}`, inviter: 'bob' },
    code: ErrorCode.BadRequest,
    field: 'inviter',
  },
  {
    name: 'login with a huge message',
    method: 'POST',
    url: '/api/common/login',
    payload: { message: 'x'.repeat(5000), signature: `0x${'11'.repeat(65)}` },
    code: ErrorCode.BadRequest,
    field: 'message',
  },
  {
    name: 'login with a number as message',
    method: 'POST',
    url: '/api/common/login',
    payload: { message: 5, signature: `0x${'11'.repeat(65)}` },
    code: ErrorCode.BadRequest,
    field: 'message',
  },
  // articles
  {
    name: 'article list with a bad type',
    method: 'GET',
    url: '/api/common/article/list?type=DROP%20TABLE',
    code: ErrorCode.BadRequest,
    field: 'type',
  },
  {
    name: 'article list with page 0',
    method: 'GET',
    url: '/api/common/article/list?page=0',
    code: ErrorCode.BadRequest,
    field: 'page',
  },
  {
    name: 'article list with size 1000',
    method: 'GET',
    url: '/api/common/article/list?size=1000',
    code: ErrorCode.BadRequest,
    field: 'size',
  },
  {
    name: 'article detail without id',
    method: 'GET',
    url: '/api/common/article/detail',
    code: ErrorCode.BadRequest,
    field: 'id',
  },
  {
    name: 'article detail with id abc',
    method: 'GET',
    url: '/api/common/article/detail?id=abc',
    code: ErrorCode.BadRequest,
    field: 'id',
  },
  {
    name: 'article detail with a huge id',
    method: 'GET',
    url: '/api/common/article/detail?id=99999999999',
    code: ErrorCode.BadRequest,
    field: 'id',
  },
  {
    name: 'article detail of a missing article',
    method: 'GET',
    url: '/api/common/article/detail?id=424242',
    code: ErrorCode.NotFound,
    field: 'id',
  },
  // finance and lists
  {
    name: 'finance with a malformed kind',
    method: 'GET',
    url: '/api/user/finance?kind=DROP%20TABLE',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'kind',
  },
  {
    name: 'finance with an unknown asset',
    method: 'GET',
    url: '/api/user/finance?asset=BTC',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'asset',
  },
  {
    name: 'finance with page -1',
    method: 'GET',
    url: '/api/user/finance?page=-1',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'page',
  },
  {
    name: 'finance with size 0',
    method: 'GET',
    url: '/api/user/finance?size=0',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'size',
  },
  {
    name: 'contributions with page abc',
    method: 'GET',
    url: '/api/user/contribute/record?page=abc',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'page',
  },
  {
    name: 'withdraw list with size 101',
    method: 'GET',
    url: '/api/user/withdraw/list?size=101',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'size',
  },
  {
    name: 'recharge list with page 1.5',
    method: 'GET',
    url: '/api/user/recharge/list?page=1.5',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'page',
  },
  {
    name: 'direct list with page 0',
    method: 'GET',
    url: '/api/user/direct_list?page=0',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'page',
  },
  // withdraw
  {
    name: 'withdraw with no body',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    code: ErrorCode.BadRequest,
    field: 'body',
  },
  {
    name: 'withdraw without amount',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: {},
    code: ErrorCode.BadRequest,
    field: 'amount',
  },
  {
    name: 'withdraw with an empty amount',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '' },
    code: ErrorCode.EnterWithdrawAmount,
    field: 'amount',
  },
  {
    name: 'withdraw with a number amount',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: 5 },
    code: ErrorCode.BadRequest,
    field: 'amount',
  },
  {
    name: 'withdraw with text',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: 'ten' },
    code: ErrorCode.InvalidAmount,
    field: 'amount',
  },
  {
    name: 'withdraw with a negative amount',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '-5' },
    code: ErrorCode.InvalidAmount,
    field: 'amount',
  },
  {
    name: 'withdraw with an exponent',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '1e3' },
    code: ErrorCode.InvalidAmount,
    field: 'amount',
  },
  {
    name: 'withdraw of zero',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '0' },
    code: ErrorCode.AmountTooSmall,
    field: 'amount',
  },
  {
    name: 'withdraw below 1 U',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '0.99' },
    code: ErrorCode.AmountTooSmall,
    field: 'amount',
  },
  {
    name: 'withdraw with 19 decimals',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '1.0000000000000000001' },
    code: ErrorCode.AmountTooPrecise,
    field: 'amount',
  },
  {
    name: 'withdraw above the balance',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '50.5' },
    code: ErrorCode.InsufficientBalance,
    field: 'amount',
  },
  {
    name: 'withdraw above uint256',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '9'.repeat(79) },
    code: ErrorCode.InvalidAmount,
    field: 'amount',
  },
  {
    name: 'withdraw of another coin',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '2', coin: 'BTC' },
    code: ErrorCode.BadRequest,
    field: 'coin',
  },
  {
    name: 'withdraw with a bad idempotency key',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    headers: { 'idempotency-key': 'x' },
    payload: { amount: '2' },
    code: ErrorCode.BadRequest,
    field: 'idempotency-key',
  },
  {
    name: 'withdraw to another address',
    method: 'POST',
    url: '/api/user/withdraw/apply',
    auth: true,
    payload: { amount: '2', address: ADDR },
    code: ErrorCode.NotBoundWallet,
    field: 'address',
  },
  // recharge
  {
    name: 'recharge without amount',
    method: 'POST',
    url: '/api/user/recharge/create',
    auth: true,
    payload: {},
    code: ErrorCode.BadRequest,
    field: 'amount',
  },
  {
    name: 'recharge with an empty amount',
    method: 'POST',
    url: '/api/user/recharge/create',
    auth: true,
    payload: { amount: '' },
    code: ErrorCode.EnterRechargeAmount,
    field: 'amount',
  },
  {
    name: 'recharge above 1000',
    method: 'POST',
    url: '/api/user/recharge/create',
    auth: true,
    payload: { amount: '1000.01' },
    code: ErrorCode.RechargeTooLarge,
    field: 'amount',
  },
  {
    name: 'recharge below 1 U',
    method: 'POST',
    url: '/api/user/recharge/create',
    auth: true,
    payload: { amount: '0.5' },
    code: ErrorCode.AmountTooSmall,
    field: 'amount',
  },
  {
    name: 'recharge with text',
    method: 'POST',
    url: '/api/user/recharge/create',
    auth: true,
    payload: { amount: '12abc' },
    code: ErrorCode.InvalidAmount,
    field: 'amount',
  },
  // modules not open
  {
    name: 'staking with balance while closed',
    method: 'POST',
    url: '/api/user/staking_use_balance?amount=10&stakeIndex=0',
    auth: true,
    code: ErrorCode.ModuleClosed,
  },
  // unknown route
  { name: 'an unknown route', method: 'GET', url: '/api/user/nope', auth: true, code: ErrorCode.NotFound },
];

describe.each(BACKEND)('bad input on $name', ({ url }) => {
  let t: TestCtx;
  let token: string;
  beforeAll(async () => {
    t = await makeApp(url);
    const s = await signIn(t, account('bad-input'));
    token = s.token;
    await t.db.transaction((tx) =>
      transfer(tx, {
        key: 'bad-input-fund',
        from: systemAccount('adjust'),
        to: userAccount(s.userId),
        asset: 'USDT',
        amount: 50n * WEI_PER_UNIT,
        kind: 'adjust',
      }),
    );
  });
  afterAll(() => closeApp(t));

  it.each(cases)('$name → code $code', async (c) => {
    const before = await snapshot(t.db);
    const headers: Record<string, string> = {
      ...(c.auth ? authHeaders(t, token) : BASE_HEADERS),
      ...(c.rawBody !== undefined || c.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...c.headers,
    };
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    const r = await t.app.inject({
      method: c.method,
      url: c.url,
      headers,
      ...(c.rawBody !== undefined
        ? { payload: c.rawBody }
        : c.payload !== undefined
          ? { payload: JSON.stringify(c.payload) }
          : {}),
    });
    expect(r.statusCode).toBe(httpStatusOf(c.code));
    const body = r.json();
    expect(body).toMatchObject({ code: c.code, data: null });
    expect(body.msg.length).toBeGreaterThan(0);
    if (c.field) expect(body.msg).toContain(`(${c.field})`);
    expect(body.msg).not.toMatch(/select|insert|drizzle|stack|Error:/i);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('every documented /api/user and /api/admin route sits behind the one sign-in check; no other route asks for one', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> })
      .paths;
    const ops = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    const signedIn = (path: string) => path.startsWith('/api/user') || path.startsWith('/api/admin/');
    const user = ops.filter((o) => signedIn(o.path));
    expect(user.length).toBeGreaterThanOrEqual(40);
    // public operations carry `security: []`
    for (const o of ops)
      expect(!!(o.op.security as unknown[] | undefined)?.length, o.path).toBe(signedIn(o.path));
    const before = await snapshot(t.db);
    for (const o of user) {
      const r = await t.app.inject({
        method: o.method as 'GET' | 'POST',
        url: o.path,
        headers: BASE_HEADERS,
        ...(o.method === 'POST' ? { payload: {} } : {}),
      });
      expect(r.json().code, `${o.method} ${o.path}`).toBe(ErrorCode.Unauthorized);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});
