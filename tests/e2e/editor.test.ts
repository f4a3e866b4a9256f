// The brand team's path end to end, in a real browser against one `astro dev` (the editing server
// `npm run dev` runs, with the Keystatic editor) shared by every test here: Vite's first bundling
// of the editor is the dearest step, paid once.
// - Create an article in the editor with an uploaded JPEG hero and a citation; the MDX file and the
//   photo land in the tree; a build of the site then serves the hero as a responsive <picture> with
//   AVIF and WebP sources.
// - A draft with a photo in its text: in dev and preview builds, nowhere in production, and a link
//   to it fails the build.
// - A draft saved half-written: created from its title alone (and half an excerpt), with the
//   labelled Preview link at the top; the entries list shows Draft/Published and dates in words.
// - `npm run dev` answers its own pages only (issue 35, item 3): a page on another local port
//   calling the Keystatic API to write a file into the tree writes nothing.
// Everything the tests created is removed afterwards, whatever happens.
import { createServer, request, type Server } from 'node:http';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startDevServer, type DevServer } from '../support/dev-server';
import { articleSource, buildFixture, makeFixtureSite, PAGES_ONLY, removeFixture } from '../support/fixture-site';
import { addItem, addRelated, field, makeJpeg } from '../support/keystatic-fields';
import { freePort } from '../support/server';

const TITLE = `Editor Test Article ${Date.now().toString(36)}`;
const SLUG = TITLE.toLowerCase().replace(/\s+/g, '-');
const ARTICLE = resolve('src/content/articles', `${SLUG}.mdx`);
const ART_DIR = resolve('src/assets/art', SLUG);

