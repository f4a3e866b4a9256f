// `npm test`: every gate in order, stopping at the first failure.
//   type check (astro check) → lint → format → build → unit, content and function tests → browser tests
// The closing line counts the tests that ran: "N passed, N failed".
//   node scripts/test.ts browser   runs only the gates whose name contains "browser"
//   node scripts/test.ts reliability   the reliability suite (npm run test:reliability)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = 'test-results';
const steps: [name: string, cmd: string, args: string[], onlyWhenNamed?: boolean][] = [
  ['astro check', 'npx', ['astro', 'check', '--minimumFailingSeverity', 'warning']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['build', 'npm', ['run', 'build']],
  ['unit, content and function tests', 'npx', ['vitest', 'run', ...report('unit')]],
  ['browser tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...report('e2e')]],
  // `npm run test:reliability` (CI runs it after npm test, on the site npm test built).
  [
    'reliability tests',
    'npx',
    ['vitest', 'run', '--config', 'vitest.reliability.config.ts', ...report('reliability')],
    true,
  ],
];

function report(name: string): string[] {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/${name}.json`];
}

let passed = 0;
let failed = 0;
function count(): void {
  for (const name of ['unit', 'e2e', 'reliability']) {
    const file = `${REPORTS}/${name}.json`;
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
}

// npm 11 warns about this machine's `nodedir` setting on every npx call; the gates do not use it.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  FORCE_COLOR: process.env.CI ? '0' : '1',
};
delete env.npm_config_nodedir;

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const only = process.argv.slice(2);
const started = Date.now();
let exitCode = 0;
for (const [name, cmd, args, onlyWhenNamed] of steps) {
  if (only.length ? !only.some((o) => name.includes(o)) : onlyWhenNamed) continue;
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal})`);
    exitCode = result.status || 1;
    break;
  }
  console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
count();
if (exitCode === 0) console.log(`\nAll gates passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
