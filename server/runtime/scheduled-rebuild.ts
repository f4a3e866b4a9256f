// Scheduled publishing under `npm start`: the build says when its next scheduled article comes due
// (dist/next-publish.json, src/pages/next-publish.json.ts); at that moment this rebuilds the site
// into a NEW folder while the old build keeps serving, loads the new build into memory (files,
// headers, routes: everything the server precomputes) and swaps it in with one assignment, so no
// request ever sees half a site or fails during the switch. Then the new folder becomes dist/. A
// failed build changes nothing that is served: it is logged with the build's own message and tried
// again later.
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildEnvironment } from '../settings.ts';

/** setTimeout's longest delay (about 24.8 days); a later moment is reached in steps. */
const MAX_DELAY = 2 ** 31 - 1;
/** Past the due moment, so the build's clock is surely after it. */
const MARGIN_MS = 1_000;
/** After a failed build, when to try again. */
export const RETRY_MS = 10 * 60 * 1000;
/** A build that takes longer is stopped and counted as failed. */
const BUILD_TIMEOUT_MS = 15 * 60 * 1000;

/** The due moment a build's next-publish.json names, or undefined (none, or unreadable). */
export function nextPublishOf(file: Buffer | undefined): Date | undefined {
  if (!file) return undefined;
  try {
    const { next } = JSON.parse(file.toString('utf8')) as { next?: unknown };
    const at = typeof next === 'string' ? new Date(next) : undefined;
    return at && !Number.isNaN(at.getTime()) ? at : undefined;
  } catch {
    return undefined;
  }
}

export interface BuildResult {
  ok: boolean;
  /** The build's output (its error message when it failed). */
  output: string;
}

/** `astro build --outDir <outDir>` in `root`, with this process's environment (PREVIEW included). */
export function buildSite(root: string, outDir: string): Promise<BuildResult> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--outDir', outDir],
      {
        cwd: root,
        env: { ...buildEnvironment(), ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS).unref();
    child.once('error', (err) => {
      clearTimeout(timer);
      done({ ok: false, output: err.message });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      done({ ok: code === 0, output: code === 0 ? output : `${output}\n(build exited ${signal ?? code})` });
    });
  });
}

export interface ScheduledRebuildOptions<S> {
  /** Project root: where to build, and where dist/ is. */
  root: string;
  /** The next-publish.json of the build being served. */
  currentNextPublish: () => Buffer | undefined;
  /** Loads a built folder into a servable site (everything precomputed). */
  load: (distDir: string) => Promise<S>;
  /** Makes `site` the one every following request is answered from. */
  swap: (site: S) => void;
  /** Builds into a folder; default buildSite. */
  build?: (root: string, outDir: string) => Promise<BuildResult>;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

export interface ScheduledRebuilds {
  /** Rebuilds now (also what the timer calls); resolves when swapped in or given up. */
  rebuild: () => Promise<boolean>;
  /**
   * Rebuilds with every change made before this call (the editor's saves): a build already under
   * way may predate the change, so another follows it. Resolves with the build's result.
   */
  rebuildAfterChange: () => Promise<BuildResult>;
  /** When the next rebuild is due, if one is planned. */
  next: () => Date | undefined;
  stop: () => void;
}

export function scheduleRebuilds<S>(options: ScheduledRebuildOptions<S>): ScheduledRebuilds {
  const { root, load, swap, build = buildSite, log = console.log, warn = console.error } = options;
  let timer: NodeJS.Timeout | undefined;
  let due: Date | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  let last: BuildResult = { ok: true, output: '' };

  function armAt(at: Date): void {
    clearTimeout(timer);
    due = at;
    const wait = at.getTime() + MARGIN_MS - Date.now();
    timer = setTimeout(
      () => (wait > MAX_DELAY ? armAt(at) : void rebuild()),
      Math.max(0, Math.min(wait, MAX_DELAY)),
    ).unref();
  }

  function arm(): void {
    const next = nextPublishOf(options.currentNextPublish());
    if (next) {
      armAt(next);
      log(`  scheduled publishing: the next article is due ${next.toISOString()}; the site rebuilds then`);
    } else {
      clearTimeout(timer);
      due = undefined;
    }
  }

  async function attempt(reason: string): Promise<boolean> {
    const outDir = join(root, `dist.next-${Date.now()}`);
    log(`scheduled publishing: ${reason}, building the site…`);
    const started = Date.now();
    const result = await build(root, outDir);
    last = result;
    if (!result.ok) {
      rmSync(outDir, { recursive: true, force: true });
      warn(
        `scheduled publishing: the build failed, the current site keeps serving; trying again in ${RETRY_MS / 60_000} minutes. The build said:\n${result.output.trim().split('\n').slice(-30).join('\n')}`,
      );
      if (!stopped) armAt(new Date(Date.now() + RETRY_MS));
      return false;
    }
    let site: S;
    try {
      site = await load(outDir);
    } catch (err) {
      rmSync(outDir, { recursive: true, force: true });
      last = { ok: false, output: '' };
      warn(
        `scheduled publishing: the new build could not be loaded (${err instanceof Error ? err.message : String(err)}); the current site keeps serving`,
      );
      if (!stopped) armAt(new Date(Date.now() + RETRY_MS));
      return false;
    }
    // One assignment: the request after it is answered from the new build.
    swap(site);
    // The new build becomes dist/ (for the next `npm run serve`); the site is already in memory.
    const dist = join(root, 'dist');
    const old = join(root, `dist.old-${Date.now()}`);
    try {
      if (existsSync(dist)) renameSync(dist, old);
      renameSync(outDir, dist);
      rmSync(old, { recursive: true, force: true });
    } catch (err) {
      warn(
        `scheduled publishing: serving the new build, but could not move it to dist/: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    log(`scheduled publishing: the new build is live (built in ${Math.round((Date.now() - started) / 1000)} s)`);
    if (!stopped) arm();
    return true;
  }

  function rebuild(reason = 'an article has come due'): Promise<boolean> {
    clearTimeout(timer);
    running ??= attempt(reason).finally(() => (running = undefined));
    return running;
  }

  async function rebuildAfterChange(): Promise<BuildResult> {
    await running;
    await rebuild('the editor saved a change');
    return last;
  }

  arm();
  return {
    rebuild,
    rebuildAfterChange,
    next: () => due,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
