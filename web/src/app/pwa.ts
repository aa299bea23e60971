// The installed app: the service worker vite-plugin-pwa builds (/sw.js, Workbox: the shell and the
// hashed assets precached, never an API answer). Registered once the page's first reads have
// landed (it downloads the precache, which must not compete with them). A new version installs in
// the background and waits: the app offers to reload, and only then does it take over.
import { useSyncExternalStore } from 'react';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True when a new version is installed and waits for a reload. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}

let registered = false;
export async function registerServiceWorker(): Promise<void> {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const sw = navigator.serviceWorker;
  const reg = await sw.register('/sw.js', { scope: '/' });
  // only an update is offered: the first install has no page to replace
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !sw.controller) return;
    waiting = worker;
    notify();
  };
  // the browser may have found the new version (at this page's navigation) before this ran
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    if (worker.state === 'installed') offer(worker);
    else
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed') offer(worker);
      });
  };
  track(reg.waiting);
  track(reg.installing);
  reg.addEventListener('updatefound', () => track(reg.installing));
  // a phone keeps a tab open for days: look for a new version whenever it comes back to the front
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void reg.update().catch(() => {});
  });
}

/** The user's "reload": the waiting version takes over, then the page loads from it. */
export function reloadToUpdate(): void {
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  // Workbox's service worker answers this message with skipWaiting()
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

const onlineEvents = (l: () => void) => {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};

/** False while the phone has no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onlineEvents,
    () => navigator.onLine,
    () => true,
  );
}
