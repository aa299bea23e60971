// The entry of index.html's inline shell scripts (built by vite.config.ts, texts and API filled in
// there). The first, at the top of the head, runs before any stylesheet has loaded (a script after
// one waits for it): it applies the theme and language and starts the page's public API reads at
// once. The second, right after the shell's markup, calls `freeShell.paint()`: the page's parts in
// the reader's words, the fetch of the reader's catalogue, and the FOMO pool's figures once its read
// answers.
import { apiBase, startEarlyReads } from '../api/early';
import { applyDocument, atHome, paintFomo, paintPage, preloadCatalogue, type ShellTexts } from './paint';

declare const __SHELL_TEXTS__: ShellTexts;
declare const __FREE_API_URL__: string;
declare const __FREE_PLATFORM__: string;

const lang = applyDocument();
const early = startEarlyReads(apiBase(__FREE_API_URL__), __FREE_PLATFORM__, lang, atHome(location.hash));

/** The body's part: index.html's second inline script calls it once the shell's markup is parsed. */
export function paint(): void {
  paintPage(__SHELL_TEXTS__, lang);
  preloadCatalogue(lang);
  void paintFomo(early.get('getCommonFomo'), lang);
}
