// The brand team's path end to end: in a real browser against `astro dev`, create an article in the
// Keystatic editor with an uploaded JPEG hero and a citation; the MDX file and the photo land in the tree; a build
// of the site then serves the hero as a responsive <picture> with AVIF and WebP sources. Everything
// the test created is removed afterwards, whatever happens.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startDevServer, type DevServer } from '../support/dev-server';
import { buildFixture, makeFixtureSite, removeFixture } from '../support/fixture-site';

const TITLE = `Editor Test Article ${Date.now().toString(36)}`;
const SLUG = TITLE.toLowerCase().replace(/\s+/g, '-');
const ARTICLE = resolve('src/content/articles', `${SLUG}.mdx`);
const ART_DIR = resolve('src/assets/art', SLUG);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A photo-like JPEG made here: a colour gradient with noise, 2000×1200. */
async function makeJpeg(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rt-photo-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'field-photo.jpg');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1200"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#c9a96e"/><stop offset="1" stop-color="#3f5873"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="1300" cy="500" r="320" fill="#f4eee2" opacity="0.6"/></svg>`;
  await sharp(Buffer.from(svg)).blur(3).jpeg({ quality: 82 }).toFile(file);
  return file;
}

/** A form control by its label as shown ("Title", or "Title*" when required). */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

/** Adds one item to a list field through its dialog. */
async function addItem(page: Page, list: string, values: Record<string, string>) {
  await page.getByRole('group', { name: list }).getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) await field(dialog, label).fill(value);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Picks an article in a related-article dialog (a searchable combobox). */
async function addRelated(page: Page, slug: string) {
  await page.getByRole('group', { name: 'Related articles' }).getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('combobox');
  await box.fill(slug);
  await page.getByRole('option', { name: slug, exact: true }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the visual editor', () => {
  let dev: DevServer;
  let browser: Browser;

  it('creates an article with a JPEG hero that the site serves as a responsive picture', async () => {
    expect(existsSync(ARTICLE)).toBe(false);
    cleanups.push(() => {
      rmSync(ARTICLE, { force: true });
      rmSync(ART_DIR, { recursive: true, force: true });
    });
    const photo = await makeJpeg();
    dev = await startDevServer();
    cleanups.push(() => dev.stop());
    browser = await launchBrowser();
    cleanups.push(() => browser.close());

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${dev.url}/keystatic/collection/articles/create`);
    // The first visit bundles the editor's dependencies: allow it time.
    await field(page, 'Title').waitFor({ timeout: 180_000 });
    await field(page, 'Title').fill(TITLE);
    await expect.poll(() => field(page, 'File name and address').inputValue()).toBe(SLUG);
    await field(page, 'Excerpt').fill(
      'An article written in the visual editor by the browser test, with a photo as its hero image.',
    );
    await field(page, 'Published').fill('2025-09-01');

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
    expect(source).toMatch(new RegExp(`^hero: \\.\\./\\.\\./assets/art/${SLUG}/hero\\.jpg$`, 'm'));
    expect(source).toContain(
      'A first paragraph of the body, typed in the editor.<Cite to="test-ref-1 test-ref-2 test-ref-3" />',
    );
    expect(source).toMatch(/^ {2}- id: test-ref-1$/m);
    // The editor writes the shapes the schema reads: years as numbers, no empty optional card.
    expect(source).toMatch(/^ {4}year: 2021$/m);
    expect(source).not.toMatch(/^(cta|announcement):/m);
    await dev.stop();

    // Build a copy of the site with this tree's content (the new article included).
    const read = (kind: string) =>
      Object.fromEntries(
        readdirSync(resolve('src/content', kind))
          .filter((f) => f.endsWith('.mdx'))
          .map((f) => [f.replace(/\.mdx$/, ''), readFileSync(resolve('src/content', kind, f), 'utf8')]),
      );
    const site = makeFixtureSite(read('articles'), read('stories'));
    cleanups.push(() => removeFixture(site));
    const build = buildFixture(site);
    expect(build.status, build.output).toBe(0);

    const html = readFileSync(join(site, 'dist', 'articles', `${SLUG}.html`), 'utf8');
    const picture = html.match(/<picture[^>]*>([\s\S]*?)<\/picture>/)?.[1] ?? '';
    expect(picture).toMatch(/<source srcset="[^"]+\.avif \d+w[^"]*" type="image\/avif"/);
    expect(picture).toMatch(/<source srcset="[^"]+\.webp \d+w[^"]*" type="image\/webp"/);
    expect(picture).toMatch(/<img src="[^"]+\.jpg"[^>]*fetchpriority="high"/);
    // The citation typed in the editor is a numbered link to its reference in the built page.
    expect(html).toContain('typed in the editor.<sup class="cite"><a href="#ref-test-ref-1" id="cite-test-ref-1-1"');
  }, 480_000);
});
