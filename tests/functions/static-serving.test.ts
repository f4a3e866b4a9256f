// Static files through the `npm start` server: the build's Brotli and gzip siblings sent as they
// are (no compression per request), strong ETags and Last-Modified with their 304s, immutable
// caching for hashed assets, and the same headers on the fast path as on the fetch path.
// Needs a build (npm run build).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { startServer, type RunningServer } from '../support/server.ts';
import { StaticFiles } from '../../server/runtime/static-files.ts';

const ARTICLE = '/articles/hemp-vs-cotton';
let server: RunningServer;

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A request over node:http, so the body arrives exactly as sent (fetch would decode it). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((ok, fail) => {
    const req = request(server.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({
          status: res.statusCode!,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('precompressed static files', () => {
  it('sends the build’s .br and .gz siblings byte for byte, with Vary and one ETag per encoding', async () => {
    const source = readFileSync('dist/articles/hemp-vs-cotton.html');
    const br = await get(ARTICLE, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.equals(readFileSync('dist/articles/hemp-vs-cotton.html.br'))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(source)).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.body.length));

    const gz = await get(ARTICLE, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync('dist/articles/hemp-vs-cotton.html.gz'))).toBe(true);

    const plain = await get(ARTICLE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(source)).toBe(true);

    const tags = [br, gz, plain].map((r) => r.headers.etag);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);
  });

  it('never serves a sibling at a URL of its own', async () => {
    expect((await get('/articles/hemp-vs-cotton.html.br')).status).toBe(404);
  });

  it('answers 304 to If-None-Match with any of the file’s tags, weak or strong, and 200 to another', async () => {
    const first = await get(ARTICLE, { 'accept-encoding': 'br' });
    const again = await get(ARTICLE, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect((await get(ARTICLE, { 'if-none-match': `W/${first.headers.etag}` })).status).toBe(304);
    expect((await get(ARTICLE, { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('sends Last-Modified and answers 304 to If-Modified-Since from then on, 200 before', async () => {
    const first = await get('/contact');
    const lastModified = first.headers['last-modified']!;
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect((await get('/contact', { 'if-modified-since': lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get('/contact', { 'if-modified-since': before })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await get('/contact', { 'if-modified-since': lastModified, 'if-none-match': '"x"' })).status).toBe(200);
  });

  it('caches hashed assets for a year as immutable and revalidates pages', async () => {
    const html = (await get('/')).body.toString();
    const asset = html.match(/\/_astro\/[^"')\s]+\.(?:css|svg|woff2|js)/)?.[0];
    expect(asset).toBeDefined();
    expect((await get(asset!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const head = await get(ARTICLE, { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get(ARTICLE, { 'accept-encoding': 'br' });
    expect(head.body.length).toBe(0);
    const { date: _d1, ...h } = head.headers;
    const { date: _d2, ...f } = full.headers;
    expect(h).toEqual(f);
  });

  it('sends the same headers on the fast path as on the fetch path (a percent-encoded URL)', async () => {
    const fast = await get(ARTICLE, { 'accept-encoding': 'br' });
    const slow = await get('/articles/hemp%2Dvs-cotton', { 'accept-encoding': 'br' });
    expect(slow.status).toBe(200);
    expect(slow.body.equals(fast.body)).toBe(true);
    const strip = (h: Record<string, string>) => {
      const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = h;
      return rest;
    };
    expect(strip(slow.headers)).toEqual(strip(fast.headers));
  });
});

describe('a built file without siblings', () => {
  it('is compressed once when the server loads it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-static-'));
    try {
      writeFileSync(join(dir, 'page.html'), '<p>A paragraph that repeats. </p>'.repeat(100));
      writeFileSync(join(dir, 'tiny.css'), 'a{color:red}');
      const files = new StaticFiles(dir);
      const page = files.get('/page.html')!;
      expect(brotliDecompressSync(page.br!).equals(page.body)).toBe(true);
      expect(page.gzip!.length).toBeLessThan(page.body.length);
      expect(files.get('/tiny.css')!.br).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
