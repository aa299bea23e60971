// Signed-in devices page: what the user sees, and the requests behind each sign-out button.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { session } from '../../session/store';
import { cleanup, render, settle, untilAnswered } from '../../test-utils';
import Sessions, { deviceLabel } from './Sessions';

vi.mock('../../components/toast', () => ({ showToast: vi.fn() }));

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const row = (id: number, device: string | null, current: boolean) => ({
  id,
  device,
  current,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-24T10:00:00.000Z',
});

let list = [row(1, CHROME_ANDROID, true), row(2, SAFARI_IPHONE, false), row(3, null, false)];
const posts: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  posts.length = 0;
  list = [row(1, CHROME_ANDROID, true), row(2, SAFARI_IPHONE, false), row(3, null, false)];
  session.set({ token: 'tok', user: { address: ADDRESS } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input).pathname;
      let data: unknown = null;
      if (init.method === 'POST') {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        posts.push({ path, body });
        if (path === '/api/user/sessions/revoke') {
          const before = list.length;
          list = list.filter((s) => ('id' in body ? s.id !== body.id : s.current));
          data = { revoked: before - list.length };
        } else data = { revoked: true };
      } else if (path === '/api/user/sessions') data = { list };
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
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
        <Sessions />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  // the list first (a condition), then whatever the page draws from it
  await untilAnswered(qc);
  await settle();
}
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="session-row"]')];
const click = async (testId: string, index = 0) => {
  await act(async () =>
    document.querySelectorAll<HTMLButtonElement>(`[data-testid="${testId}"]`)[index]?.click(),
  );
  await settle();
};

describe('signed-in devices', () => {
  it('names devices by browser and system, marks this one, and says when nothing is known', async () => {
    expect(deviceLabel(CHROME_ANDROID)).toBe('Chrome · Android');
    expect(deviceLabel(SAFARI_IPHONE)).toBe('Safari · iOS');
    expect(deviceLabel('curl/8.0')).toBeNull();
    await renderPage();
    expect(rows().map((r) => r.querySelector('strong')?.textContent)).toEqual([
      'Chrome · Android',
      'Safari · iOS',
      'Unknown device',
    ]);
    expect(rows()[0]?.textContent).toContain('This device');
    expect(rows()[1]?.textContent).not.toContain('This device');
  });

  it('ends another device by its id, then all others, and keeps this one signed in', async () => {
    await renderPage();
    await click('session-revoke', 0);
    expect(posts).toEqual([{ path: '/api/user/sessions/revoke', body: { id: 2 } }]);
    expect(rows()).toHaveLength(2);
    await click('session-revoke-others');
    expect(posts[1]).toEqual({ path: '/api/user/sessions/revoke', body: { others: true } });
    expect(rows()).toHaveLength(1);
    expect(document.querySelector('[data-testid="session-revoke-others"]')).toBeNull();
    expect(session.get()).not.toBeNull();
  });

  it("signs out when this device's own session is ended", async () => {
    await renderPage();
    await click('session-sign-out');
    expect(posts).toEqual([{ path: '/api/user/logout', body: undefined }]);
    expect(session.get()).toBeNull();
  });
});
