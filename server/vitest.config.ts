import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // bounds for a hung test, not speed requirements: with both cores busy, migrating one in-memory
    // PGlite database alone took over a minute
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // each file opens its own database (in-memory PGlite, or a fresh PostgreSQL schema)
    fileParallelism: true,
    // a migrated PGlite made once, that every in-memory test database starts from; the contracts
    // deployed once, that every test chain starts from; server/dist built once, that the tests
    // spawning the API or the operator tool run with plain Node
    globalSetup: [
      'test/support/pglite-template.ts',
      'test/support/chain-template.ts',
      'test/support/server-build.ts',
    ],
    // every answer is also checked against its zod response schema (http/serializer.ts)
    env: { CHECK_RESPONSES: '1' },
  },
});
