// A throw-away Git checkout of this tree (its files as they are now, committed once as the base),
// built and served by `npm start`'s own server with the checkout as its working directory: for
// tests in which the server writes and commits content (the editor) without touching this tree
// or its history.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort, TEST_SERVER_ADMIN_KEY } from './server';
import { seedAstroCache } from './fixture-site';

const ROOT = resolve('.');
const GIT_ID = {
  GIT_AUTHOR_NAME: 'Test base',
  GIT_AUTHOR_EMAIL: 'base@example.org',
  GIT_COMMITTER_NAME: 'Test base',
  GIT_COMMITTER_EMAIL: 'base@example.org',
};

export interface Checkout {
  dir: string;
  git: (...args: string[]) => string;
  remove: () => void;
}

/** Lists files of this tree by `git ls-files` with `args`. */
const gitFiles = (...args: string[]) =>
  spawnSync('git', ['ls-files', '-z', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .stdout.split('\0')
    .filter(Boolean);

/**
 * Copies every file Git would see (tracked or new, not ignored) into a new repository, except new
 * content and art: those are what a browser test running beside this one is writing in this tree
 * (the editor's files), perhaps half-written.
 */
export function makeCheckout(): Checkout {
  const dir = mkdtempSync(join(tmpdir(), 'rt-checkout-'));
  const files = [
    ...gitFiles('--cached'),
    ...gitFiles('--others', '--exclude-standard').filter((f) => !/^src\/(content|assets\/art)\//.test(f)),
  ];
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch {
      /* listed but deleted in this tree */
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  seedAstroCache(dir);
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...GIT_ID } });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'Base: the tree under test');
  return { dir, git, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `astro build` in the checkout, as `npm start` runs it first. */
export function buildCheckout(
  dir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}

export interface CheckoutServer {
  url: string;
  adminKey: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** The checkout's own server/serve.ts, run in the checkout (its working directory) on a free port. */
export async function serveCheckout(dir: string): Promise<CheckoutServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rt-data-'));
  const child: ChildProcess = spawn(process.execPath, [join(dir, 'server', 'serve.ts')], {
    cwd: dir,
    env: { ...process.env, ADMIN_KEY: TEST_SERVER_ADMIN_KEY, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((ok) => {
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    if (
      await fetch(url + '/robots.txt').then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, adminKey: TEST_SERVER_ADMIN_KEY, output: () => log, stop };
}
