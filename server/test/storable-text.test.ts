// A NUL character, which PostgreSQL cannot store, in any free-text field of a user or operator
// request: a BadRequest envelope naming the field, nothing written (not even ops_log), never a 500.
import { ErrorCode } from '@free/protocol';
import type { OperatorRole } from '@free/protocol/api/admin';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { account, authHeaders, BACKENDS, closeApp, setModules, signIn } from './helpers.ts';
import { fullSnapshot, makeProductApp, type ProductTestCtx } from './support/testkit.ts';

const NUL = '\u0000';

// on both backends (test/support/test-db.ts BACKENDS): a character PostgreSQL cannot store, refused
// before either driver sees it
for (const backend of BACKENDS)
  describe(`text with a NUL character on ${backend.name}`, () => {
    let t: ProductTestCtx;
    const admin = account('nul-admin');
    const token: Record<'admin' | 'user', string> = { admin: '', user: '' };

    beforeAll(async () => {
      t = await makeProductApp(backend.url, {
        operators: new Map<Address, OperatorRole>([[admin.address, 'admin']]),
      });
      await setModules(t.db.db, { cards: true });
      token.admin = (await signIn(t, admin)).token;
      token.user = (await signIn(t, account('nul-user'))).token;
    });
    afterAll(async () => closeApp(t));

    /** Everything a refused request must leave as it was, the operator log and content included. */
    const state = async () => {
      const [c] = rowsOf<Record<string, string>>(
        await t.db.db.execute(sql`SELECT (SELECT count(*) FROM ops_log)::text AS ops_log,
            (SELECT count(*) FROM articles)::text AS articles, (SELECT count(*) FROM banners)::text AS banners,
            (SELECT count(*) FROM machines)::text AS machines`),
      );
      return { ...(await fullSnapshot(t.db)), ...c };
    };

    const cases: [
      who: 'admin' | 'user',
      method: 'GET' | 'POST',
      url: string,
      payload: unknown,
      field: string,
    ][] = [
      [
        'user',
        'POST',
        '/api/user/card/apply',
        { kind: 'virtual', name: `A${NUL}B`, phone: '+1 555 0100' },
        'name',
      ],
      [
        'user',
        'POST',
        '/api/user/card/apply',
        { kind: 'physical', name: 'A B', phone: '+1 555 0100', address: `Main St${NUL}` },
        'address',
      ],
      [
        'admin',
        'POST',
        '/api/admin/articles',
        { slug: 'nul', type: 'announcement', lang: 'en', title: `T${NUL}`, content: 'ok' },
        'title',
      ],
      [
        'admin',
        'POST',
        '/api/admin/articles',
        { slug: 'nul', type: 'announcement', lang: 'en', title: 'T', content: `${NUL}` },
        'content',
      ],
      ['admin', 'POST', '/api/admin/banners', { image: `https://x/${NUL}.png` }, 'image'],
      [
        'admin',
        'POST',
        '/api/admin/machines',
        {
          code: 'm-nul',
          name: { en: 'Miner', ja: `マ${NUL}` },
          asset: 'USDT',
          price: '1',
          hashrate: '1',
          days: 1,
        },
        'name.ja',
      ],
      ['admin', 'GET', '/api/admin/articles/detail?slug=a%00b&lang=en', undefined, 'slug'],
    ];

    it.each(cases)(
      '%s %s %s: BadRequest naming the field, nothing changed',
      async (who, method, url, payload, field) => {
        const before = await state();
        const r = await t.app.inject({
          method,
          url,
          headers: authHeaders(t, token[who]),
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(r.statusCode).toBeLessThan(500);
        expect(r.json()).toMatchObject({
          code: ErrorCode.BadRequest,
          msg: expect.stringContaining(`(${field})`),
        });
        expect(await state()).toEqual(before);
      },
    );

    it('still takes the same requests without the NUL', async () => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/admin/banners',
        headers: authHeaders(t, token.admin),
        payload: { image: 'https://x/ok.png' },
      });
      expect(r.json().code).toBe(ErrorCode.Ok);
    });
  });
