// The API client (docs/business-rules.md "Calls, messages and timing"): base URL, 10 s timeout, signed headers, and the error behaviour.
import type { BodyOf, DataOf, QueryOf } from '@free/protocol/api/endpoint';
import type { EndpointKey, Endpoints } from '@free/protocol/api/endpoints';
import { routes } from '@free/protocol/api/generated/routes';
import { PLATFORM, REQUEST_TIMEOUT_MS } from '@free/protocol/constants';
import { ErrorCode } from '@free/protocol/envelope';
import { setTabIndex } from '../app/tabIndex';
import { showToast } from '../components/toast';
import { currentLanguage, i18n } from '../i18n';
import { requestSignIn } from '../session/prompt';
import { session } from '../session/store';
import { apiBase, apiUrl, type Query, takeEarlyRead } from './early';
import { learnFromNonce, serverNow } from './serverClock';

export const API_URL: string = apiBase(__FREE_API_URL__);
const CLIENT_SECRET: string = __FREE_CLIENT_SECRET__;

export type { Query };

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** The caller shows the failure itself: no toast for non-200 codes (401 still signs out). */
  hideError?: boolean;
  /**
   * A call the user does not wait on (e.g. telling the server about a sign-out): no toast at all,
   * and a 401 neither clears the session nor asks to sign in.
   */
  background?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A rejected call: `code` is the envelope code, or ErrorCode.NetworkError when nothing came back. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status?: number,
    /** the envelope's data of a refusal that explains itself (an operator command's refusal code) */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const buildUrl = (path: string, query?: Query) => apiUrl(API_URL, path, query);

/** An early read's answer (src/api/early.ts), given up on at the request's timeout like a fetch. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    answer.then(resolve, reject);
  });
}

// Request signing (and its hash library) loads on the first signed-in request, not in a visitor's
// first paint.
const loadSigning = () => import('@free/protocol/signing');

async function headersFor(hasBody: boolean, extra?: Record<string, string>): Promise<Record<string, string>> {
  // The language the reader chose in the app, signed in or not (the browser's own header may differ).
  const headers: Record<string, string> = {
    platform: PLATFORM,
    'Accept-Language': currentLanguage(),
    ...extra,
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = session.token();
  if (token) {
    // the server's time, not the device's: it refuses a `times` outside its window
    const times = String(serverNow());
    headers.Authorization = `Bearer ${token}`;
    const { signRequest } = await loadSigning();
    headers.sign = signRequest(CLIENT_SECRET, token, times);
    headers.times = times;
  }
  return headers;
}

/** Code 401: show the server message, clear the user, go home, reset the tab, ask to sign in. */
function onUnauthorized(message: string) {
  showToast(message || i18n.t('error'));
  session.clear();
  const hash = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  if (hash !== '' && hash !== '/') window.location.hash = '#/';
  setTabIndex(0);
  requestSignIn();
}

let syncing: Promise<boolean> | null = null;
/**
 * Asks the server for its time (a nonce for the signed-in address is dated by it) and learns it;
 * requests refused at the same moment share one such question.
 */
