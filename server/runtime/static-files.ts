// Serves the built site from memory: every file of dist/ is read once at start-up, compressed on
// first request and kept, so a request costs a map lookup. Paths follow Astro's `build.format:
// 'file'` output and Netlify's pretty URLs: /articles/x is served from articles/x.html.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  wasm: 'application/wasm',
  webmanifest: 'application/manifest+json',
  pf_meta: 'application/octet-stream',
  pf_fragment: 'application/octet-stream',
  pf_index: 'application/octet-stream',
  pagefind: 'application/octet-stream',
};
const COMPRESSIBLE = new Set(['html', 'css', 'js', 'mjs', 'json', 'xml', 'txt', 'svg', 'webmanifest', 'wasm']);

export interface StaticFile {
  /** URL path of the file itself, e.g. /articles/x.html */
  path: string;
  body: Buffer;
  type: string;
  etag: string;
  ext: string;
  gzip?: Buffer;
  br?: Buffer;
}

export class StaticFiles {
  readonly files = new Map<string, StaticFile>();
  readonly root: string;

  constructor(root: string) {
    this.root = root;
    this.load(root);
  }

  private load(dir: string): void {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        this.load(full);
        continue;
      }
      const path = '/' + relative(this.root, full).split(sep).join('/');
      // Netlify's configuration files in the publish directory are rules, never content.
      if (path === '/_headers' || path === '/_redirects') continue;
      const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
      const body = readFileSync(full);
      const etag = '"' + createHash('sha1').update(body).digest('base64url').slice(0, 22) + '"';
      this.files.set(path, { path, body, ext, etag, type: TYPES[ext] ?? 'application/octet-stream' });
    }
  }

  get(path: string): StaticFile | undefined {
    return this.files.get(path);
  }

  /**
   * The file a clean URL stands for: '/' → /index.html, '/a' → /a.html, '/a.xml' → /a.xml,
   * '/a' → /a/index.html. Returns undefined when nothing matches.
   */
  resolve(pathname: string): StaticFile | undefined {
    if (pathname === '/') return this.files.get('/index.html');
    return (
      this.files.get(pathname + '.html') ??
      (pathname.endsWith('.html') ? undefined : this.files.get(pathname)) ??
      this.files.get(pathname + '/index.html')
    );
  }

  /** The body to send for an Accept-Encoding header, compressed once and cached. */
  encoded(file: StaticFile, acceptEncoding: string | null): { body: Buffer; encoding?: 'br' | 'gzip' } {
    if (!COMPRESSIBLE.has(file.ext) || file.body.length < 1024 || !acceptEncoding) return { body: file.body };
    if (/\bbr\b/.test(acceptEncoding)) {
      file.br ??= brotliCompressSync(file.body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: file.body.length },
      });
      return { body: file.br, encoding: 'br' };
    }
    if (/\bgzip\b/.test(acceptEncoding)) {
      file.gzip ??= gzipSync(file.body, { level: 9 });
      return { body: file.gzip, encoding: 'gzip' };
    }
    return { body: file.body };
  }
}
