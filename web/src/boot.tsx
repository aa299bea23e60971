// The app's start, loaded by main.tsx once the boot frame has painted: antd-mobile's React 19
// renderer, theme and language before the first render, then the app.
// Deep imports, not the 'antd-mobile' barrel: through the barrel every antd component another chunk
// uses (Toast's react-spring, Popup, …) would count as reached by the first paint and be bundled into it.
import './zod-jitless';
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { startStream } from './api/stream';
import { App, queryClient } from './app/App';
import { captureInviter } from './app/params';
import { initI18n } from './i18n';
import { prefetchHomeReads } from './pages/index/homeReads';
import { session } from './session/store';
import { atHome } from './shell/paint';
import { initTheme } from './theme/theme';

// antd-mobile's imperative APIs (Toast, Dialog, Modal) throw under React 19 until given a renderer.
unstableSetRender((node, container) => {
  const el = container as Element & { __freeRoot?: Root };
  el.__freeRoot ??= createRoot(container);
  el.__freeRoot.render(node);
  return async () => {
    await Promise.resolve();
    el.__freeRoot?.unmount();
    delete el.__freeRoot;
  };
});

initTheme();
captureInviter();
window.addEventListener('storage', (e) => {
  if (e.key === 'free.session') session.reload();
});

await initI18n();
// after the language is set: the reads ask in it (and the shell's early answers match it)
if (atHome(window.location.hash)) prefetchHomeReads(queryClient);
const root = document.getElementById('root');
if (root) {
  // A transition: React renders the first page in slices, yielding to the browser between them,
  // instead of one long task (index.html's shell is on screen meanwhile).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // the live updates once the first page is under way (the stream module is already in the first
  // chunk: the API reads it imports decide whether to poll)
  startStream(queryClient);
}
