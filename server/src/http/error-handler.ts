// Every failure leaves as an envelope: validation errors name the field, AppErrors keep their
// code, rate limits and malformed bodies get theirs, anything else is logged and answers Internal.
import { ErrorCode } from '@free/protocol';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../lib/errors.ts';
import { sendFailure } from './envelope.ts';

export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (reply.sent) return;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issue = err.validation[0];
    const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
    const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const field = path || (issue?.params as { keys?: string[] } | undefined)?.keys?.[0] || where || 'request';
    return sendFailure(reply, ErrorCode.BadRequest, field);
  }
  if (isAppError(err)) {
    if (err.detail) req.log.info({ code: err.errorCode, detail: err.detail }, 'refused');
    return sendFailure(reply, err.errorCode, err.field);
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 429) return sendFailure(reply, ErrorCode.TooManyRequests);
  if (status === 413) return sendFailure(reply, ErrorCode.BadRequest, 'body');
  if (status !== undefined && status >= 400 && status < 500) {
    // malformed JSON, wrong content type, empty body…
    return sendFailure(reply, ErrorCode.BadRequest, 'body');
  }
  req.log.error({ err }, 'unhandled error');
  return sendFailure(reply, ErrorCode.Internal);
}
