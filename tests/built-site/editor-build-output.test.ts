// The build's shape with the editor in it (docs/decisions.md, "The editor on the deployed site"):
// the Keystatic editor is one on-demand function answering only the editor's paths, every public
// page is static HTML (none rendered on request, none loading the editor's code). Reads dist/ and
// .netlify/, and calls the built function in a child process as Netlify would.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_FUNCTION_ENTRY, EDITOR_PATHS } from '../../src/shared/editor-function.ts';

const DIST = 'dist';

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name));
}

/** Imports the built function in a fresh Node and answers each path's status (GET). */
function statuses(paths: string[]): Record<string, number> {
  const script = `
    const { default: handler } = await import(${JSON.stringify(new URL(EDITOR_FUNCTION_ENTRY, `file://${process.cwd()}/`).href)});
    const out = {};
    for (const path of ${JSON.stringify(paths)}) {
      const res = await handler(new Request('http://localhost' + path, { headers: { 'no-cors': '1' } }), { ip: '127.0.0.1', params: {}, site: {}, deploy: {} });
      out[path] = res.status;
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, number>;
}

describe('the build with the editor', () => {
  it('holds the editor as one function that answers only the editor’s paths', () => {
    expect(existsSync(join(DIST, 'index.html')), 'build the site first').toBe(true);
    expect(readdirSync('.netlify/v1/functions')).toEqual(['ssr']);
    const entry = readFileSync(EDITOR_FUNCTION_ENTRY, 'utf8');
    expect(entry).toContain(`path: ${JSON.stringify(EDITOR_PATHS)},`);
    expect(entry).not.toMatch(/path: '\/\*'/);
  });

  it('has every public page as static HTML, none loading the editor’s code', () => {
    const sitemap = readFileSync(join(DIST, 'sitemap.xml'), 'utf8');
    const urls = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(30);
    for (const url of urls) {
      const file = url === '/' ? 'index.html' : `${url.slice(1)}.html`;
      expect(existsSync(join(DIST, file)), `${url} is a static file`).toBe(true);
    }
    const pages = files(DIST).filter((f) => f.endsWith('.html'));
    expect(
      pages.filter((f) => /keystatic|keystar/i.test(readFileSync(f, 'utf8'))).map((f) => relative(DIST, f)),
    ).toEqual([]);
    // The editor's own client code is there for its page, and only under _astro/.
    const editorFiles = files(DIST).filter((f) => /keystatic/i.test(relative(DIST, f)));
    expect(editorFiles.length).toBeGreaterThan(0);
    for (const f of editorFiles) expect(relative(DIST, f)).toMatch(/^_astro\/keystatic-page\.[\w-]+\.js(\.br|\.gz)?$/);
  });

  it('renders only the editor on request: public paths are not the function’s', () => {
    const answered = statuses(['/keystatic', '/', '/articles', '/articles/hemp-vs-cotton', '/rss.xml']);
    expect(answered['/keystatic']).toBe(200);
    for (const path of ['/', '/articles', '/articles/hemp-vs-cotton', '/rss.xml'])
      expect(answered[path], path).toBe(404);
  });
});
