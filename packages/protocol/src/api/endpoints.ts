// The one endpoint map (docs/api.md): every route of the API, keyed by its OpenAPI operationId.
// The server registers each route from its entry (server/src/http/route.ts), the OpenAPI document
// comes from those routes, and the web calls through it (web/src/api/client.ts `call`, with the
// zod-free method and path of each entry in ./generated/routes.ts).
import { named } from './endpoint.ts';
import { adminEndpoints } from './endpoints-admin.ts';
import { appEndpoints } from './endpoints-app.ts';

export const endpoints = named({ ...appEndpoints, ...adminEndpoints });
export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
