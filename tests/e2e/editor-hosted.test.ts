// The editor on the self-hosted site (`npm start`), end to end, on a throw-away Git checkout of
// this tree: a signed-in dashboard user opens /keystatic in a real browser, saves an article with
// only a title (a draft: committed, not public), tries to publish it half-written (refused in plain
// words, the live site unchanged), completes and publishes it; the server commits each save and
// rebuilds, and the article is then in /articles, first on the home page, in the sitemap, the RSS
// feed and search. Anonymous visitors get no editor, and other origins cannot call its API.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, logInToAdmin } from '../support/browser';
import { openAdminSession } from '../support/admin-session';
import {
  buildCheckout,
  makeCheckout,
  serveCheckout,
  type Checkout,
  type CheckoutServer,
} from '../support/site-checkout';
import { completeArticle, field, makeJpeg } from '../support/keystatic-fields';
import { ADMIN_LABELS } from '../../src/shared/messages/index.ts';

const STAMP = Date.now().toString(36);
const TITLE = `Hosted Editor Article ${STAMP}`;
const SLUG = TITLE.toLowerCase().replace(/\s+/g, '-');
const ENTRY = `src/content/articles/${SLUG}.mdx`;

let checkout: Checkout;
let server: CheckoutServer;
let browser: Browser;

beforeAll(async () => {
  checkout = makeCheckout();
  const build = await buildCheckout(checkout.dir);
  expect(build.code, build.output.slice(-4000)).toBe(0);
  server = await serveCheckout(checkout.dir);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  checkout?.remove();
});

