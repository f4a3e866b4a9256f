// Static answers worked out once at start-up: for every clean URL that serves a built file, the
// status line's headers (netlify.toml's and dist/_headers' rules included) for each encoding, so a
// GET or HEAD is answered in node:http terms with a map lookup and one write, before any web
// Request exists. Both the fast path and the site handler's fetch path answer through here, so
// they send the same headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodedEtag, negotiate, type StaticFile, type StaticFiles } from './static-files.ts';
import { headersFor, type NetlifyRules } from './netlify-rules.ts';
import type { Encoding } from '../precompress.ts';

/** Hashed build assets never change; everything else is revalidated. */
export function cacheControl(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path.startsWith('/pagefind/')) return 'public, max-age=86400';
  return 'public, max-age=0, must-revalidate';
}

/** Headers of a static answer, as name/value pairs (names in lower case). */
function baseHeaders(rules: NetlifyRules, file: StaticFile, pathname: string, status: number): [string, string][] {
  const headers = new Headers({
    'Content-Type': file.type,
    'Cache-Control': status === 200 ? cacheControl(file.path) : 'no-store',
    Vary: 'Accept-Encoding',
  });
  // netlify.toml's headers win over our defaults, as they do on Netlify.
  for (const [k, v] of Object.entries(headersFor(rules, pathname))) headers.set(k, v);
  if (status === 200) headers.set('Last-Modified', file.lastModified);
  return [...headers];
}

/** Weak comparison (RFC 9110, 13.1.2): any listed tag, W/ or not, or `*`. */
function etagMatches(ifNoneMatch: string, file: StaticFile): boolean {
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*' || tag === file.etag || tag === encodedEtag(file, 'br') || tag === encodedEtag(file, 'gzip'))
      return true;
  }
  return false;
}

/** True when a 200 answer for `file` may be a 304: If-None-Match first, else If-Modified-Since. */
export function notModified(
  file: StaticFile,
  ifNoneMatch: string | null | undefined,
  ifModifiedSince: string | null | undefined,
): boolean {
  if (ifNoneMatch) return etagMatches(ifNoneMatch, file);
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && file.mtime * 1000 <= since;
}

interface Variant {
  body: Buffer;
  /** Flat [name, value, name, value…] as res.writeHead takes them. */
  full: string[];
  notModified: string[];
}

interface Route {
  file: StaticFile;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

const flat = (pairs: [string, string][]) => pairs.flat();

export class StaticRoutes {
  private readonly routes = new Map<string, Route>();
  private readonly rules: NetlifyRules;

  /** `isDynamic`: paths a function or a forced redirect answers, which never take the fast path. */
  constructor(files: StaticFiles, rules: NetlifyRules, isDynamic: (pathname: string) => boolean) {
    this.rules = rules;
    for (const path of files.files.keys()) {
      for (const url of cleanUrls(path)) {
        // Only URLs that parse to themselves: the fast path compares the raw request target.
        if (!/^\/[\w\-./~]*$/.test(url) || /\/\.{1,2}(\/|$)|\/\//.test(url) || this.routes.has(url)) continue;
        const file = files.resolve(url);
        if (!file || isDynamic(url)) continue;
        this.routes.set(url, this.route(file, url));
      }
    }
  }

  get size(): number {
    return this.routes.size;
  }

  private route(file: StaticFile, pathname: string): Route {
    const base = baseHeaders(this.rules, file, pathname, 200);
    const variant = (body: Buffer, encoding?: Encoding): Variant => {
      const etag: [string, string] = ['etag', encodedEtag(file, encoding)];
      const coding: [string, string][] = encoding ? [['content-encoding', encoding]] : [];
      return {
        body,
        full: flat([...base, etag, ...coding, ['content-length', String(body.length)]]),
        notModified: flat([...base, etag]),
      };
    };
    return {
      file,
      identity: variant(file.body),
      br: file.br && variant(file.br, 'br'),
      gzip: file.gzip && variant(file.gzip, 'gzip'),
    };
  }

  /**
   * Answers a GET or HEAD for a built file's clean URL directly on the node:http response.
   * Returns false, having written nothing, for anything else (the site handler takes it).
   */
  serveNode(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = req.url ?? '';
    const q = target.indexOf('?');
    const route = this.routes.get(q === -1 ? target : target.slice(0, q));
    if (!route) return false;
    const h = req.headers;
    const { encoding } = negotiate(route.file, h['accept-encoding']);
    const variant = (encoding && route[encoding]) || route.identity;
    if (notModified(route.file, h['if-none-match'], h['if-modified-since'])) {
      res.writeHead(304, variant.notModified);
      res.end();
    } else {
      res.writeHead(200, variant.full);
      res.end(req.method === 'HEAD' ? undefined : variant.body);
    }
    return true;
  }

  /** The same answer as a web Response, for paths the fast path does not know (rewrites, 404s). */
  respond(req: Request, file: StaticFile, pathname: string, status = 200): Response {
    const { body, encoding } = negotiate(file, req.headers.get('accept-encoding'));
    const headers = new Headers(baseHeaders(this.rules, file, pathname, status));
    if (status === 200) {
      headers.set('ETag', encodedEtag(file, encoding));
      if (notModified(file, req.headers.get('if-none-match'), req.headers.get('if-modified-since')))
        return new Response(null, { status: 304, headers });
    }
    if (encoding) headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.length));
    return new Response(req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }
}

/** The clean URLs a built file may be asked for: /a.html → /a, /index.html → /, /a/index.html → /a. */
function cleanUrls(path: string): string[] {
  if (!path.endsWith('.html')) return [path];
  const bare = path.slice(0, -5);
  if (bare === '/index') return ['/'];
  return bare.endsWith('/index') ? [bare, bare.slice(0, -6)] : [bare];
}
