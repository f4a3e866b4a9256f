// The editor as Netlify runs it: a build with GitHub mode's variables (as a Netlify build sees
// them) holds the editor as one function, in GitHub mode for the repository Netlify builds from;
// its routes refuse unauthenticated calls and write nothing locally, and its page allows GitHub's
// API and nothing else from elsewhere. GitHub's OAuth round trip itself cannot be tried here (no
// network): the test stops at the redirect to GitHub.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_FUNCTION_ENTRY, EDITOR_PATHS } from '../../src/shared/editor-function.ts';
import { buildCheckout, makeCheckout, type Checkout } from '../support/site-checkout';

const GITHUB_ENV = {
  NETLIFY: 'true',
  REPOSITORY_URL: 'https://github.com/rooted-threads/site',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv23liTESTCLIENT',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'test-client-secret',
  KEYSTATIC_SECRET: 'k'.repeat(48),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'rooted-threads-editor',
};

let checkout: Checkout;

beforeAll(async () => {
  checkout = makeCheckout();
  const build = await buildCheckout(checkout.dir, GITHUB_ENV);
  expect(build.code, build.output.slice(-4000)).toBe(0);
}, 600_000);

afterAll(() => checkout?.remove());

interface Answer {
  status: number;
  location: string | null;
  csp: string | null;
  body: string;
}

/** Calls the built function in a fresh Node with the runtime's variables, as Netlify would. */
function call(
  requests: { path: string; method?: string; headers?: Record<string, string>; body?: string }[],
): Answer[] {
  const script = `
    const { default: handler } = await import(${JSON.stringify(pathToFileURL(join(checkout.dir, EDITOR_FUNCTION_ENTRY)).href)});
    const out = [];
    for (const r of ${JSON.stringify(requests)}) {
      const res = await handler(new Request('https://rooted.example' + r.path, { method: r.method ?? 'GET', headers: r.headers, body: r.body }), { ip: '203.0.113.9', params: {}, site: {}, deploy: {} });
      out.push({ status: res.status, location: res.headers.get('location'), csp: res.headers.get('content-security-policy'), body: (await res.text()).slice(0, 20000) });
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: checkout.dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...GITHUB_ENV },
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Answer[];
}

describe('the editor on Netlify (GitHub mode)', () => {
  it('is one function on the editor’s paths; every public page stays static', () => {
    expect(readdirSync(join(checkout.dir, '.netlify/v1/functions'))).toEqual(['ssr']);
    expect(readFileSync(join(checkout.dir, EDITOR_FUNCTION_ENTRY), 'utf8')).toContain(
      `path: ${JSON.stringify(EDITOR_PATHS)},`,
    );
    const dist = join(checkout.dir, 'dist');
    for (const page of ['index.html', 'articles.html', 'articles/hemp-vs-cotton.html', 'rss.xml', 'sitemap.xml'])
      expect(readFileSync(join(dist, page)).length, page).toBeGreaterThan(0);
    // The browser side is in GitHub mode, on the repository Netlify builds from.
    const ui = readdirSync(join(dist, '_astro')).find((f) => /^keystatic-page\..*\.js$/.test(f))!;
    expect(readFileSync(join(dist, '_astro', ui), 'utf8')).toContain('rooted-threads/site');
  });

  it('sends the sign-in to GitHub, refuses unauthenticated calls and has no local file API', () => {
    const [login, refresh, crossSite, tree, update, page, publicPage] = call([
      { path: '/api/keystatic/github/login' },
      { path: '/api/keystatic/github/refresh-token', method: 'POST', headers: { origin: 'https://rooted.example' } },
      { path: '/api/keystatic/github/refresh-token', method: 'POST', headers: { origin: 'https://elsewhere.example' } },
      { path: '/api/keystatic/tree', headers: { 'no-cors': '1' } },
      {
        path: '/api/keystatic/update',
        method: 'POST',
        headers: { 'no-cors': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ additions: [{ path: 'src/content/articles/x.mdx', contents: 'eA' }], deletions: [] }),
      },
      { path: '/keystatic' },
      { path: '/articles/hemp-vs-cotton' },
    ]);
    expect(login!.status).toBeGreaterThanOrEqual(300);
    expect(login!.status).toBeLessThan(400);
    const to = new URL(login!.location!);
    expect(to.origin + to.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(to.searchParams.get('client_id')).toBe(GITHUB_ENV.KEYSTATIC_GITHUB_CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe('https://rooted.example/api/keystatic/github/oauth/callback');
    // No GitHub session: refused by Keystatic; from another site: refused first by Astro's origin check.
    expect(refresh!.status).toBe(401);
    expect(crossSite!.status).toBe(403);
    expect(tree!.status).toBe(404);
    expect(update!.status).toBe(404);
    // The page renders; its policy lets it reach GitHub's API and load nothing else from elsewhere.
    expect(page!.status).toBe(200);
    const csp = page!.csp ?? /http-equiv="content-security-policy" content="([^"]+)"/.exec(page!.body)?.[1] ?? '';
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.github\.com/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/font-src 'self';/);
    expect(csp).not.toMatch(/fonts\.googleapis|script-src[^;]*https:/);
    expect(page!.body).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
    expect(publicPage!.status).toBe(404);
  });
});