const MARKER = 'src/content/articles/written-from-elsewhere.mdx';
const update = (headers: Record<string, string>) =>
  fetch(`${server.url}/api/keystatic/update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'no-cors': '1', ...headers },
    body: JSON.stringify({
      additions: [{ path: MARKER, contents: Buffer.from('---\ntitle: x\ndraft: true\n---\n').toString('base64url') }],
      deletions: [],
    }),
  });

describe('who may use the editor', () => {
  it('gives an anonymous visitor no editor: the page sends to the sign-in, the API answers 401', async () => {
    const page = await fetch(`${server.url}/keystatic`, { redirect: 'manual' });
    expect(page.status, server.output()).toBe(303);
    expect(page.headers.get('location')).toBe('/admin');
    expect(await page.text()).toBe('');
    const tree = await fetch(`${server.url}/api/keystatic/tree`, { headers: { 'no-cors': '1' } });
    expect(tree.status).toBe(401);
    expect(await tree.text()).toContain('Sign in again at /admin');
    expect((await update({})).status).toBe(401);
    expect(existsSync(join(checkout.dir, MARKER))).toBe(false);
  });

  it('refuses the API to another origin even with a signed-in cookie, and answers its own', async () => {
    const cookie = await openAdminSession((path, init) => fetch(server.url + path, init), server.url, server.adminKey);
    // What a page on another local port sends: the cookie (same site), its own Origin.
    const elsewhere = { Cookie: cookie, Origin: 'http://127.0.0.1:9', 'Sec-Fetch-Site': 'same-site' };
    const write = await update(elsewhere);
    expect(write.status).toBe(403);
    expect(write.headers.get('access-control-allow-origin')).toBeNull();
    expect(existsSync(join(checkout.dir, MARKER))).toBe(false);
    const read = await fetch(`${server.url}/api/keystatic/tree`, { headers: { 'no-cors': '1', ...elsewhere } });
    expect(read.status).toBe(403);
    const preflight = await fetch(`${server.url}/api/keystatic/update`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:9', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The same cookie from the editor's own page is answered.
    const own = await fetch(`${server.url}/api/keystatic/tree`, {
      headers: { 'no-cors': '1', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect(JSON.stringify(await own.json())).toContain('src/content/articles/hemp-vs-cotton.mdx');
  });
});

describe('publishing from the browser', () => {
  it('a title-only draft, a refused half-written publish, then the complete article is live', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    // Everything the editor loads comes from this site (scripts, styles, fonts, data).
    const elsewhere: string[] = [];
    page.on('response', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    await logInToAdmin(page, server.url, server.adminKey, ADMIN_LABELS);
    const saves = () =>
      page.waitForResponse((r) => r.url().endsWith('/api/keystatic/update') && r.request().method() === 'POST', {
        timeout: 400_000,
      });

    // 1. A draft with only its title. New entries start as drafts; nothing is built for it.
    await page.goto(`${server.url}/keystatic/collection/articles/create`);
    await field(page, 'Title').waitFor({ timeout: 60_000 });
    await field(page, 'Title').fill(TITLE);
    await expect.poll(() => field(page, 'File name and address').inputValue()).toBe(SLUG);
    expect(await page.getByRole('checkbox', { name: /^Draft/ }).isChecked()).toBe(true);
    let saved = saves();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect((await saved).status()).toBe(200);
    expect(readFileSync(join(checkout.dir, ENTRY), 'utf8')).toMatch(/^draft: true$/m);
    expect(checkout.git('log', '-1', '--format=%an|%s')).toBe(
      `Site owner (dashboard)|Editor: add article “${TITLE}”\n`,
    );
    expect((await fetch(`${server.url}/articles/${SLUG}`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/articles`)).text()).not.toContain(TITLE);

    // 2. Published half-written: saved, but the build refuses it and the editor is told why.
    await page.waitForURL(`**/keystatic/collection/articles/item/${SLUG}`);
    await page.getByRole('checkbox', { name: /^Draft/ }).uncheck();
    saved = saves();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refused = await saved;
    expect(refused.status()).toBe(422);
    const message = await refused.text();
    expect(message).toContain('the live site was not updated');
    expect(message).not.toMatch(/\n\s+at /);
    console.log(`editor-hosted: the refused save said: ${message}`);
    await expect.poll(() => page.getByText('the live site was not updated').count()).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/articles/${SLUG}`)).status).toBe(404);

    // 3. Completed and published: live when the save answers.
    // Dated yesterday: the newest article, already due.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 11) + '09:30';
    await completeArticle(page, await makeJpeg(), STAMP, yesterday);
    saved = saves();
    const started = Date.now();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const published = await saved;
    expect(published.status(), await published.text()).toBe(200);
    console.log(`editor-hosted: saved to live in ${Math.round((Date.now() - started) / 1000)} s`);

    const article = await fetch(`${server.url}/articles/${SLUG}`);
    expect(article.status).toBe(200);
    expect(await article.text()).toContain(`A paragraph typed in the hosted editor about ${STAMP}.`);
    expect(await (await fetch(`${server.url}/articles`)).text()).toContain(TITLE);
    const home = await (await fetch(`${server.url}/`)).text();
    // "Latest articles" leads with the newest.
    const latest = home.slice(home.indexOf('id="blog"'));
    const firstArticle = /href="\/articles\/([a-z0-9-]+)"/.exec(latest)?.[1];
    expect(firstArticle).toBe(SLUG);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`/articles/${SLUG}</loc>`);
    expect(await (await fetch(`${server.url}/rss.xml`)).text()).toContain(`<title>${TITLE}</title>`);

    const reader = await context.newPage();
    await reader.goto(`${server.url}/contact`);
    await reader.getByRole('button', { name: 'Search' }).click();
    await reader.getByRole('dialog').getByRole('searchbox').fill(`hosted editor ${STAMP}`);
    await expect
      .poll(() => reader.locator(`#search-results a[href="/articles/${SLUG}"]`).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // The checkout's history names every save, authored by who saved, and nothing else changed.
    const log = checkout.git('log', '--format=%an|%s');
    expect(log.split('\n').slice(0, 3)).toEqual([
      `Site owner (dashboard)|Editor: update article “${TITLE}”`,
      `Site owner (dashboard)|Editor: update article “${TITLE}”`,
      `Site owner (dashboard)|Editor: add article “${TITLE}”`,
    ]);
    expect(checkout.git('show', '--name-only', '--format=', 'HEAD')).toContain(`src/assets/art/${SLUG}/`);
    expect(checkout.git('status', '--porcelain', '--', 'src')).toBe('');
    expect(elsewhere).toEqual([]);
    await context.close();
  }, 900_000);
});
