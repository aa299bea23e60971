// Entry: the page's CSS (render-blocking, so index.html's boot frame paints styled), then the app's
// start once that frame is on screen. Loading the app after the paint, not before, keeps its script
// evaluation from delaying the first paint on a slow phone.
import './theme/theme.css';
import './app/app.css';
import { SHELL_DRAWN } from './shell/keys';

/** Runs `then` once what is in the DOM now is on screen (after the next frame). */
const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

// At home the shell draws the FOMO pool's figures from its own read of the API (src/shell/). The
// app's start is one long task on a slow phone (its scripts evaluated, then React's first render):
// on a repeat visit its scripts are already cached and would run while that answer is on its way,
// holding the figures behind them. So the start waits for them to be drawn, for at most
// START_WAIT_MS (a slow or failed read does not hold the app back); React needs the same answer
// for its own first render of the page anyway.
const START_WAIT_MS = 1000;
const drawn = (globalThis as Record<string, unknown>)[SHELL_DRAWN] as Promise<void> | undefined;
const start = () => void import('./boot');
if (drawn)
  void Promise.race([drawn, new Promise<void>((done) => setTimeout(done, START_WAIT_MS))]).then(() =>
    afterPaint(start),
  );
else afterPaint(start);
