import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit, content and function tests. Browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  // src/content.config.ts imports Astro's virtual module; unit tests read its schema with a stand-in.
  resolve: {
    alias: { 'astro:content': fileURLToPath(new URL('tests/support/astro-content-stub.ts', import.meta.url)) },
  },
  test: {
    // The site-wide hourly cap on confirmation e-mails (docs/subscriptions.md) is the subject of its
    // own tests, which set it; everywhere else a test's hundreds of sign-ups must not run into it.
    env: { SIGNUP_CONFIRMATION_MAIL_LIMIT: '1000000' },
    include: ['tests/unit/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
