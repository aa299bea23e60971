// Registers a route from its entry of protocol's endpoint map (@free/protocol/api/endpoints): the
// path, method, summary, tags and schemas come from the entry, typed through
// fastify-type-provider-zod, so a route file holds only its handler. A route lives in the scope its
// entry names: the scope plugins (app.ts public, http/auth.ts signed-in, http/operator.ts operator)
// mark their instance, and an entry registered in another scope stops the server at start.
import { envelopeSchema } from '@free/protocol';
import type { EndpointScope, EndpointSpec } from '@free/protocol/api/endpoint';
import type {
  ContextConfigDefault,
  FastifyInstance,
  preValidationAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the endpoint map key (operationId) the route was registered from */
    endpoint?: string;
  }
}

const SCOPE = Symbol('endpoint scope');
type Scoped = { [SCOPE]?: EndpointScope };

/**
 * Marks a Fastify instance (and the plugins registered inside it, which inherit it) as the scope
 * its routes are mounted in.
 */
export function setEndpointScope(app: FastifyInstance, scope: EndpointScope): void {
  (app as Scoped)[SCOPE] = scope;
}

/** The route schema of an entry, as Fastify and the OpenAPI document read it. */
type SchemaOf<E extends EndpointSpec> = {
  querystring: E['query'];
  body: E['body'];
  headers: E['headers'];
  response: { 200: E['stream'] extends true ? E['data'] : ReturnType<typeof envelopeSchema<E['data']>> };
};

export type EndpointHandler<E extends EndpointSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

type AnyApp = Pick<FastifyInstance, 'route'>;

export interface RouteOptions {
  /** runs before the body is validated (a module switch answers ModuleClosed first) */
  preValidation?: preValidationAsyncHookHandler;
}

/** The summary as documented: a route running an operator command names it. */
export const summaryOf = (e: EndpointSpec) => (e.command ? `${e.summary} (command ${e.command})` : e.summary);

/** Registers `e`'s route with `handler`; throws when `app` is not the scope `e` belongs to. */
export function route<E extends EndpointSpec & { id: string }>(
  app: AnyApp,
  e: E,
  handler: EndpointHandler<E>,
  opts: RouteOptions = {},
): void {
  const scope = (app as Scoped)[SCOPE];
  if (scope !== e.scope)
    throw new Error(
      `endpoint ${e.id} (${e.method} ${e.path}) is ${e.scope} but registered in the ${scope ?? 'unmarked'} scope`,
    );
  const schema: Record<string, unknown> = {
    operationId: e.id,
    summary: summaryOf(e),
    response: {
      200: e.stream ? e.data : envelopeSchema(e.data),
      ...(e.unavailable ? { 503: envelopeSchema(e.unavailable) } : {}),
    },
  };
  if (e.tags) schema.tags = [...e.tags];
  if (e.description) schema.description = e.description;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  if (e.headers) schema.headers = e.headers;
  if (e.stream) schema.produces = ['text/event-stream'];
  if (e.hide) schema.hide = true;
  app.route({
    method: e.method,
    url: e.path,
    schema,
    config: { endpoint: e.id, ...(e.roles ? { operatorRoles: e.roles } : {}) },
    ...(opts.preValidation ? { preValidation: opts.preValidation } : {}),
    handler: handler as never,
  });
}
