// The `{ code, msg, data }` envelope of every answer (docs/api.md "The envelope"): success, and failure in the
// caller's language with the faulty field named.
import { type Envelope, ErrorCode, errorMessage, httpStatusOf } from '@free/protocol';
import type { LanguageCode } from '@free/protocol/languages';
import type { FastifyReply } from 'fastify';

/** Wraps data in the success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { code: ErrorCode.Ok, msg: 'ok', data };
}

/** The envelope of a failure: message in the caller's language, with the faulty field named. */
export function failure(code: number, lang: LanguageCode, field?: string): Envelope<null> {
  const text = errorMessage(code, lang);
  return { code, msg: field ? `${text} (${field})` : text, data: null };
}

/**
 * Sends the failure envelope with the HTTP status its code means (httpStatusOf: an HTTP code is
 * its own status, a product refusal 200) unless the caller names another (405 for a wrong method).
 */
export function sendFailure(
  reply: FastifyReply,
  code: number,
  field?: string,
  httpStatus = httpStatusOf(code),
) {
  const lang = reply.request.lang ?? 'en';
  // A string payload skips the route's response serializer (which describes success data).
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(failure(code, lang, field)));
}
