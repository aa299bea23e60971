// What one API endpoint is (docs/api.md): method, path, who may call it, its summary and the zod
// schemas of its query, body, headers and answer `data`. The server registers its route from the
// entry, the OpenAPI document is built from it and the web client's calls are typed by it.
import type { z } from 'zod';
import type { OperatorRole } from './admin.ts';

/**
 * Who may call an endpoint, as the server mounts it: `public` (anyone), `user` (a signed-in user)
 * or `admin` (a signed-in operator with one of the entry's `roles`).
 */
export type EndpointScope = 'public' | 'user' | 'admin';
export type EndpointMethod = 'GET' | 'POST';

export interface EndpointSpec {
  method: EndpointMethod;
  path: string;
  scope: EndpointScope;
  summary: string;
  description?: string;
  tags?: readonly string[];
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** the schema of the success envelope's `data` (a `stream` endpoint: the event stream text) */
  data: z.ZodType;
  /**
   * the `data` of an HTTP 503 answer (the ServiceUnavailable envelope) when it says more than null:
   * a readiness probe names each check
   */
  unavailable?: z.ZodType;
  /** a server-sent event stream (text/event-stream), not an envelope */
  stream?: true;
  /** admin only: the operator roles the route is open to (admin may use every route) */
  roles?: readonly OperatorRole[];
  /** admin only: the `npm run ops` command the route runs (named after its summary) */
  command?: string;
  /** left out of the OpenAPI document (local development tools) */
  hide?: true;
}

/** An entry of the map: its spec and its key, which is also its OpenAPI operationId. */
export type Endpoint<S extends EndpointSpec = EndpointSpec, K extends string = string> = S & {
  readonly id: K;
};

/** Checks one entry's shape and keeps its literal types (method, path, schemas). */
export const endpoint = <const S extends EndpointSpec>(spec: S): S => spec;

/** Names every entry of a map by its key. */
export function named<const M extends Record<string, EndpointSpec>>(
  map: M,
): { [K in keyof M]: Endpoint<M[K], K & string> } {
  return Object.fromEntries(Object.entries(map).map(([id, spec]) => [id, { ...spec, id }])) as never;
}

type Infer<S, Fallback> = S extends z.ZodType ? z.infer<S> : Fallback;
type Input<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** The query an endpoint's caller sends (before defaults). */
export type QueryOf<E extends EndpointSpec> = Input<E['query'], undefined>;
/** The body an endpoint's caller sends (before defaults). */
export type BodyOf<E extends EndpointSpec> = Input<E['body'], undefined>;
/** The success envelope's `data` of an endpoint. */
export type DataOf<E extends EndpointSpec> = Infer<E['data'], never>;
