// Starts `astro dev` (the editing server, with the Keystatic editor) on a free port in this tree, for
// the editor's browser test. Stopped by process group, so Vite's children go with it.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { freePort } from './server';

export interface DevServer {
  url: string;
  /** The process group to stop (the server and Vite's children). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the e2e run's one shared `astro dev` is recorded (tests/e2e/global-setup.ts). */
    devServerState: string;
  }
}

/**
 * One `astro dev` for every editor file of the browser tier: started by the first file that asks,
 * reused by the next (files run one at a time), stopped by the tier's teardown (stopSharedDevServer).
 * Each start costs Vite's first bundling of the editor, the dearest step of those files. Its `stop`
 * does nothing: the next file may still need it.
 */
export async function sharedDevServer(): Promise<Omit<DevServer, 'pid'>> {
  const state = inject('devServerState');
  if (existsSync(state)) {
    const { url, pid } = JSON.parse(readFileSync(state, 'utf8')) as { url: string; pid: number };
    try {
      process.kill(pid, 0);
      if ((await fetch(url + '/robots.txt', { signal: AbortSignal.timeout(10_000) })).ok)
        return { url, output: () => `(the shared astro dev at ${url})`, stop: async () => undefined };
    } catch {
      /* gone: start another */
    }
  }
  const dev = await startDevServer();
  writeFileSync(state, JSON.stringify({ url: dev.url, pid: dev.pid }));
  return { url: dev.url, output: dev.output, stop: async () => undefined };
}

/** Stops the shared `astro dev`, if a file started one (the tier's teardown). */
export function stopSharedDevServer(state: string): void {
  if (!existsSync(state)) return;
  const { pid } = JSON.parse(readFileSync(state, 'utf8')) as { pid: number };
  rmSync(state, { force: true });
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

export async function startDevServer(): Promise<DevServer> {
  const port = await freePort();
  // Its output goes to a file, not a pipe: a shared server outlives the test file that started it,
  // and a pipe with no reader would end it at its next line.
  const logFile = join(mkdtempSync(join(tmpdir(), 'rt-dev-log-')), 'astro-dev.log');
  const fd = openSync(logFile, 'a');
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  // Not Vitest's environment: with NODE_ENV=test (and VITEST set) astro dev answers every route 404.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  );
  const child = spawn(resolve('node_modules/.bin/astro'), ['dev', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  child.unref();
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((ok) => setTimeout(ok, 5_000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  const url = `http://127.0.0.1:${port}`;
  // The first start bundles the editor's dependencies, which takes a while on a busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`astro dev exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url + '/robots.txt', { signal: AbortSignal.timeout(10_000) })).ok) break;
    } catch {
      /* not listening (or not answering) yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`astro dev did not start:\n${log()}`);
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
  return { url, pid: child.pid!, output: log, stop };
}
