// The whole site as one fetch handler: functions, netlify.toml redirects and headers, the built
// static files, and the 404 page. server/serve.ts puts it on a port; tests call it directly.
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StaticFiles } from './static-files.ts';
import { StaticRoutes } from './static-routes.ts';
import { headersFor, loadNetlifyRules, matchRedirect, type NetlifyRules } from './netlify-rules.ts';
import { loadFunctions, makeContext, matchFunction, type MountedFunction } from './functions.ts';
import { SECURITY_HEADERS, methodNotAllowed, problem } from '../http.ts';
import { API_ERRORS } from '../../src/shared/messages/index.ts';
import { requestHostAllowed } from './allowed-hosts.ts';

export interface SiteOptions {
  /** Project root holding dist/, netlify.toml and netlify/functions/. */
  root: string;
  /** Public origin, used as the functions' site URL. */
  siteUrl: string;
  /** The built site to serve; default `<root>/dist`. A scheduled rebuild loads its new folder. */
  distDir?: string;
  /** Functions already mounted (a rebuild keeps the warm ones); default: loaded from the root. */
  functions?: MountedFunction[];
}

export interface Site {
  fetch: (req: Request, ip?: string) => Promise<Response>;
  /**
   * The fast path: answers a GET/HEAD of a built file's clean URL on the node:http response and
   * returns true; returns false, having written nothing, for everything `fetch` must answer.
   */
  serveStatic: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** How many clean URLs the fast path answers. */
  staticUrls: number;
  functions: MountedFunction[];
  files: StaticFiles;
  rules: NetlifyRules;
}

export async function createSite({ root, siteUrl, distDir, functions: mounted }: SiteOptions): Promise<Site> {
  const dist = distDir ?? join(root, 'dist');
  const files = new StaticFiles(dist);
  // netlify.toml, plus the per-page CSP headers the build writes to dist/_headers.
  const rules = await loadNetlifyRules(join(root, 'netlify.toml'), [join(dist, '_headers')]);
  const functions = mounted ?? (await loadFunctions(join(root, 'netlify', 'functions')));
  const notFound = files.get('/404.html');

  // Built once: which clean URLs serve which file, with every header of each encoding.
  const routes = new StaticRoutes(
    files,
    rules,
    (path) => !!matchFunction(functions, new URL(path, 'http://localhost')) || !!matchRedirect(rules, path)?.rule.force,
  );
  const sendFile = routes.respond.bind(routes);

  function redirect(pathname: string, location: string, status: number): Response {
    const headers = new Headers(headersFor(rules, pathname));
    headers.set('Location', location);
    headers.set('Cache-Control', 'public, max-age=3600');
    return new Response(null, { status, headers });
  }

  function notFoundPage(req: Request, pathname: string): Response {
    if (notFound) return sendFile(req, notFound, pathname, 404);
    return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }

  async function handle(req: Request, ip = '127.0.0.1'): Promise<Response> {
    const url = new URL(req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response('Bad Request', {
        status: 400,
        headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }

    const fnMatch = matchFunction(functions, url);
    if (fnMatch) {
      const { fn, params } = fnMatch;
      if (!requestHostAllowed(req, siteUrl)) return problem(421, API_ERRORS.misdirected);
      if (fn.methods && !fn.methods.includes(req.method)) {
        return methodNotAllowed(fn.methods);
      }
      try {
        return await fn.handler(req, makeContext(ip, params, siteUrl));
      } catch (err) {
        console.error(`function ${fn.name} failed:`, err);
        return problem(500, API_ERRORS.functionFailed);
      }
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method Not Allowed', {
        status: 405,
        headers: { ...SECURITY_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }

    const forced = matchRedirect(rules, pathname);
    if (forced?.rule.force) return redirect(pathname, forced.location, forced.rule.status);

    // Canonical form: no trailing slash (root excepted) and no .html suffix.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const bare = pathname.replace(/\/+$/, '') || '/';
      if (files.resolve(bare)) return redirect(pathname, bare + url.search, 301);
    }
    if (pathname.endsWith('.html') && pathname !== '/404.html') {
      const bare = pathname === '/index.html' ? '/' : pathname.slice(0, -5);
      if (files.get(pathname)) return redirect(pathname, bare + url.search, 301);
    }

    // /index and /x/index are the pages / and /x under a second name: one URL each.
    if (pathname === '/index' || pathname.endsWith('/index')) {
      const bare = pathname.slice(0, -'/index'.length) || '/';
      if (files.resolve(bare)) return redirect(pathname, bare + url.search, 301);
    }

    const file = files.resolve(pathname);
    // The 404 page answers 404 under any name, /404 included.
    if (file && file === notFound) return notFoundPage(req, pathname);
    if (file) return sendFile(req, file, pathname);

    if (forced) {
      if (forced.rule.status === 200) {
        const target = files.resolve(forced.location);
        if (target) return sendFile(req, target, pathname);
      } else if (forced.rule.status === 404) {
        return notFoundPage(req, pathname);
      } else {
        return redirect(pathname, forced.location, forced.rule.status);
      }
    }
    return notFoundPage(req, pathname);
  }

  return {
    fetch: handle,
    serveStatic: routes.serveNode.bind(routes),
    staticUrls: routes.size,
    functions,
    files,
    rules,
  };
}
