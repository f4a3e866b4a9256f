import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: load, crash, database-down, fuzz and production-driver tests against
// the built site (run after `npm test`, which builds it). One file at a time: the load figures and
// the crash timings mean something only when the two cores are not shared with another test file.
export default defineConfig({
  test: {
    // The site-wide hourly cap on confirmation e-mails (docs/subscriptions.md) is the subject of its
    // own tests, which set it; everywhere else a test's hundreds of sign-ups must not run into it.
    env: { SIGNUP_CONFIRMATION_MAIL_LIMIT: '1000000' },
    include: ['tests/reliability/**/*.test.ts'],
    globalSetup: ['tests/reliability/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
