// The entry of index.html's inline shell script (built by vite.config.ts, texts and API filled in
// there): paint the shell, then start the page's public API reads and the fetch of the reader's
// catalogue while the app's scripts load.
import { apiBase, startEarlyReads } from '../api/early';
import { atHome, paintShell, preloadCatalogue, type ShellTexts } from './paint';

declare const __SHELL_TEXTS__: ShellTexts;
declare const __FREE_API_URL__: string;
declare const __FREE_PLATFORM__: string;

const lang = paintShell(__SHELL_TEXTS__);
startEarlyReads(apiBase(__FREE_API_URL__), __FREE_PLATFORM__, lang, atHome(location.hash));
preloadCatalogue(lang);
