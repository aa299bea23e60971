// Watches a page's event stream from inside (src/api/stream.ts): an init script wraps the page's
// EventSource and reports each connection, each event it hands to the app (before the app's own
// listeners run) and each error, stamped on this process's clock. e2e/stream.ts and the rehearsal
// (scripts/src/rehearsal/run.ts) read it; install it before the page loads the app.
import { PUBLIC_EVENTS, USER_EVENT } from '@free/protocol/stream';
import type { Page } from 'playwright-core';

/** What the page's EventSource did: `connect` (opened), an event's name and data, or `error`. */
export type StreamNote = { type: string; data: string; at: number };

export async function watchEventSource(page: Page): Promise<StreamNote[]> {
  const notes: StreamNote[] = [];
  await page.exposeBinding('__e2eStream', (_source, note: { type: string; data: string }) => {
    notes.push({ ...note, at: Date.now() });
  });
  // as text: a function would be sent with the helpers tsx adds to named functions, unknown there
  await page.addInitScript({
    content: `(() => {
      const Native = window.EventSource;
      const tell = (type, data) => void window.__e2eStream?.({ type, data: data ?? '' });
      window.EventSource = class extends Native {
        constructor(url, init) {
          super(url, init);
          tell('connect');
          for (const type of ${JSON.stringify(['ready', USER_EVENT, ...PUBLIC_EVENTS])})
            this.addEventListener(type, (e) => tell(type, String(e.data ?? '')));
          this.addEventListener('error', () => tell('error'));
        }
      };
    })();`,
  });
  return notes;
}
