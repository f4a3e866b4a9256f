import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TIERS } from './tests/support/tiers.ts';

// One vitest project per test tier (tests/support/tiers.ts: a file's folder decides its tier).
// `npx vitest run tests/functions/db.test.ts` runs a file in its tier's project; `npm test` runs the
// tiers one after another (scripts/test.ts).
const SETUP: Record<string, string[]> = {
  fixtures: ['tests/fixtures/global-setup.ts'],
  e2e: ['tests/e2e/global-setup.ts'],
  'e2e-alone': ['tests/e2e/global-setup.ts'],
  reliability: ['tests/reliability/global-setup.ts'],
};
const TIMEOUTS: Record<string, { testTimeout: number; hookTimeout?: number }> = {
  unit: { testTimeout: 30_000 },
  'built-site': { testTimeout: 60_000 },
  fixtures: { testTimeout: 180_000, hookTimeout: 180_000 },
  functions: { testTimeout: 30_000, hookTimeout: 60_000 },
  e2e: { testTimeout: 60_000, hookTimeout: 120_000 },
  'e2e-alone': { testTimeout: 60_000, hookTimeout: 120_000 },
  reliability: { testTimeout: 120_000, hookTimeout: 120_000 },
};

export default defineConfig({
  // src/content.config.ts imports Astro's virtual module; tests read its schema with a stand-in.
  resolve: {
    alias: { 'astro:content': fileURLToPath(new URL('tests/support/astro-content-stub.ts', import.meta.url)) },
  },
  test: {
    // The site-wide hourly cap on confirmation e-mails (docs/subscriptions.md) is the subject of its
    // own tests, which set it; everywhere else a test's hundreds of sign-ups must not run into it.
    env: { SIGNUP_CONFIRMATION_MAIL_LIMIT: '1000000' },
    projects: TIERS.map((tier) => ({
      extends: true,
      test: {
        name: tier.name,
        include: tier.include,
        ...TIMEOUTS[tier.name],
        ...(SETUP[tier.name] ? { globalSetup: SETUP[tier.name] } : {}),
        ...(tier.serial ? { fileParallelism: false } : {}),
        ...(tier.workers ? { maxWorkers: tier.workers } : {}),
        // A browser under load can take more than expect.poll's default second to show a change.
        ...(tier.name.startsWith('e2e') ? { expect: { poll: { timeout: 10_000 } } } : {}),
      },
    })),
  },
});
