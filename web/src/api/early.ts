// The public reads a page needs first, started by index.html's shell script (src/shell/) while the
// app's scripts are still on their way, so that their answers are there when the app asks: the API
// client takes each answer once, on its first request for the same URL in the same language, and
// asks the network for every later one. Kept free of the app's libraries (and of protocol's
// modules, whose bigint constants would come along): the shell bundles it. The endpoint map is
// imported for its types only, which the build erases.
import type { EndpointKey, Endpoints } from '@free/protocol/api/endpoints';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** The announcements of the home page's ticker (src/api/articles.ts asks for the same). */
export const HOME_ANNOUNCEMENTS: Query = { type: 'announcement', page: 1, size: 5 };

/**
 * An early read: an entry of the endpoint map by its key, and that entry's path, which the type
 * check holds to the map's (a path that is not its entry's fails to compile).
 */
type EarlyRead = {
  [K in EndpointKey]: { endpoint: K; path: Endpoints[K]['path']; query?: Query; homeOnly: boolean };
}[EndpointKey];

/**
 * What every page reads first (config), and what the home page adds (its cards and banners). The
 * path is written beside the entry's key rather than taken from the map's generated routes, whose
 * every entry would land in index.html's inline script; early.test.ts checks each is a public GET
 * of the map and its entry's path.
 */
export const EARLY_READS: readonly EarlyRead[] = [
  { endpoint: 'getCommonConfig', path: '/api/common/config', homeOnly: false },
  { endpoint: 'getCommonFomo', path: '/api/common/fomo', homeOnly: true },
  { endpoint: 'getCommonQuotes', path: '/api/common/quotes', homeOnly: true },
  { endpoint: 'getCommonBanner', path: '/api/common/banner', homeOnly: true },
  {
    endpoint: 'getCommonArticleList',
    path: '/api/common/article/list',
    query: HOME_ANNOUNCEMENTS,
    homeOnly: true,
  },
];

/** The API's base URL as built in (VITE_API_URL), without a trailing slash. */
export const apiBase = (built: string) => built.replace(/\/+$/, '');

/** The URL of an API call: the same string for the shell and the client, so that they match. */
export function apiUrl(base: string, path: string, query?: Query): string {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.toString();
}

interface Early {
  lang: string;
  answers: Map<string, Promise<Response>>;
}
const GLOBAL = '__freeEarlyReads';
type Holder = { [GLOBAL]?: Early };

/**
 * In the shell: starts the reads of this page with the headers the client would send (`platform`:
 * protocol's PLATFORM, passed in by the shell's build), from the network (never an answer a cache
 * kept: the shell draws some of them as current figures). Returns them by endpoint, for the shell
 * to draw from (a copy: the client takes each answer itself).
 */
export function startEarlyReads(
  base: string,
  platform: string,
  lang: string,
  home: boolean,
): Map<EndpointKey, Promise<Response>> {
  const byEndpoint = new Map<EndpointKey, Promise<Response>>();
  if (typeof fetch !== 'function') return byEndpoint;
  const answers = new Map<string, Promise<Response>>();
  for (const read of EARLY_READS) {
    if (read.homeOnly && !home) continue;
    const url = apiUrl(base, read.path, read.query);
    const answer = fetch(url, { headers: { platform, 'Accept-Language': lang }, cache: 'no-store' });
    // not taken (another page opened first): no unhandled rejection
    answer.catch(() => {});
    answers.set(url, answer);
    byEndpoint.set(read.endpoint, answer);
  }
  (globalThis as Holder)[GLOBAL] = { lang, answers };
  return byEndpoint;
}

/**
 * In the client: the early answer for this GET, once, or undefined (none started, already taken,
 * asked in another language). A signed-in reader gets the same public answer.
 */
export function takeEarlyRead(url: string, lang: string): Promise<Response> | undefined {
  const early = (globalThis as Holder)[GLOBAL];
  if (!early || early.lang !== lang) return undefined;
  const answer = early.answers.get(url);
  early.answers.delete(url);
  return answer;
}
