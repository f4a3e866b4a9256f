// `npm test`: every gate in order, stopping at the first failure.
//   type check (astro check) → lint → format → build → the test tiers, one at a time
//   (tests/support/tiers.ts: unit, built-site, fixtures, functions, e2e, e2e-alone)
// The type check, the format check and the unit tier run side by side (one core each, so on 2
// cores the three take about as long as the type check alone), then the lint.
// Their output is printed whole, one after another, as each ends. Everything after runs alone.
// It ends with each step's time beside its budget, the 15 slowest test files and the closing line
// counting the tests that ran: "N passed, N failed".
//   node scripts/test.ts functions e2e   runs only the steps so named (any step, any tier)
//   node scripts/test.ts reliability     the reliability suite (npm run test:reliability)
// ESLint and Prettier keep their caches in .cache/ (outside node_modules/, so `npm ci` keeps them;
// .ci/run keeps .cache/ between runs on one machine). A clean clone has none and checks every file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { TIERS } from '../tests/support/tiers.ts';

const REPORTS = 'test-results';

interface Step {
  name: string;
  cmd: string;
  args: string[];
  budgetSeconds?: number;
  onDemand?: boolean;
  /** Runs beside the other steps of its group (single-threaded checks: see the top). */
  group?: string;
  /** The tier's JSON report, for the counts and the slowest files. */
  report?: string;
}

const steps: Step[] = [
  { name: 'astro check', cmd: 'npx', args: ['astro', 'check', '--minimumFailingSeverity', 'warning'], group: 'checks' },
  // Not beside the type check: astro check rewrites the content collections' types (.astro/) that
  // the typed lint rules read, and a lint reading them mid-write sees \`any\`.
  {
    name: 'lint',
    cmd: 'npx',
    args: [
      'eslint',
      '--max-warnings',
      '0',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      '.cache/eslint/',
      '.',
    ],
  },
  {
    name: 'format',
    group: 'checks',
    cmd: 'npx',
    args: ['prettier', '--check', '--cache', '--cache-strategy', 'content', '--cache-location', '.cache/prettier', '.'],
  },
  { name: 'build', cmd: 'npm', args: ['run', 'build'] },
  ...TIERS.map((tier): Step => ({
    name: tier.name,
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--project',
      tier.name,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${REPORTS}/${tier.name}.json`,
    ],
    budgetSeconds: tier.budgetSeconds,
    onDemand: tier.onDemand,
    ...(tier.name === 'unit' ? { group: 'checks' } : {}),
    report: `${REPORTS}/${tier.name}.json`,
  })),
];

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null }[];
  }[];
}

function readReport(file: string | undefined): Report | undefined {
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined;
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
const timings: { step: Step; seconds: number; cpu?: number }[] = [];

/** The machine's busy CPU seconds so far (Linux /proc/stat), to show how hard each step used the cores. */
function busySeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return (fields.reduce((a, b) => a + b, 0) - idle) / 100;
  } catch {
    return undefined;
  }
}
let exitCode = 0;
const selected = steps.filter((step) => (only.length ? only.some((o) => step.name.includes(o)) : !step.onDemand));

/** Runs one step with its output passed through; resolves to its exit status. */
function runInherit(step: Step): Promise<number> {
  console.log(`\n▶ ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit', env });
  return Promise.resolve(result.status ?? 1);
}

/** Runs one step of a group, its output kept and printed whole when it ends. */
function runBuffered(step: Step): Promise<number> {
  return new Promise((done) => {
    const child = spawn(step.cmd, step.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code) => {
      console.log(`\n▶ ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
      process.stdout.write(Buffer.concat(chunks));
      done(code ?? 1);
    });
  });
}

async function timed(step: Step, run: (step: Step) => Promise<number>): Promise<boolean> {
  const t0 = Date.now();
  const cpu0 = busySeconds();
  const status = await run(step);
  const seconds = (Date.now() - t0) / 1000;
  const cpu1 = busySeconds();
  timings.push({ step, seconds, cpu: cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined });
  if (status !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${status})`);
    exitCode = exitCode || status || 1;
    return false;
  }
  console.log(`✓ ${step.name} (${seconds.toFixed(1)} s)`);
  return true;
}

// A group runs where its first step stands (the unit tier joins the checks before the build).
const done = new Set<Step>();
for (const step of selected) {
  if (exitCode !== 0) break;
  if (done.has(step)) continue;
  const batch = step.group ? selected.filter((s) => s.group === step.group) : [step];
  batch.forEach((s) => done.add(s));
  if (batch.length > 1) await Promise.all(batch.map((s) => timed(s, runBuffered)));
  else await timed(step, runInherit);
}

let passed = 0;
let failed = 0;
const files: { tier: string; name: string; seconds: number }[] = [];
const overBudget: string[] = [];
for (const { step } of timings) {
  const r = readReport(step.report);
  if (!r) continue;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  const tier = TIERS.find((t) => t.name === step.name)!;
  for (const f of r.testResults) {
    const name = f.name.replace(process.cwd() + '/', '');
    files.push({ tier: tier.name, name, seconds: (f.endTime - f.startTime) / 1000 });
    for (const a of f.assertionResults)
      if (tier.testBudgetSeconds && (a.duration ?? 0) > tier.testBudgetSeconds * 1000)
        overBudget.push(`${name} › ${a.fullName} (${((a.duration ?? 0) / 1000).toFixed(1)} s)`);
  }
}

// The machine's CPU during the step (every process, so steps run side by side share one figure):
// a step well under 2 cores × its time leaves the machine idle.
console.log("\nTime per step (budget: quiet, 2 cores), and the machine's CPU seconds meanwhile:");
for (const { step, seconds, cpu } of timings) {
  const budget = step.budgetSeconds ? ` / ${step.budgetSeconds} s${seconds > step.budgetSeconds ? '  OVER' : ''}` : '';
  const load = cpu !== undefined ? `  (CPU ${cpu.toFixed(0)} s)` : '';
  console.log(`  ${step.name.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s${budget}${load}`);
}
if (files.length) {
  console.log('The 15 slowest test files:');
  for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 15))
    console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.tier.padEnd(11)} ${f.name}`);
}
if (overBudget.length) {
  console.log(`Unit tests over their ${TIERS[0]!.testBudgetSeconds} s budget:`);
  for (const line of overBudget) console.log(`  ${line}`);
}
if (exitCode === 0) console.log(`\nAll gates passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
