// The operator scope as a Fastify plugin, inside the signed-in scope: every route registered in it
// must declare the operator roles it is open to (`config.operatorRoles`), and every request is
// refused unless the signed-in address is an operator of one of those roles (admin: every route).
import { ErrorCode, errorMessage } from '@free/protocol';
import type { Address } from '@free/protocol/address';
import { type OperatorRole, roleAllows } from '@free/protocol/api/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAddress } from 'viem';
import type { Config } from '../config.ts';
import { finalityDepthFor } from '../jobs/index.ts';
import { AppError } from '../lib/errors.ts';
import { checksum } from '../lib/format.ts';
import { type OpsResult, runCommand } from '../ops/commands.ts';
import { sendFailure } from './envelope.ts';
import { setEndpointScope } from './route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the operator roles a route under /api/admin is open to (admin is always allowed) */
    operatorRoles?: readonly OperatorRole[];
  }
}

export const ADMIN_PREFIX = '/api/admin/';

/** The role of an address in the console, or null for a normal user. */
export function operatorRoleOf(config: Pick<Config, 'operators'>, address: string): OperatorRole | null {
  return config.operators.get(getAddress(address)) ?? null;
}

/** Registers the route plugins in an encapsulated scope whose hooks check the operator role. */
export function operatorScope(routes: readonly FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (scope) => {
    const { ctx } = scope;
    setEndpointScope(scope, 'admin');
    // A route without a declared role would be open to every signed-in user: refuse to start.
    scope.addHook('onRoute', (route) => {
      if (!route.url.startsWith(ADMIN_PREFIX))
        throw new Error(`operator route ${route.url} must live under ${ADMIN_PREFIX}`);
      if (!route.config?.operatorRoles?.length)
        throw new Error(`operator route ${route.method} ${route.url} declares no operatorRoles`);
      const roles = ['admin', ...route.config.operatorRoles.filter((r) => r !== 'admin')];
      const summary = `${route.schema?.summary ?? ''} [operators: ${roles.join(', ')}]`.trim();
      route.schema = { ...route.schema, tags: ['admin'], summary };
    });
    // before validation: a normal user learns nothing about the bodies these routes accept
    scope.addHook('preValidation', async (req, reply) => {
      const role = req.user ? operatorRoleOf(ctx.config, req.user.address) : null;
      if (!role) return sendFailure(reply, ErrorCode.NotOperator);
      const allowed = req.routeOptions.config.operatorRoles ?? [];
      if (!roleAllows(role, allowed)) return sendFailure(reply, ErrorCode.OperatorRoleMissing);
    });
    for (const r of routes) await scope.register(r);
  };
}

/** The checksummed address of the operator making the request (the ops_log actor). */
export function operatorAddress(req: FastifyRequest): Address {
  if (!req.user) throw new AppError(ErrorCode.Unauthorized);
  return checksum(req.user.address);
}

/**
 * Runs an operator command for a console request: the same command layer as the CLI, logged to
 * ops_log with the operator's address. A refused command answers OperatorCommandRefused with the
 * command's own message and, as `data`, the refusal's stable code that the console words in the
 * reader's language (docs/api.md).
 */
export async function runForOperator(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  raw: unknown,
): Promise<OpsResult> {
  const { ctx } = req.server;
  const client = ctx.chain.publicClient;
  const hotWallet =
    client && ctx.config.deployment
      ? { client, address: ctx.config.hotWalletAddress, finalityDepth: finalityDepthFor(ctx.config) }
      : undefined;
  const r = await runCommand(name, raw, {
    db: ctx.db,
    now: ctx.clock,
    actor: operatorAddress(req),
    hotWallet,
    requestId: req.id,
  });
  if (!r.ok) {
    const msg = `${errorMessage(ErrorCode.OperatorCommandRefused, req.lang)}: ${r.error}`;
    await reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: ErrorCode.OperatorCommandRefused, msg, data: r.refusal }));
  }
  return r;
}
