// Content in a fallback language is marked as such: English on an Arabic page reads left to right.
import type { ArticleDetail } from '@free/protocol/api/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../api/keys';
import { contentLangProps, initI18n, setLanguage } from '../../i18n';
import { cleanup, render } from '../../test-utils';
import AnnouncementDetail from './AnnouncementDetail';

const article = (id: number, language: string, title: string): ArticleDetail => ({
  id,
  slug: 'launch',
  type: 'announcement',
  language,
  title,
  summary: '',
  cover: null,
  content: `${title} body`,
  publishedAt: '2026-11-01T00:00:00.000Z',
});

function show(a: ArticleDetail) {
  // The article is already loaded: nothing goes to the network.
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  qc.setQueryData(keys.articles.detail(String(a.id)), a);
  return render(
    <MemoryRouter initialEntries={[`/pages/index/announcementDetail?id=${a.id}`]}>
      <QueryClientProvider client={qc}>
        <AnnouncementDetail />
      </QueryClientProvider>
    </MemoryRouter>,
  ).container;
}

beforeAll(async () => {
  await initI18n('ar');
});
afterEach(cleanup);
afterAll(async () => {
  await act(() => setLanguage('en', false));
});

describe('content language', () => {
  it('marks English fallback text on an Arabic page as English, left to right', () => {
    const page = show(article(1, 'en', 'Launch'));
    const title = page.querySelector('h2');
    expect(title?.getAttribute('lang')).toBe('en');
    expect(title?.getAttribute('dir')).toBe('ltr');
    const body = page.querySelector('.article-body');
    expect(body?.getAttribute('lang')).toBe('en');
    expect(body?.getAttribute('dir')).toBe('ltr');
  });

  it('leaves content in the reader language unmarked (it inherits the page)', () => {
    const page = show(article(2, 'ar', 'إطلاق'));
    expect(page.querySelector('h2')?.hasAttribute('lang')).toBe(false);
    expect(page.querySelector('.article-body')?.hasAttribute('dir')).toBe(false);
  });

  it('marks Arabic content shown to an English reader right to left; language-neutral content not at all', () => {
    expect(contentLangProps('ar', 'en')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(contentLangProps('en', 'en')).toEqual({});
    expect(contentLangProps(null, 'ar')).toEqual({});
  });
});
