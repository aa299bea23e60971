// The hash router reads the address at its first render and listens for changes only once that
// render is committed. The app's first render is a transition (boot.tsx): React renders it in
// slices and yields to the browser between them, so the hash can change in between (the back
// button, the 401 handler's move home, a link outside React), and that change was lost: the address
// named one page while the app showed another, until the next navigation.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The path (and query) the address bar names: `#/a?b=1` is `/a?b=1`, no hash is `/`. */
export const hashPath = (hash: string) => hash.replace(/^#/, '') || '/';

/** Inside the router: once it listens, tells it where the address is when that moved meanwhile. */
export function CatchUpWithHash() {
  const { pathname, search } = useLocation();
  const shown = useRef(pathname + search);
  shown.current = pathname + search;
  useEffect(() => {
    // after every layout effect, so the router's own listener is in place: it reads the address
    if (hashPath(window.location.hash) !== shown.current) window.dispatchEvent(new PopStateEvent('popstate'));
  }, []);
  return null;
}
