// Money commands over HTTP (docs/api.md "Request headers"): the answer is the route's own
// serialization of the success envelope, written inside the command's transaction and stored with
// the Idempotency-Key, and it is sent as that text — so a retry with the key gets the first
// answer's bytes, amounts and times included, without any value being rebuilt from storage.
import type { FastifyReply } from 'fastify';
import type { DbHandle } from '../db/client.ts';
import { answerCommand, type Command } from '../services/command.ts';
import { ok } from './envelope.ts';

/**
 * Runs `cmd` and answers it: `view` turns the domain value into the API shape (views/), the route's
 * response serializer writes the envelope.
 */
export async function answer<P, T>(
  reply: FastifyReply,
  handle: DbHandle,
  cmd: Command<P, T>,
  view: (out: T) => unknown,
): Promise<FastifyReply> {
  // the route's compiled serializer of the success envelope (http/serializer.ts) writes text
  const write = (out: T) => reply.serialize(ok(view(out))) as string;
  const text = await answerCommand(handle, cmd, write);
  // a string payload is sent as it is, past the serializer that already wrote it
  return reply.type('application/json; charset=utf-8').send(text);
}