const cleanups: (() => Promise<void> | void)[] = [];
let dev: DevServer;
let browser: Browser;
beforeAll(async () => {
  [dev, browser] = await Promise.all([startDevServer(), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await browser?.close();
  await dev?.stop();
});

describe('the visual editor', () => {
  it('creates an article with a JPEG hero that the site serves as a responsive picture', async () => {
    expect(existsSync(ARTICLE)).toBe(false);
    cleanups.push(() => {
      rmSync(ARTICLE, { force: true });
      rmSync(ART_DIR, { recursive: true, force: true });
    });
    const photo = await makeJpeg();

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${dev.url}/keystatic/collection/articles/create`);
    // The first visit bundles the editor's dependencies: allow it time.
    await field(page, 'Title').waitFor({ timeout: 180_000 });
    await field(page, 'Title').fill(TITLE);
    await expect.poll(() => field(page, 'File name and address').inputValue()).toBe(SLUG);
    await field(page, 'Excerpt').fill(
      'An article written in the visual editor by the browser test, with a photo as its hero image.',
    );
    await field(page, 'Published').fill('2025-09-01T00:00');
    // A new entry starts as a draft; this one is published.
    await expect.poll(() => page.getByRole('checkbox', { name: /^Draft/ }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /^Draft/ }).uncheck();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles(photo);
    await field(page, 'Hero image alt text').fill('A blurred golden field under a blue evening sky, with a pale sun');

    for (const keyword of ['editor test', 'photo hero', 'keystatic'])
      await addItem(page, 'Keywords', { Keyword: keyword });
    await addItem(page, 'Topics (about)', { Topic: 'Testing' });
    await field(page, 'Lead paragraph').fill(
      'This lead paragraph was typed into the visual editor by a browser test, to check that the brand team can publish an article with a photo hero without touching a file.',
    );
    for (const i of [1, 2, 3])
      await addItem(page, 'FAQ', {
        Question: `Is this test question number ${i}?`,
        Answer: `Yes: this is the answer to test question number ${i}.`,
      });
    for (const i of [1, 2, 3])
      await addItem(page, 'References', {
        Id: `test-ref-${i}`,
        Title: `Test reference ${i}`,
        Publisher: 'Test Publisher',
        Year: String(2020 + i),
        'Address (https)': `https://example.org/reference-${i}`,
      });
    await addRelated(page, 'hemp-vs-cotton');
    await addRelated(page, 'linen-vs-cotton');

    // End-only sign-ups need no mid-article slot in the body.
    await page.getByRole('button', { name: /^Both: Updates mid-article/ }).click();
    await page.getByRole('option', { name: 'End only (Movement)' }).click();

    const body = page.locator('[contenteditable="true"]').first();
    await body.click();
    // A citation, from the insert menu ("/" at the start of the paragraph), then the sentence typed
    // in front of it, so that it stands straight after the full stop.
    await page.keyboard.type('/');
    await page.getByRole('option', { name: /^Citation/ }).click();
    await page.keyboard.press('Home');
    await page.keyboard.type('A first paragraph of the body, typed in the editor.');
    // Its one field: the ids of the references it points at.
    await page.getByText('[choose a reference]').click();
    // The selected citation's popover: its pencil (the first of its two icon buttons) opens the field.
    await page.getByRole('dialog').getByRole('button').first().click();
    const ids = page.getByLabel(/^Reference id\(s\)/);
    await ids.fill('test-ref-1 test-ref-2 test-ref-3');
    await page.getByRole('button', { name: 'Done' }).click();
    await ids.waitFor({ state: 'detached' });
    await expect.poll(() => body.innerText()).toContain('editor.[test-ref-1 test-ref-2 test-ref-3]');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => existsSync(ARTICLE), { timeout: 30_000 }).toBe(true);
    // The editor writes the entry and its image one after the other: wait for both.
    await expect
      .poll(() => (existsSync(ART_DIR) ? readdirSync(ART_DIR) : []), { timeout: 30_000 })
      .toEqual(['hero.jpg']);

    const source = readFileSync(ARTICLE, 'utf8');
    expect(source).toContain(`title: ${TITLE}`);
    expect(source).not.toMatch(/^draft:/m);
    expect(source).toMatch(/^publishedDate: 2025-09-01$/m);
    expect(source).toMatch(new RegExp(`^hero: \\.\\./\\.\\./assets/art/${SLUG}/hero\\.jpg$`, 'm'));
    expect(source).toContain(
      'A first paragraph of the body, typed in the editor.<Cite to="test-ref-1 test-ref-2 test-ref-3" />',
    );
    expect(source).toMatch(/^ {2}- id: test-ref-1$/m);
    // The editor writes the shapes the schema reads: years as numbers, no empty optional card.
    expect(source).toMatch(/^ {4}year: 2021$/m);
    expect(source).not.toMatch(/^(cta|announcement):/m);

    // Build a small copy of the site: the new article as the editor wrote it, and stand-ins for the
    // two articles it relates to (a whole-catalogue build proves nothing more about the hero).
    const site = makeFixtureSite({
      'hemp-vs-cotton': articleSource('hemp-vs-cotton', ['linen-vs-cotton', SLUG]),
      'linen-vs-cotton': articleSource('linen-vs-cotton', ['hemp-vs-cotton', SLUG]),
      [SLUG]: readFileSync(ARTICLE, 'utf8'),
    });
    cleanups.push(() => removeFixture(site));
    const build = buildFixture(site, PAGES_ONLY);
    expect(build.status, build.output).toBe(0);

    const html = readFileSync(join(site, 'dist', 'articles', `${SLUG}.html`), 'utf8');
    const picture = html.match(/<picture[^>]*>([\s\S]*?)<\/picture>/)?.[1] ?? '';
    expect(picture).toMatch(/<source srcset="[^"]+\.avif \d+w[^"]*" type="image\/avif"/);
    expect(picture).toMatch(/<source srcset="[^"]+\.webp \d+w[^"]*" type="image\/webp"/);
    expect(picture).toMatch(/<img src="[^"]+\.jpg"[^>]*fetchpriority="high"/);
    // The citation typed in the editor is a numbered link to its reference in the built page.
    expect(html).toContain(
      'typed in the editor.\u2060<sup class="cite"><a href="#ref-test-ref-1" id="cite-test-ref-1-1"',
    );
  }, 480_000);
});

