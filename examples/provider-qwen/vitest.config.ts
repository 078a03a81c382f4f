import { defineConfig } from 'vitest/config';

// Nothing from the @x repository: `@x/core` and `@x/testkit` resolve to their
// built `dist` as in any project (inside the repository, turbo builds them first).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Only catches a hang: the conformance suite's property tests take a while on a busy machine.
    testTimeout: 180_000,
  },
});
