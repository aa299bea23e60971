// Pieces shared by the operator route files: a POST route that runs one operator command
// (validated, run and logged to ops_log like the CLI). Who may call each route is its entry's
// `roles` in protocol's endpoint map.
import type { EndpointSpec } from '@free/protocol/api/endpoint';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';
import { type EndpointHandler, route } from '../../http/route.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The entry's route → its `command` on `raw(body)` (default: the body itself). */
export function commandRoute<E extends EndpointSpec & { id: string; command: string; body: z.ZodType }>(
  app: ZodApp,
  entry: E,
  raw?: (body: z.infer<E['body']>) => unknown,
) {
  const handler: EndpointHandler<EndpointSpec> = async (req, reply) => {
    const body = req.body as z.infer<E['body']>;
    const r = await runForOperator(req, reply, entry.command, raw ? raw(body) : body);
    return r.ok ? ok({ command: entry.command, result: r.result }) : reply;
  };
  // every command entry answers commandData(its command), whose result schema (protocol's
  // COMMAND_RESULTS) the command is type-checked against in ops/commands.ts; a generic entry cannot
  // show that to the type checker here
  route(app, entry, handler as EndpointHandler<E>);
}
