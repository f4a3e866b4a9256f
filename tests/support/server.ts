// Starts the real `npm start` server (server/serve.ts) on a free port with its own data directory,
// for browser and HTTP tests. The site must already be built (npm test builds it once first).
// Servers get a strong ADMIN_KEY unless the test passes its own (ADMIN_KEY: '' is local demo mode).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KEY_FILE } from '../../server/admin/local-key.ts';
import { migratedDataDir } from './db.ts';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** The admin key it accepts: the test key, the caller's ADMIN_KEY, or (ADMIN_KEY '') the demo key it wrote. */
  adminKey: () => string;
  /** Stops the server; a data directory this helper created is removed unless `keepData`. */
  stop: (signal?: NodeJS.Signals, options?: { keepData?: boolean }) => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

/** The admin key of test servers that do not set their own. */
export const TEST_SERVER_ADMIN_KEY = 'test-server-key-Qm8rV2xL9pT4wK7z';

function spawnServer(port: number, dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [resolve('server/serve.ts')], {
    env: {
      ...process.env,
      ADMIN_KEY: TEST_SERVER_ADMIN_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  return { child, output: () => log };
}

/**
 * Runs the server where it must refuse to start: resolves with its exit code and output once it
 * has exited. Rejects if it is still running after `timeoutMs` (it started: the test fails).
 */
export async function failedStart(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string; port: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rt-data-'));
  const { child, output } = spawnServer(port, dataDir, env);
  try {
    const code = await new Promise<number | null>((ok, fail) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(new Error(`the server did not refuse to start within ${timeoutMs} ms:\n${output()}`));
      }, timeoutMs);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        ok(exitCode);
      });
    });
    return { code, output: output(), port };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Starts the server. Without a DATA_DIR it gets its own data directory holding a copy of the migrated
 * template database (tests/support/db.ts); `freshData` gives it an empty one instead, for tests of
 * the first start (creating and migrating the embedded database).
 */
export async function startServer(
  env: Record<string, string> = {},
  { freshData = false }: { freshData?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir =
    env.DATA_DIR ?? (freshData || env.DATABASE_URL ? mkdtempSync(join(tmpdir(), 'rt-data-')) : await migratedDataDir());
  const { child, output } = spawnServer(port, dataDir, env);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url + '/robots.txt');
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 90 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output,
    adminKey: () =>
      env.ADMIN_KEY === ''
        ? readFileSync(join(dataDir, KEY_FILE), 'utf8').trim()
        : (env.ADMIN_KEY ?? TEST_SERVER_ADMIN_KEY),
    stop: async (signal = 'SIGTERM', { keepData = false } = {}) => {
      await new Promise<void>((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill(signal);
      });
      // A data directory this helper made is removed with the server; a caller's is kept.
      if (ownDataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
