import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // a bound for a hung test, not a speed requirement: the random-tree proofs hash thousands of
    // nodes, and on a busy 2-core machine vitest's default 5 s was not enough
    testTimeout: 60_000,
  },
});
