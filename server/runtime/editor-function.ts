// The Keystatic editor under `npm start`: the same on-demand function the build makes for Netlify
// (.netlify/v1/functions/ssr/, src/shared/editor-function.ts), imported once and called warm like
// the other functions, in local mode, behind the dashboard's sign-in:
//   host check → same origin (the API) → admin session (else 401, or the page sends to /admin)
//   → an owner or editor (else 403) → the function → after a save: the commit, authored by the
//   signed-in colleague, and the rebuild (editor-publish.ts).
//   → the function → after a save: the commit and the rebuild (editor-publish.ts).
// The function is copied out of the build first: a rebuild empties .netlify/ while this copy keeps
// serving. Keystatic's local mode writes under the process's working directory, so the editor is
// mounted only when that is the served checkout.
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EDITOR_FUNCTION_DIR, EDITOR_PATHS } from '../../src/shared/editor-function.ts';
import { HOSTED_EDITOR_NOTICES as NOTICES } from '../../src/shared/messages/hosted-editor.ts';
import { adminKey } from '../admin/config.ts';
import { readSession } from '../admin/sessions.ts';
import { EDITOR_ROLES } from '../staff/policy.ts';
import { getDb } from '../db/client.ts';
import { SECURITY_HEADERS } from '../http.ts';
import { requestHostAllowed } from './allowed-hosts.ts';
import { makeContext, type NetlifyHandler } from './functions.ts';

/** A save carries the entry and its photos, base64 in JSON: room for a few large phone photos. */
export const EDITOR_BODY_LIMIT = 64 * 1024 * 1024;

const PATTERNS = EDITOR_PATHS.map((pathname) => new URLPattern({ pathname }));

/** Who saved: a staff account's address as name and e-mail (editor-commit.ts's Person). */
export interface Saver {
  name: string;
  email: string;
}

export interface SavedFiles {
  /** Repository paths Keystatic wrote (with their new contents) and removed. */
  written: { path: string; contents: Buffer }[];
  removed: string[];
}

export interface EditorOptions {
  root: string;
  siteUrl: string;
  /** Where the function is copied to (a rebuild leaves it alone). */
  workDir: string;
  /** After a save Keystatic acknowledged: commit as `who` (null: the key's session) and publish; a message refuses the save (422). */
  onSave: (saved: SavedFiles, who: Saver | null) => Promise<{ ok: true } | { ok: false; message: string }>;
}

export interface Editor {
  matches: (url: URL) => boolean;
  fetch: (req: Request, ip: string) => Promise<Response>;
}

/** The mounted editor, or a sentence saying why there is none (logged by serve.ts). */
export async function mountEditor(options: EditorOptions): Promise<Editor | string> {
  const built = join(options.root, EDITOR_FUNCTION_DIR);
  if (!existsSync(join(built, 'ssr.mjs'))) return 'the build has no editor function (npm run build makes it)';
  if (realpathSync(process.cwd()) !== realpathSync(options.root)) {
    return `the editor saves into the working directory, which is not the served checkout (${options.root})`;
  }
  return editorHandler(() => loadFunction(built, options.workDir), options);
}

/**
 * Copies the built function to a folder of this process's own (other servers on the same checkout,
 * such as tests, keep theirs; folders of processes that have ended are removed) and imports it.
 * Done on the editor's first request, so a server nobody edits on pays nothing for it.
 */
async function loadFunction(built: string, workDir: string): Promise<NetlifyHandler> {
  mkdirSync(workDir, { recursive: true });
  for (const name of readdirSync(workDir)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(workDir, name), { recursive: true, force: true });
  }
  const copy = join(workDir, `${process.pid}-${Date.now()}`);
  cpSync(built, copy, { recursive: true });
  const mod = (await import(pathToFileURL(join(copy, 'ssr.mjs')).href)) as { default: NetlifyHandler };
  return mod.default;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the request comes from a page of this site (browsers say so in Sec-Fetch-Site/Origin). */
export function sameOrigin(req: Request): boolean {
  const fetchSite = req.headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin') return false;
  const origin = req.headers.get('origin');
  return origin === null || origin === new URL(req.url).origin;
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

export function editorHandler(load: () => Promise<NetlifyHandler>, options: EditorOptions): Editor {
  const { siteUrl, onSave } = options;
  let loading: Promise<NetlifyHandler> | undefined;
  const handler = () => {
    // A failed load (a rebuild emptying .netlify/ at that moment) is tried again next time.
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };

  async function call(req: Request, ip: string): Promise<Response> {
    const res = await (await handler())(req, makeContext(ip, {}, siteUrl));
    const headers = new Headers(res.headers);
    for (const [name, value] of Object.entries(PAGE_HEADERS)) if (!headers.has(name)) headers.set(name, value);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }

  async function save(req: Request, ip: string, who: Saver | null): Promise<Response> {
    const body = await readCapped(req, EDITOR_BODY_LIMIT);
    if (!body) return plain(413, NOTICES.tooLarge);
    const forward = new Request(req.url, { method: 'POST', headers: req.headers, body: new Uint8Array(body) });
    const res = await call(forward, ip);
    if (!res.ok) return res;
    let saved: SavedFiles;
    try {
      const parsed = JSON.parse(body.toString('utf8')) as {
        additions: { path: string; contents: string }[];
        deletions: { path: string }[];
      };
      saved = {
        written: parsed.additions.map((a) => ({ path: a.path, contents: Buffer.from(a.contents, 'base64url') })),
        removed: parsed.deletions.map((d) => d.path),
      };
    } catch {
      return res; // Keystatic accepted it, so this cannot happen; nothing to publish if it did.
    }
    const outcome = await onSave(saved, who);
    if (outcome.ok) return res;
    return plain(422, outcome.message);
  }

  return {
    matches: (url) => PATTERNS.some((p) => p.test({ pathname: url.pathname })),
    fetch: async (req, ip) => {
      const url = new URL(req.url);
      if (!requestHostAllowed(req, siteUrl)) return plain(421, NOTICES.misdirected);
      const api = url.pathname.startsWith('/api/');
      // The API answers only the editor's own page: no other site (or local port) reads or writes.
      if (api && !sameOrigin(req)) return plain(403, NOTICES.crossSite);
      const key = adminKey();
      if (!key) return plain(503, NOTICES.notConfigured);
      const session = await readSession(getDb(), key, req);
      if (!session) {
        if (api || req.method !== 'GET') return plain(401, NOTICES.signIn);
        return new Response(null, { status: 303, headers: { ...PAGE_HEADERS, Location: '/admin' } });
      }
      if (!EDITOR_ROLES.includes(session.role)) return plain(403, NOTICES.roleForbidden);
      const who = session.email ? { name: session.email, email: session.email } : null;
      if (api && req.method === 'POST' && url.pathname === '/api/keystatic/update') return save(req, ip, who);
      return call(req, ip);
    },
  };
}

/** Keystatic shows an answer's text as it is: plain sentences. */
function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** The body if it is at most `limit` bytes (declared or streamed), else undefined. */
async function readCapped(req: Request, limit: number): Promise<Buffer | undefined> {
  if (Number(req.headers.get('content-length')) > limit || !req.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
