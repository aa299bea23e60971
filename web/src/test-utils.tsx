// A small render helper on web's own React 19 (the root's @testing-library/react binds React 18).
import { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The query clients of the rendered pages (a QueryClientProvider mounts its client): settle() waits
// for their requests to be answered, a condition that a still page on a busy machine is not.
const clients = new Set<QueryClient>();
const { mount, unmount } = QueryClient.prototype;
QueryClient.prototype.mount = function (this: QueryClient) {
  clients.add(this);
  mount.call(this);
};
QueryClient.prototype.unmount = function (this: QueryClient) {
  clients.delete(this);
  unmount.call(this);
};
const requesting = () => [...clients].some((c) => c.isFetching() > 0 || c.isMutating() > 0);

const mounted: { root: Root; el: HTMLElement }[] = [];

export function render(ui: ReactNode) {
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  act(() => root.render(ui));
  mounted.push({ root, el });
  return { container: el, rerender: (next: ReactNode) => act(() => root.render(next)) };
}

export function cleanup() {
  for (const { root, el } of mounted.splice(0)) {
    act(() => root.unmount());
    el.remove();
  }
}

/** Types into an input the way React notices (native setter + input event). */
export function typeInto(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const byRole = (role: string) => document.querySelector<HTMLElement>(`[role="${role}"]`);
export const byText = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('body *')].find(
    (e) => e.children.length === 0 && e.textContent === text,
  ) ?? null;

/**
 * Lets pending requests, lazy modules and renders finish: waits until no query client of the page
 * has a request in flight and the page has then stopped changing for a few ticks (at most `maxMs`,
 * which only bounds a page that never settles). A still page alone is no proof: on a busy machine a
 * request can take longer than a few ticks.
 */
export async function settle(maxMs = 20_000): Promise<void> {
  // the rendered pages only: a toast's animation outside them is not the page still loading
  const snapshot = () => mounted.map((m) => m.el.innerHTML).join('');
  let last = snapshot();
  let still = 0;
  for (const end = performance.now() + maxMs; performance.now() < end && still < 8; ) {
    await act(() => new Promise((r) => setTimeout(r, 15)));
    const now = snapshot();
    still = now === last && !requesting() ? still + 1 : 0;
    last = now;
  }
}

/**
 * Waits until `done()` holds, letting requests, lazy modules and renders run in between: a
 * condition, not a duration, so a busy machine only makes it take longer. `maxMs` only bounds a
 * test that would otherwise hang; it names `what` it waited for.
 */
export async function until(done: () => boolean, what: string, maxMs = 30_000): Promise<void> {
  for (const end = performance.now() + maxMs; !done(); ) {
    if (performance.now() > end) throw new Error(`still waiting after ${maxMs} ms for ${what}`);
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
}

/** Waits until `qc` has no request in flight, then lets React draw the answers. */
export async function untilAnswered(qc: QueryClient, maxMs?: number): Promise<void> {
  await until(() => qc.isFetching() === 0, 'the requests to be answered', maxMs);
  // react-query hands its results to React on the next timer turn
  await act(() => new Promise((r) => setTimeout(r, 0)));
}
