// Every request, before validation: a text PostgreSQL cannot store (a NUL character) in the body,
// the query or the path is refused as BadRequest naming the field (the rule: protocol text.ts),
// instead of failing in the database as a 500.
import { ErrorCode } from '@free/protocol';
import { unstorableTextField } from '@free/protocol/text';
import type { FastifyInstance } from 'fastify';
import { sendFailure } from './envelope.ts';

export function installStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', (req, reply, done) => {
    for (const [part, value] of [
      ['body', req.body],
      ['query', req.query],
      ['params', req.params],
    ] as const) {
      const field = unstorableTextField(value);
      if (field !== null) {
        void sendFailure(reply, ErrorCode.BadRequest, field || part);
        return;
      }
    }
    done();
  });
}
