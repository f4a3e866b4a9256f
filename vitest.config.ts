import { defineConfig } from 'vitest/config';

// Unit, content and function tests. Browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