/** Fills every required field of a new article (the hero from `photo`), ending with End-only sign-ups. */
async function fillArticle(page: Page, title: string, slug: string, photo: string) {
  await field(page, 'Title').fill(title);
  await expect.poll(() => field(page, 'File name and address').inputValue()).toBe(slug);
  await field(page, 'Excerpt').fill(
    'A draft written in the visual editor by the browser test, with a photo inside its text.',
  );
  await field(page, 'Published').fill('2025-09-02T09:30');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(photo);
  await field(page, 'Hero image alt text').fill('A blurred golden field under a blue evening sky, with a pale sun');
  for (const keyword of ['editor draft', 'inline photo', 'keystatic'])
    await addItem(page, 'Keywords', { Keyword: keyword });
  await addItem(page, 'Topics (about)', { Topic: 'Testing' });
  await field(page, 'Lead paragraph').fill(
    'This lead paragraph was typed into the visual editor by a browser test, to check that a draft with a photo in its text is previewed but never published.',
  );
  for (const i of [1, 2, 3])
    await addItem(page, 'FAQ', {
      Question: `Is this draft question number ${i}?`,
      Answer: `Yes: this is the answer to draft question number ${i}.`,
    });
  for (const i of [1, 2, 3])
    await addItem(page, 'References', {
      Id: `draft-ref-${i}`,
      Title: `Draft reference ${i}`,
      Publisher: 'Test Publisher',
      Year: String(2020 + i),
      'Address (https)': `https://example.org/draft-reference-${i}`,
    });
  await addRelated(page, 'hemp-vs-cotton');
  await addRelated(page, 'linen-vs-cotton');
  await page.getByRole('button', { name: /^Both: Updates mid-article/ }).click();
  await page.getByRole('option', { name: 'End only (Movement)' }).click();
}

