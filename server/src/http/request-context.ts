// What every request carries besides its route: the caller's language (read from Accept-Language
// only when something asks for it, e.g. a failure's message) and the server-side time budget
// after which an answer still running becomes Timeout, once.
import { ErrorCode } from '@free/protocol';
import { type LanguageCode, resolveLanguage } from '@free/protocol/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendFailure } from './envelope.ts';

/** Accept-Language values seen → language; browsers send few distinct values. */
const languages = new Map<string, LanguageCode>();
const MAX_REMEMBERED = 500;

/** The language of an Accept-Language header (remembered per header text). */
export function languageOf(header: string | undefined): LanguageCode {
  if (!header) return resolveLanguage(header);
  let lang = languages.get(header);
  if (lang === undefined) {
    lang = resolveLanguage(header);
    if (languages.size >= MAX_REMEMBERED) languages.clear();
    languages.set(header, lang);
  }
  return lang;
}

const LANG = Symbol('lang');
type WithLang = FastifyRequest & { [LANG]?: LanguageCode };

export function installRequestContext(app: FastifyInstance, budgetMs: number): void {
  // `req.lang`, resolved on first use and kept for the request
  app.decorateRequest('lang', {
    getter(this: WithLang) {
      const cached = this[LANG];
      if (cached !== undefined) return cached;
      const lang = languageOf(this.headers['accept-language']);
      this[LANG] = lang;
      return lang;
    },
    setter(this: WithLang, value: LanguageCode) {
      this[LANG] = value;
    },
  });
  // Server-side budget: whatever is still running after `budgetMs` answers Timeout, once.
  app.addHook('onRequest', (_req, reply, done) => {
    const timer = setTimeout(() => {
      if (!reply.sent) void sendFailure(reply, ErrorCode.Timeout);
    }, budgetMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
