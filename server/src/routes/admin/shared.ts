// Pieces shared by the operator route files: the roles of each console section, and a POST route
// that runs one operator command (validated, run and logged to ops_log like the CLI).
import { envelopeSchema } from '@free/protocol';
import { commandData, type OperatorRole } from '@free/protocol/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { runForOperator } from '../../http/operator.ts';

/** Who may use each section (admin may use all of them). */
export const ROLES = {
  any: ['admin', 'finance', 'content'],
  money: ['finance'],
  users: ['finance'],
  product: ['admin'],
  content: ['content'],
  audit: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** `POST url` with a body → command `command` on `raw(body)` (default: the body itself). */
export function commandRoute<B extends z.ZodType>(
  app: ZodApp,
  o: {
    url: string;
    roles: readonly OperatorRole[];
    command: string;
    summary: string;
    body: B;
    raw?: (body: z.infer<B>) => unknown;
  },
) {
  app.post(
    o.url,
    {
      config: { operatorRoles: o.roles },
      schema: {
        summary: `${o.summary} (command ${o.command})`,
        body: o.body,
        response: { 200: envelopeSchema(commandData) },
      },
    },
    async (req, reply) => {
      const body = req.body as z.infer<B>;
      const r = await runForOperator(req, reply, o.command, o.raw ? o.raw(body) : body);
      return r.ok ? ok({ command: o.command, result: r.result }) : reply;
    },
  );
}
