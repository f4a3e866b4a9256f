import { defineConfig } from 'vitest/config';

// Browser and HTTP tests against the built site served by server/serve.ts.
export default defineConfig({
  test: {
    // The site-wide hourly cap on confirmation e-mails (docs/subscriptions.md) is the subject of its
    // own tests, which set it; everywhere else a test's hundreds of sign-ups must not run into it.
    env: { SIGNUP_CONFIRMATION_MAIL_LIMIT: '1000000' },
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
