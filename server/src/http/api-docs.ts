// The OpenAPI document of every route (from the zod schemas), served at /api/docs.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FREE API',
        version: '1.0.0',
        description:
          'Every response is `{ code, msg, data }` with HTTP 200; `code` 200 is success, other codes come from @free/protocol ErrorCode.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
