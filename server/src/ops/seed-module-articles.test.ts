// The module introductions the seed publishes: every app language, served by the article API in
// the reader's language, and a republish replaces instead of duplicating.
import { LANGUAGES } from '@free/protocol/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, BASE_HEADERS, closeApp, makeApp, type TestCtx } from '../../test/helpers.ts';
import { MODULE_ARTICLES, seedModuleArticles } from './seed-module-articles.ts';

describe.each(BACKEND)('module introductions on $name', ({ url }) => {
  let t: TestCtx;
  beforeAll(async () => {
    t = await makeApp(url);
    await seedModuleArticles(t.db.db, new Date('2026-11-20T00:00:00Z'));
    await seedModuleArticles(t.db.db, new Date('2026-11-20T00:00:00Z'));
  });
  afterAll(() => closeApp(t));

  const get = (path: string, language: string) =>
    t.app
      .inject({ method: 'GET', url: path, headers: { ...BASE_HEADERS, 'accept-language': language } })
      .then((r) => r.json());

  it('publishes the AI exchange, games and RWA introductions in every app language', () => {
    expect(MODULE_ARTICLES.map((a) => a.type)).toEqual(['ai_trade', 'game', 'rwa']);
    for (const a of MODULE_ARTICLES) {
      expect(Object.keys(a.texts).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
      // a translation, not the English text copied
      for (const l of LANGUAGES) {
        if (l.code !== 'en') expect(a.texts[l.code].content).not.toBe(a.texts.en.content);
      }
    }
  });

  it('serves each page one article, in the reader language', async () => {
    for (const a of MODULE_ARTICLES) {
      for (const language of ['en', 'ar', 'zh-Hans']) {
        const list = await get(`/api/common/article/list?type=${a.type}&size=1`, language);
        expect(list.data.total).toBe(1);
        const [item] = list.data.list;
        expect(item).toMatchObject({ language, title: a.texts[language as 'en'].title });
        const detail = await get(`/api/common/article/detail?id=${item.id}`, language);
        expect(detail.data.content).toBe(a.texts[language as 'en'].content);
      }
    }
  });
});
