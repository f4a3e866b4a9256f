// Mounts the Netlify Functions (v2) of netlify/functions/ in our own server: each module is
// imported once and its handler called warm with the web Request, routed by the module's own
// `config.path` and `config.method` — the same routing Netlify applies. The scheduled ones
// (`config.schedule`) are listed for runtime/schedules.ts, which runs them on that schedule.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';

export type NetlifyHandler = (req: Request, context: FunctionContext) => Response | Promise<Response>;

/** The part of Netlify's Context that `npm start` provides to the functions it mounts. */
export type FunctionContext = Pick<Context, 'ip' | 'params' | 'requestId' | 'waitUntil'> & {
  site: Pick<Context['site'], 'url' | 'name'>;
  deploy: Pick<Context['deploy'], 'context'>;
};

export interface MountedFunction {
  name: string;
  patterns: URLPattern[];
  methods: string[] | null;
  handler: NetlifyHandler;
}

interface FunctionModule {
  default?: NetlifyHandler;
  config?: { path?: string | string[]; method?: string | string[]; schedule?: string };
}

/** Every function module of `dir`, by name (the file name without its extension), in name order. */
async function functionModules(dir: string): Promise<{ file: string; name: string; mod: FunctionModule }[]> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'));
  } catch {
    return [];
  }
  const modules = [];
  for (const file of names.sort()) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as FunctionModule;
    if (typeof mod.default !== 'function') throw new Error(`${file}: no default export handler`);
    modules.push({ file, name: file.replace(/\.[^.]+$/, ''), mod });
  }
  return modules;
}

export async function loadFunctions(dir: string): Promise<MountedFunction[]> {
  const mounted: MountedFunction[] = [];
  for (const { file, name, mod } of await functionModules(dir)) {
    const paths = mod.config?.path;
    // A background function (name ending in -background) is reached on Netlify at its own
    // /.netlify/functions/ route; `npm start` does its work in process (the mail sender), so it
    // is not mounted.
    if (!paths && /-background$/.test(name)) continue;
    // A scheduled function has no route; runtime/schedules.ts runs it on its config.schedule.
    if (!paths && mod.config?.schedule) continue;
    if (!paths) throw new Error(`${file}: config.path is required (functions are routed by path)`);
    const methods = mod.config?.method;
    mounted.push({
      name,
      patterns: (Array.isArray(paths) ? paths : [paths]).map((pathname) => new URLPattern({ pathname })),
      methods: methods ? (Array.isArray(methods) ? methods : [methods]).map((m) => m.toUpperCase()) : null,
      handler: mod.default!,
    });
  }
  return mounted;
}

export interface ScheduledFunction {
  name: string;
  /** Its config.schedule: a cron expression or @hourly, @daily, … (Netlify's, in UTC). */
  schedule: string;
  handler: NetlifyHandler;
}

/** The functions of `dir` that Netlify runs on a schedule (config.schedule), as they are written. */
export async function loadScheduledFunctions(dir: string): Promise<ScheduledFunction[]> {
  return (await functionModules(dir)).flatMap(({ name, mod }) =>
    mod.config?.schedule ? [{ name, schedule: mod.config.schedule, handler: mod.default! }] : [],
  );
}

export function matchFunction(
  functions: MountedFunction[],
  url: URL,
): { fn: MountedFunction; params: Record<string, string> } | undefined {
  for (const fn of functions) {
    for (const pattern of fn.patterns) {
      const m = pattern.exec({ pathname: url.pathname });
      if (m) {
        const params: Record<string, string> = {};
        for (const [k, v] of Object.entries(m.pathname.groups)) if (v !== undefined) params[k] = v;
        return { fn, params };
      }
    }
  }
  return undefined;
}

export function makeContext(ip: string, params: Record<string, string>, siteUrl: string): FunctionContext {
  return {
    ip,
    params,
    requestId: randomUUID(),
    site: { url: siteUrl, name: 'rooted-threads' },
    deploy: { context: 'self-hosted' },
    waitUntil: (promise) => {
      promise.catch((err: unknown) => console.error('waitUntil task failed:', err));
    },
  };
}
