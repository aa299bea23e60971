// A module page's introduction article: shown in full, marked with lang/dir when the server fell
// back to another language, and an empty state when nothing is published.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { cleanup, render, untilAnswered } from '../../test-utils';
import { ModuleArticle } from './ModuleIntro';

const ITEM = {
  id: 7,
  slug: 'intro-rwa',
  type: 'rwa',
  language: 'en',
  title: 'Real-world assets',
  summary: '',
  cover: null,
  publishedAt: '2026-11-20T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(list: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const u = new URL(input);
      asked.push(`${u.pathname}?${u.searchParams}`);
      const data =
        u.pathname === '/api/common/article/list'
          ? { list, total: list.length, page: 1, size: 1 }
          : { ...ITEM, content: 'Income from physical assets.' };
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ModuleArticle type="rwa" />
    </QueryClientProvider>,
  );
  await untilAnswered(qc);
  return asked;
}

describe('module introduction article', () => {
  it('marks English shown on an Arabic page with lang and dir', async () => {
    await initI18n('ar');
    const asked = await show([ITEM]);
    expect(asked[0]).toContain('type=rwa');
    const el = document.querySelector('[data-testid="module-article"]');
    expect(el?.textContent).toContain('Income from physical assets.');
    expect(el?.getAttribute('lang')).toBe('en');
    expect(el?.getAttribute('dir')).toBe('ltr');
  });

  it('adds nothing when the article is in the page language', async () => {
    await initI18n('en');
    await show([ITEM]);
    const el = document.querySelector('[data-testid="module-article"]');
    expect(el?.hasAttribute('lang')).toBe(false);
  });

  it('says so when no introduction is published', async () => {
    await initI18n('en');
    await show([]);
    expect(document.querySelector('[data-testid="module-article"]')).toBeNull();
    expect(document.body.textContent).toContain('No introduction has been published for this page yet.');
  });
});