describe('drafts, photos in the text and the preview', () => {
  const title = `Editor Draft Article ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const article = resolve('src/content/articles', `${slug}.mdx`);
  const artDir = resolve('src/assets/art', slug);

  it('a draft with an inline photo is in dev and preview builds, nowhere in production, and a link to it fails the build', async () => {
    expect(existsSync(article)).toBe(false);
    cleanups.push(() => {
      rmSync(article, { force: true });
      rmSync(artDir, { recursive: true, force: true });
    });
    const [hero, inline] = [await makeJpeg(), await makeJpeg('drying-rack.jpg')];
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${dev.url}/keystatic/collection/articles/create`);
    await field(page, 'Title').waitFor({ timeout: 180_000 });
    await fillArticle(page, title, slug, hero);
    await page.getByRole('checkbox', { name: /^Draft/ }).check();

    // The body: a paragraph, then the Photo block from the insert menu ("/"), filled in its dialog.
    const body = page.locator('[contenteditable="true"]').first();
    await body.click();
    await page.keyboard.type('A first paragraph of the draft, typed in the editor.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    await page.getByRole('option', { name: /^Photo/ }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles(inline);
    await field(dialog, 'Alt text').fill('A wooden drying rack with a folded wool sweater in window light');
    await field(dialog, 'Caption (optional)').fill('Dry wool flat, away from the radiator.');
    await field(dialog, 'Credit (optional)').fill('Rooted Threads');
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => existsSync(article), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => (existsSync(artDir) ? readdirSync(artDir).sort() : []), { timeout: 30_000 })
      .toContain('hero.jpg');
    const source = readFileSync(article, 'utf8');
    expect(source).toMatch(/^draft: true$/m);
    const figure = /<Figure\s[^>]*src="(\.\.\/\.\.\/assets\/art\/[^"]+\.jpg)"[^>]*\/>/.exec(source);
    expect(figure, source).not.toBeNull();
    // The photo is stored beside the hero, under src/assets/art/<slug>/.
    await expect
      .poll(() => existsSync(resolve('src/content/articles', figure![1]!)), {
        timeout: 30_000,
        message: `${figure![0]}: ${readdirSync(artDir).join(', ')} | ${readdirSync(resolve('src/assets/art')).join(', ')}`,
      })
      .toBe(true);
    expect(figure![1]).toMatch(new RegExp(`^\\.\\./\\.\\./assets/art/${slug}/`));
    expect(figure![0]).toContain('alt="A wooden drying rack with a folded wool sweater in window light"');
    expect(figure![0]).toContain('credit="Rooted Threads"');
    // Every reference must be cited (the first test inserts a citation through the editor); here
    // the file route adds them, once the editor has written the entry and both images.
    const sentence = 'A first paragraph of the draft, typed in the editor.';
    expect(source).toContain(sentence);
    writeFileSync(article, source.replace(sentence, `${sentence}<Cite to="draft-ref-1 draft-ref-2 draft-ref-3" />`));

    // The editor's Preview opens the entry's real page on the dev server, draft included.
    const preview = page.getByRole('link', { name: 'Preview' }).or(page.getByRole('button', { name: 'Preview' }));
    const opened = context.waitForEvent('page');
    await preview.first().click();
    const tab = await opened;
    await tab.waitForLoadState('load', { timeout: 120_000 });
    expect(new URL(tab.url()).pathname).toBe(`/articles/${slug}`);
    await expect.poll(() => tab.locator('h1').innerText(), { timeout: 60_000 }).toBe(title);
    await expect.poll(() => tab.locator('[data-publish-state="draft"]').count()).toBe(1);
    expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await tab.locator('figure.figure figcaption').innerText()).toContain('Image: Rooted Threads');

    // A small copy of the site: the editor's draft and the two articles it relates to.
    const others = {
      'hemp-vs-cotton': articleSource('hemp-vs-cotton', ['linen-vs-cotton', 'wool-fixture']),
      'linen-vs-cotton': articleSource('linen-vs-cotton', ['hemp-vs-cotton', 'wool-fixture']),
      'wool-fixture': articleSource('wool-fixture', ['hemp-vs-cotton', 'linen-vs-cotton']),
    };
    const site = makeFixtureSite({ ...others, [slug]: readFileSync(article, 'utf8') });
    cleanups.push(() => removeFixture(site));
    const dist = (...p: string[]) => join(site, 'dist', ...p);

    // Production: the draft is nowhere (page, lists, sitemap, RSS, titles, search index).
    const production = buildFixture(site, PAGES_ONLY);
    expect(production.status, production.output).toBe(0);
    expect(existsSync(dist('articles', `${slug}.html`))).toBe(false);
    for (const file of ['articles.html', 'index.html', 'sitemap.xml', 'rss.xml', 'page-titles.json', 'sitemap.html'])
      expect(readFileSync(dist(file), 'utf8'), file).not.toContain(slug);
    const fragments = readdirSync(dist('pagefind', 'fragment')).map((f) =>
      gunzipSync(readFileSync(dist('pagefind', 'fragment', f))).toString('utf8'),
    );
    expect(fragments.length).toBeGreaterThan(2);
    expect(fragments.some((text) => text.includes('Editor Draft Article'))).toBe(false);

    // Preview (PREVIEW=1, as Netlify's deploy previews): the draft is built, marked and noindex,
    // listed, and its inline JPEG is a lazy <picture> with AVIF and WebP, caption and credit.
    const previewBuild = buildFixture(site, { ...PAGES_ONLY, PREVIEW: '1' });
    expect(previewBuild.status, previewBuild.output).toBe(0);
    const html = readFileSync(dist('articles', `${slug}.html`), 'utf8');
    expect(html).toContain('data-publish-state="draft"');
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(readFileSync(dist('articles.html'), 'utf8')).toContain(`/articles/${slug}`);
    expect(readFileSync(dist('sitemap.xml'), 'utf8')).not.toContain(slug);
    const inlineFigure = /<figure class="figure[^"]*"[^>]*>([\s\S]*?)<\/figure>/.exec(html)?.[1] ?? '';
    expect(inlineFigure).toMatch(/<source srcset="[^"]+\.avif \d+w[^"]*" type="image\/avif"/);
    expect(inlineFigure).toMatch(/<source srcset="[^"]+\.webp \d+w[^"]*" type="image\/webp"/);
    const img = /<img [^>]*>/.exec(inlineFigure)?.[0] ?? '';
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('alt="A wooden drying rack with a folded wool sweater in window light"');
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
    expect(inlineFigure).toContain('Dry wool flat, away from the radiator.');
    expect(inlineFigure).toContain('Image: Rooted Threads');

    // A published article that links to the draft fails the production build, saying why.
    writeFileSync(
      join(site, 'src', 'content', 'articles', 'wool-fixture.mdx'),
      articleSource('wool-fixture', ['hemp-vs-cotton', slug]),
    );
    const linked = buildFixture(site, PAGES_ONLY);
    expect(linked.status).not.toBe(0);
    expect(linked.output).toContain(`wool-fixture.mdx: related: '${slug}' is a draft`);
  }, 900_000);
});

