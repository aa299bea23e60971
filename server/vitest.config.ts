import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // each file opens its own database (in-memory PGlite, or a fresh PostgreSQL schema)
    fileParallelism: true,
    // every answer is also checked against its zod response schema (http/serializer.ts)
    env: { CHECK_RESPONSES: '1' },
  },
});
