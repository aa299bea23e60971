// The OpenAPI document of every route (from the zod schemas), served at /api/docs. Each answer is
// documented as it travels: HTTP 200 with the success envelope or a product refusal, 4XX and 5XX
// with the error envelope whose code is the status; the headers
// come from where the server checks them (platform: api-headers.ts, token/sign/times: auth.ts,
// Idempotency-Key: the route's own header schema).

import swagger from '@fastify/swagger';
import { ErrorCode, type ErrorCodeName } from '@free/protocol';
import { commandRefusal } from '@free/protocol/api/admin';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needsPlatform, platformParameter } from './api-headers.ts';
import { signedInSchemes } from './auth.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  responses?: Record<
    string,
    { description?: string; headers?: unknown; content?: Record<string, { schema?: JsonSchema }> }
  >;
};
type Document = {
  components?: Record<string, object>;
  paths?: Record<string, Record<string, Operation>>;
};

/** The codes the server answers with (≥ 9000 are texts of the web client, never sent). */
export const SERVER_ERROR_CODES = (Object.entries(ErrorCode) as [ErrorCodeName, number][]).filter(
  ([, code]) => code !== ErrorCode.Ok && code < 9000,
);

/** Rate-limit headers of every /api answer (the per-IP limit). */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': 'requests allowed per window (the per-IP limit)',
  'X-RateLimit-Remaining': 'requests left in the current window',
  'X-RateLimit-Reset': 'seconds until the current window ends',
  'Retry-After': 'on a rate-limited answer (code 429) only: seconds to wait before retrying',
} as const;

const ERROR_ENVELOPE = {
  type: 'object',
  description:
    "A refusal: `code` names it (see ErrorCode in docs/api.md), `msg` says it in the caller's language (naming the faulty field), `data` is null — except an operator command's refusal (OperatorCommandRefused), whose `data` says why as a stable code.",
  properties: {
    code: {
      type: 'integer',
      enum: SERVER_ERROR_CODES.map(([, code]) => code),
      'x-enum-varnames': SERVER_ERROR_CODES.map(([name]) => name),
    },
    msg: { type: 'string' },
    // null, or protocol's commandRefusal (api/admin.ts) for a refused operator command
    data: {
      ...z.toJSONSchema(commandRefusal, { target: 'openapi-3.0' }),
      nullable: true,
      description: 'null, or (OperatorCommandRefused only) why the command was refused',
    },
  },
  required: ['code', 'msg', 'data'],
  additionalProperties: false,
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Adds what the route schemas alone do not say to the document @fastify/swagger built. */
export function completeDocument<T extends Document>(doc: T): T {
  const ids = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method)) continue;
      // the key of the route's entry in protocol's endpoint map (http/route.ts)
      const id = op.operationId;
      if (!id) throw new Error(`${method} ${path} has no operationId: register it with route()`);
      if (ids.has(id)) throw new Error(`two operations are named ${id} (${method} ${path})`);
      ids.add(id);
      // the signed-in scope marks its routes (http/auth.ts); every other route is public
      op.security ??= [];
      if (needsPlatform(path))
        op.parameters = [{ $ref: '#/components/parameters/platform' }, ...(op.parameters ?? [])];
      const ok = op.responses?.['200'];
      const stream = ok?.content?.['text/event-stream'];
      if (ok && stream) {
        // the event stream: its events on success, the error envelope (HTTP 401) for a bad ticket
        ok.description = 'The event stream (text/event-stream), open until the client leaves';
        op.responses = {
          ...op.responses,
          '401': {
            description: 'A bad, used or expired ticket: the Unauthorized envelope',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        };
        continue;
      }
      const media = ok?.content?.['application/json'];
      if (!ok || !media?.schema) throw new Error(`${method} ${path} documents no 200 answer`);
      const success = {
        ...media.schema,
        properties: { ...media.schema.properties, code: { type: 'integer', enum: [200] } },
      };
      media.schema = { oneOf: [success, { $ref: '#/components/schemas/ErrorEnvelope' }] };
      ok.description =
        'Success envelope (`code` 200) or a product refusal (the error envelope with a four-digit code)';
      const limitHeaders = Object.fromEntries(
        Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
      );
      ok.headers = limitHeaders;
      // an envelope whose code is an HTTP code travels with that status (protocol's httpStatusOf)
      const error = (description: string) => ({
        description,
        headers: limitHeaders,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      });
      op.responses = {
        ...op.responses,
        '4XX': error(
          'The error envelope whose `code` is the HTTP status: 400 bad input (the field named), 401 not signed in, 403, 404, 405 (BadRequest naming `method`, with `Allow`), 409, 429 rate limited (with `Retry-After`)',
        ),
        '5XX': error(
          'The error envelope whose `code` is the HTTP status: 500 internal failure, 503 unavailable, 504 out of its time budget (rolled back)',
        ),
      };
    }
  }
  const components = doc.components ?? {};
  doc.components = {
    ...components,
    parameters: { ...components.parameters, platform: platformParameter },
    headers: {
      ...components.headers,
      ...Object.fromEntries(
        Object.entries(RATE_LIMIT_HEADERS).map(([name, description]) => [
          name,
          { description, schema: { type: 'integer', minimum: 0 } },
        ]),
      ),
    },
    schemas: { ...components.schemas, ErrorEnvelope: ERROR_ENVELOPE },
  };
  typeNullableUnions(doc.paths);
  return doc;
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a nullable union of objects (zod's
 * `union.nullable()`, e.g. a withdrawal's hold) gets the type its variants share.
 */
function typeNullableUnions(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  for (const child of Object.values(node)) typeNullableUnions(child);
  const s = node as JsonSchema;
  const variants = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (s.nullable === true && s.type === undefined && variants?.every((v) => v.type === 'object'))
    s.type = 'object';
}

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FREE API',
        version: '1.0.0',
        description:
          'Every answer is the envelope `{ code, msg, data }`: `code` 200 is success, any other code is a refusal with `data: null` (ErrorEnvelope; a refused operator command says why in `data`). An envelope whose code is an HTTP code (400–599) travels with that HTTP status; success and product refusals (four-digit codes) travel as HTTP 200; a client reads the envelope whatever the status. Every call sends the `platform` header; signed-in calls also send `Authorization: Bearer <token>`, `sign` and `times`. A path no operation has answers HTTP 404 with the NotFound envelope; a path called with another method HTTP 405 with `Allow`. docs/api.md describes the wire format, the error codes and the limits.',
      },
      servers: [{ url: '/', description: 'the host that serves this document' }],
      // @fastify/swagger reads the schemes while it builds each operation's security
      components: { securitySchemes: { ...signedInSchemes } },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) =>
      'openapiObject' in input ? completeDocument(input.openapiObject as Document) : input.swaggerObject,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
