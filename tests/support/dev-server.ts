// Starts `astro dev` (the editing server, with the Keystatic editor) on a free port in this tree, for
// the editor's browser test. Stopped by process group, so Vite's children go with it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './server';

export interface DevServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startDevServer(): Promise<DevServer> {
  const port = await freePort();
  let log = '';
  // Not Vitest's environment: with NODE_ENV=test (and VITEST set) astro dev answers every route 404.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  );
  const child = spawn(resolve('node_modules/.bin/astro'), ['dev', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
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
    if (child.exitCode !== null) throw new Error(`astro dev exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(url + '/robots.txt', { signal: AbortSignal.timeout(10_000) })).ok) break;
    } catch {
      /* not listening (or not answering) yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`astro dev did not start:\n${log}`);
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
  return { url, output: () => log, stop };
}
