// `npm test`: every gate in order, stopping at the first failure.
//   type check (astro check) → lint → build → unit, content and function tests → browser tests
import { spawnSync } from 'node:child_process';

const steps: [name: string, cmd: string, args: string[]][] = [
  ['astro check', 'npx', ['astro', 'check', '--minimumFailingSeverity', 'warning']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['build', 'npm', ['run', 'build']],
  ['unit, content and function tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']],
];

const only = process.argv.slice(2);
const started = Date.now();
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll gates passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
