// The test tiers, in the order `npm test` runs them, one tier at a time so no two tiers share the
// two cores (the checks and the unit tier, one core each, run side by side: scripts/test.ts). A test file's folder decides its tier (vitest.config.ts makes one project of each):
//   tests/unit/         no I/O, no child processes, no dist/: pure functions and schemas
//   tests/built-site/   reads the built site (dist/): HTML validity, JS budget, feeds…
//   tests/content/      reads the content files and what the build made of them (no builds)
//   tests/fixtures/     runs real Astro builds (buildFixture, `astro build`), one file at a time
//   tests/functions/    handlers and the `npm start` server over real databases and SMTP
//   tests/e2e/          a real browser against the built site on the `npm start` server; three files
//                       at a time, each worker with its own server (tests/e2e/global-setup.ts): one at
//                       a time the tier kept the two cores about a third busy (746 s of CPU, 1,044 s
//                       of wall clock), waiting on pages, servers, builds and timeouts
//   tests/e2e/alone/    browser files that measure timing (layout shift, the font's arrival, a search's
//                       debounce, tooltip delays): one at a time, after the rest, on a quiet machine
//   tests/reliability/  load, crash, database-down and fuzz runs (after `npm test`, in CI)
// Budgets are what a tier should take on a quiet 2-core machine; `npm test` prints each tier's time
// beside its budget and names the unit tests over theirs. They are guides to read, never assertions.

export interface Tier {
  name: string;
  include: string[];
  /** Seconds the whole tier should take, quiet, on 2 cores. */
  budgetSeconds: number;
  /** Seconds one test should take (reported when exceeded). */
  testBudgetSeconds?: number;
  /** One file at a time: files that share a server or a build, or measure timing. */
  serial?: boolean;
  /** Files at once, when not serial (vitest's maxWorkers; its default is one per core). */
  workers?: number;
  /** Runs only when named (`node scripts/test.ts reliability`), not in the default `npm test`. */
  onDemand?: boolean;
}

export const TIERS: Tier[] = [
  { name: 'unit', include: ['tests/unit/**/*.test.ts'], budgetSeconds: 45, testBudgetSeconds: 2 },
  {
    name: 'built-site',
    include: ['tests/built-site/**/*.test.ts', 'tests/content/**/*.test.ts'],
    budgetSeconds: 60,
  },
  { name: 'fixtures', include: ['tests/fixtures/**/*.test.ts'], budgetSeconds: 90, serial: true },
  // Three files at once: these mostly wait (on servers starting, SMTP, PostgreSQL, timeouts); with
  // two at once they kept the two cores about half busy (321 s of CPU in a 305 s quiet run).
  { name: 'functions', include: ['tests/functions/**/*.test.ts'], budgetSeconds: 240, workers: 3 },
  // Two files at once: the browser tier is bound by Chromium's CPU; a third bought no speed here
  // and cost failures under load (docs/benchmarks.md, section 9).
  { name: 'e2e', include: ['tests/e2e/*.test.ts'], budgetSeconds: 330, workers: 2 },
  { name: 'e2e-alone', include: ['tests/e2e/alone/*.test.ts'], budgetSeconds: 120, serial: true },
  // Two files at once: crash and database-down runs wait on restarts and recoveries; the load run
  // asserts counts, not rates.
  {
    name: 'reliability',
    include: ['tests/reliability/**/*.test.ts'],
    budgetSeconds: 150,
    workers: 2,
    onDemand: true,
  },
];
