// RPC_URL: one URL, or several separated by commas. With several, viem's fallback transport asks
// them in order and a request the first one fails (refused, timed out, 5xx) goes to the next, so
// sign-in, the jobs and the payouts go on while one provider is down. A provider's key often sits
// in the URL (https://bsc.example/v1/<key>): the errors these transports throw are rewritten to
// show only scheme, host and port (`safeUrl`), so no message or log line carries one.
import { fallback, http, type Transport } from 'viem';

/** The URLs of an RPC_URL value, in the order they are tried. */
export function rpcUrlList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A URL as messages and logs may show it: scheme, host and port only. User, password, path and
 * query go (a provider's key often sits in the path).
 */
export function safeUrl(url: string): string {
  if (!URL.canParse(url)) return '(not a URL)';
  const u = new URL(url);
  const rest = u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search ? '/…' : '';
  return `${u.protocol}//${u.host}${rest}`;
}

/** Every URL of an RPC_URL value as `safeUrl` shows it, comma-separated. */
export const safeRpcUrl = (value: string) => rpcUrlList(value).map(safeUrl).join(',');

/** `text` with every URL of `urls` (and its credential-less form viem prints) replaced by `safeUrl`. */
export function scrubUrls(text: string, urls: string[]): string {
  let out = text;
  for (const url of urls) {
    const shown = safeUrl(url);
    for (const form of new Set([url, url.replace(/\/\/[^@/]*@/, '//')])) out = out.replaceAll(form, shown);
  }
  return out;
}

/** Rewrites an error and its causes in place so that none of their texts shows `urls`. */
function scrubError(err: unknown, urls: string[], seen = new Set<unknown>()): void {
  if (!err || typeof err !== 'object' || seen.has(err)) return;
  seen.add(err);
  const e = err as Record<string, unknown>;
  for (const key of ['message', 'shortMessage', 'details', 'url', 'stack']) {
    const v = e[key];
    if (typeof v === 'string') {
      try {
        e[key] = scrubUrls(v, urls);
      } catch {} // a read-only property: left as it is
    }
  }
  if (Array.isArray(e.metaMessages))
    e.metaMessages = e.metaMessages.map((m) => (typeof m === 'string' ? scrubUrls(m, urls) : m));
  scrubError(e.cause, urls, seen);
}

/** `transport` whose thrown errors never show `url`. */
function scrubbed(transport: Transport, url: string): Transport {
  return (args) => {
    const inner = transport(args);
    return {
      ...inner,
      request: (async (req: Parameters<typeof inner.request>[0]) => {
        try {
          return await inner.request(req);
        } catch (err) {
          scrubError(err, [url]);
          throw err;
        }
      }) as typeof inner.request,
    };
  };
}

/**
 * The transport of an RPC_URL value: `timeoutMs` per request; one URL retried `retryCount` times
 * (default 1); several tried in order, a failure passing at once to the next, the whole list
 * retried `retryCount` times.
 */
export function rpcTransport(
  value: string,
  opts: { timeoutMs?: number; retryCount?: number } = {},
): Transport {
  const urls = rpcUrlList(value);
  const timeout = opts.timeoutMs ?? 10_000;
  const retryCount = opts.retryCount ?? 1;
  const [only] = urls;
  if (urls.length === 1 && only) return scrubbed(http(only, { timeout, retryCount }), only);
  return fallback(
    urls.map((url) => scrubbed(http(url, { timeout, retryCount: 0 }), url)),
    { retryCount },
  );
}
