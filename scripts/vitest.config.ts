import { defineConfig } from 'vitest/config';

// The chain tests start their own anvil and deploy real contracts: generous timeouts, one file at a time.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
