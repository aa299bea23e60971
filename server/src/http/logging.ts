// The app's pino options (secrets redacted), the request id, and its request log: one line per answered request
// (method, url, client ip, status, ms) instead of Fastify's two ("incoming request" and "request
// completed"), so a busy API formats and writes half as many lines.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redact } from '../lib/redact.ts';
import type { AppDeps } from './context.ts';

/** An incoming X-Request-Id is kept when it looks like one (nginx's $request_id is 32 hex digits). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id (Fastify's `genReqId`): the proxy's X-Request-Id when well formed, else a new
 * one; every log line of the request carries it as `reqId` and the answer as X-Request-Id.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

const REDACT = [
  'req.headers.authorization',
  'req.headers.sign',
  'req.headers["idempotency-key"]',
  'headers.authorization',
  'headers.sign',
  '*.signerKey',
  '*.hotWalletKey',
  '*.clientSecret',
  '*.token',
];

/** Fastify's `logger` option from the app's dependencies: false (tests), or pino's options. */
export function loggerOptions(deps: Pick<AppDeps, 'logger' | 'config'>) {
  if (deps.logger === false || deps.logger === undefined) return false;
  return {
    level: deps.config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    // whatever a line says (an RPC error names its URL), no secret of the settings is written
    hooks: { streamWrite: redact },
    ...(deps.logger === true ? {} : deps.logger),
  };
}

/** Fastify's request log lines: nothing when a request arrives, one line when it is answered. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    // (the logger of `logger: false` has no levels: nothing is written, nothing to build)
    const log = reply.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    if (!error && !log.isLevelEnabled?.('info')) return;
    const line = {
      method: req.method,
      // a stream ticket is single-use and short-lived, but a log keeps no credential at all
      url: req.url.replace(/([?&]ticket=)[^&]*/g, '$1[redacted]'),
      ip: req.ip,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