function syncServerClock(address: string): Promise<boolean> {
  syncing ??= (async () => {
    const sentAt = Date.now();
    try {
      const nonce = await send<DataOf<Endpoints['getCommonNonce']>>('GET', routes.getCommonNonce.path, {
        query: { address },
        background: true,
      });
      learnFromNonce(nonce, sentAt, Date.now());
      return true;
    } catch {
      return false;
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

/** `times` outside the server's window (StaleTimestamp): not shown yet, `request` retries once. */
class StaleTimes extends ApiError {}

export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  try {
    return await send<T>(method, path, opts);
  } catch (error) {
    if (!(error instanceof StaleTimes)) throw error;
    // This device's idea of the server's time is off (a wrong device clock, or a local chain moved
    // forward): learn the server's time and send once more. The refusal came before the request
    // was handled, so nothing is done twice.
    const address = session.get()?.user.address;
    if (address && (await syncServerClock(address))) {
      try {
        return await send<T>(method, path, opts);
      } catch (again) {
        if (!(again instanceof StaleTimes)) throw again;
      }
    }
    if (!opts.hideError && !opts.background) showToast(error.message);
    throw new ApiError(error.code, error.message, error.status, error.data);
  }
}

async function send<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  let res: Response;
  let body: { code?: unknown; msg?: unknown; message?: unknown; data?: unknown } | null = null;
  const url = buildUrl(path, opts.query);
  // the shell may have asked already (a failed early read is asked again)
  const early = method === 'GET' ? takeEarlyRead(url, currentLanguage()) : undefined;
  try {
    res =
      (early && (await untilAborted(early, controller.signal).catch(() => null))) ||
      (await fetch(url, {
        method,
        headers: await headersFor(opts.body !== undefined, opts.headers),
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: controller.signal,
      }));
    body = await res.json().catch(() => null);
  } catch {
    if (opts.signal?.aborted) throw new ApiError(ErrorCode.NetworkError, 'aborted');
    const text = i18n.t('network error');
    // without a network the app's offline notice says it once (src/app/AppNotices.tsx)
    if (!opts.background && navigator.onLine !== false) showToast(text);
    throw new ApiError(ErrorCode.NetworkError, text);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const code = typeof body?.code === 'number' ? body.code : res.ok ? ErrorCode.Ok : res.status;
  const message =
    (typeof body?.msg === 'string' && body.msg) || (typeof body?.message === 'string' && body.message) || '';
  if (code === ErrorCode.Ok && body !== null) return body.data as T;
  if (code === ErrorCode.StaleTimestamp && session.token())
    throw new StaleTimes(code, message || i18n.t('error'), res.status);
  if (code === ErrorCode.Unauthorized && !opts.background) {
    onUnauthorized(message);
    throw new ApiError(code, message || i18n.t('error'), res.status);
  }
  const text = message || i18n.t('error');
  if (!opts.hideError && !opts.background) showToast(text);
  throw new ApiError(code, text, res.status, body?.data ?? undefined);
}

/** An endpoint of the map as the client knows it: its key, method and path (generated, zod-free). */
export type Route<K extends EndpointKey = EndpointKey> = {
  readonly id: K;
  readonly method: 'GET' | 'POST';
  readonly path: string;
};

/** `{ name?: T }` when T may be left out (no schema, or nothing required in it), else `{ name: T }`. */
type Field<N extends string, T> = undefined extends T
  ? { [P in N]?: T }
  : Record<never, never> extends T
    ? { [P in N]?: T }
    : { [P in N]: T };

/** What a call of endpoint `K` sends: its query and body typed by the map, and the client's options. */
export type CallOptions<K extends EndpointKey> = Omit<RequestOptions, 'query' | 'body'> &
  Field<'query', QueryOf<Endpoints[K]>> &
  Field<'body', BodyOf<Endpoints[K]>>;

/** The options argument of a call: optional when nothing in it is required. */
export type CallArgs<K extends EndpointKey> =
  Record<never, never> extends CallOptions<K> ? [opts?: CallOptions<K>] : [opts: CallOptions<K>];

/** The `data` endpoint `K` answers (its schema in the map). */
export type Answer<K extends EndpointKey> = DataOf<Endpoints[K]>;

/**
 * Calls an endpoint of the map (`call(routes.getUser)`): the method and path come from the entry and
 * the answer's type from its schema, so no caller names either. Any refusal rejects with ApiError,
 * a 404 of our own API too (a wrong path is a failure, never 'nothing').
 */
export function call<K extends EndpointKey>(route: Route<K>, ...[opts]: CallArgs<K>): Promise<Answer<K>> {
  return request<Answer<K>>(route.method, route.path, (opts ?? {}) as RequestOptions);
}

export { routes };
