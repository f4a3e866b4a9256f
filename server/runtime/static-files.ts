// Serves the built site from memory: every file of dist/ is read once at start-up with its Brotli
// and gzip encodings (the build's .br/.gz siblings, or made here once when the build left none), so
// a request costs a map lookup and never compresses. Paths follow Astro's `build.format: 'file'`
// output and Netlify's pretty URLs: /articles/x is served from articles/x.html.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { ENCODINGS, compress, isCompressible, type Encoding } from '../precompress.ts';

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

export interface StaticFile {
  /** URL path of the file itself, e.g. /articles/x.html */
  path: string;
  body: Buffer;
  type: string;
  /** Strong validator of the identity body; each encoding has its own (RFC 9110, 8.8.3). */
  etag: string;
  /** The build's modification time, as an HTTP date. */
  lastModified: string;
  /** Modification time in whole seconds since the epoch (HTTP dates have no finer resolution). */
  mtime: number;
  ext: string;
  gzip?: Buffer;
  br?: Buffer;
}

/** The ETag of an encoding of `file`: the identity tag with the encoding's name inside the quotes. */
export function encodedEtag(file: StaticFile, encoding?: Encoding): string {
  return encoding ? file.etag.slice(0, -1) + '-' + encoding + '"' : file.etag;
}

const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

export class StaticFiles {
  readonly files = new Map<string, StaticFile>();
  readonly root: string;

  constructor(root: string) {
    this.root = root;
    this.load(root);
  }

  private load(dir: string): void {
    for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const full = join(dir, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) continue;
      const name = entry.slice(entry.lastIndexOf(sep) + 1);
      const path = '/' + relative(this.root, full).split(sep).join('/');
      // Netlify's configuration files in the publish directory are rules, never content.
      if (path === '/_headers' || path === '/_redirects') continue;
      // A precompressed sibling is an encoding of its file, never a URL of its own.
      if (/\.(br|gz)$/.test(name) && existsSync(full.slice(0, -3))) continue;
      const ext = extOf(name);
      const body = readFileSync(full);
      const etag = '"' + createHash('sha1').update(body).digest('base64url').slice(0, 22) + '"';
      const mtime = Math.floor(stat.mtimeMs / 1000);
      const file: StaticFile = {
        path,
        body,
        ext,
        etag,
        mtime,
        lastModified: new Date(mtime * 1000).toUTCString(),
        type: TYPES[ext] ?? 'application/octet-stream',
      };
      if (isCompressible(ext, body.length)) {
        for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][]) {
          const packed = existsSync(full + suffix) ? readFileSync(full + suffix) : compress(body, encoding, 'startup');
          if (packed.length < body.length) file[encoding] = packed;
        }
      }
      this.files.set(path, file);
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

  /** The body to send for an Accept-Encoding header: Brotli, then gzip, then the file itself. */
  encoded(file: StaticFile, acceptEncoding: string | null | undefined): { body: Buffer; encoding?: Encoding } {
    return negotiate(file, acceptEncoding);
  }
}

/** Brotli when the client takes it, then gzip, else identity (a q=0 refusal is not parsed, as before). */
export function negotiate(
  file: StaticFile,
  acceptEncoding: string | null | undefined,
): { body: Buffer; encoding?: Encoding } {
  if (!acceptEncoding) return { body: file.body };
  if (file.br && /\bbr\b/.test(acceptEncoding)) return { body: file.br, encoding: 'br' };
  if (file.gzip && /\bgzip\b/.test(acceptEncoding)) return { body: file.gzip, encoding: 'gzip' };
  return { body: file.body };
}
