// The app's pino options (secrets redacted) and its request log: one line per answered request
// (method, url, client ip, status, ms) instead of Fastify's two ("incoming request" and "request
// completed"), so a busy API formats and writes half as many lines.
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { AppDeps } from './context.ts';

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