describe('a draft saved half-written', () => {
  const title = `Half Written Draft ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const article = resolve('src/content/articles', `${slug}.mdx`);

  it('is created with only a title, as a draft, and listed with its state and date in words', async () => {
    expect(existsSync(article)).toBe(false);
    cleanups.push(() => rmSync(article, { force: true }));
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${dev.url}/keystatic/collection/articles/create`);
    await field(page, 'Title').waitFor({ timeout: 180_000 });
    // The Preview link is labelled, at the top of the fields.
    await expect.poll(() => page.getByText(/^Preview: after the first save/).count()).toBe(1);
    await field(page, 'Title').fill(title);
    await field(page, 'Excerpt').fill('Half an excerpt');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => existsSync(article), { timeout: 30_000 }).toBe(true);
    const source = readFileSync(article, 'utf8');
    expect(source).toMatch(/^draft: true$/m);
    expect(source).toContain('excerpt: Half an excerpt');
    // Nothing else was filled in: no date, no hero, empty lists.
    expect(source).not.toMatch(/^(publishedDate|hero|heroAlt|lead):/m);
    expect(source).toMatch(/^faq: \[\]$/m);

    // The entries list: Draft and Published in words, dates as dates.
    await page.goto(`${dev.url}/keystatic/collection/articles`);
    const row = page.getByRole('row', { name: new RegExp(slug) });
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('Draft');
    const hemp = page.getByRole('row', { name: /hemp-vs-cotton/ });
    await expect.poll(() => hemp.innerText()).toMatch(/23 Aug 2025[\s\S]*Published/);
    await page.close();
  }, 300_000);
});

/** What the audit's page ran: Keystatic's own write call, from another origin, and a read. */
const attack = (devUrl: string, path: string) => `(async () => {
  const out = {};
  try {
    const res = await fetch(${JSON.stringify(devUrl)} + '/api/keystatic/update', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'no-cors': '1' },
      body: JSON.stringify({ additions: [{ path: ${JSON.stringify(path)}, contents: btoa('---\\ntitle: x\\n---\\n') }], deletions: [] }),
    });
    out.write = res.status;
  } catch (e) { out.write = 'blocked'; }
  try {
    const res = await fetch(${JSON.stringify(devUrl)} + '/api/keystatic/tree', { headers: { 'no-cors': '1' } });
    out.read = (await res.text()).slice(0, 40);
  } catch (e) { out.read = 'blocked'; }
  try {
    await fetch(${JSON.stringify(devUrl)} + '/api/keystatic/update', { method: 'POST', mode: 'no-cors', body: 'x' });
    out.simple = 'sent';
  } catch (e) { out.simple = 'blocked'; }
  return out;
})()`;

/** A raw request with a Host header of our choosing (fetch does not let a caller set it). */
function withHost(url: string, host: string): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the dev server and other local origins', () => {
  const markerPath = `src/content/articles/from-another-port-${Date.now().toString(36)}.mdx`;
  const marker = resolve(markerPath);
  let other: Server;
  let otherUrl: string;
  beforeAll(async () => {
    // Another local site: any page the editor has open on another port.
    const port = await freePort();
    other = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end('<!doctype html><title>elsewhere</title><p>another local page</p>');
    });
    await new Promise<void>((ok) => other.listen(port, '127.0.0.1', ok));
    otherUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    rmSync(marker, { force: true });
    await new Promise((ok) => other?.close(ok));
  });

  it('a page on another local port can neither write into the tree nor read it', async () => {
    const page = await browser.newPage();
    await page.goto(otherUrl);
    const result = await page.evaluate<Record<string, unknown>>(attack(dev.url, markerPath));
    expect(result.write).toBe('blocked');
    expect(result.read).toBe('blocked');
    expect(existsSync(marker)).toBe(false);
    await page.close();
  });

  it('refuses another origin at the server, not only in the browser', async () => {
    const foreign = await fetch(`${dev.url}/api/keystatic/tree`, {
      headers: { 'no-cors': '1', Origin: otherUrl, 'Sec-Fetch-Site': 'same-site' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${dev.url}/api/keystatic/update`, {
      method: 'OPTIONS',
      headers: {
        Origin: otherUrl,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'no-cors',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // A name other than this machine's (DNS rebinding) is refused by Vite's host check.
    expect(await withHost(`${dev.url}/keystatic`, 'attacker.example')).toBe(403);
  });

  it('answers the editor on its own origin', async () => {
    const own = await fetch(`${dev.url}/api/keystatic/tree`, { headers: { 'no-cors': '1', Origin: dev.url } });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('src/content/articles/hemp-vs-cotton.mdx');
    const page = await browser.newPage();
    await page.goto(`${dev.url}/keystatic`);
    await page
      .getByRole('link', { name: /Articles/ })
      .first()
      .waitFor({ timeout: 180_000 });
    await page.close();
  });
});
