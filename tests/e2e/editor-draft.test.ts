// A draft saved half-written, in a real browser against `astro dev`: Keystatic creates an article
// from its title alone (and half an excerpt) as a draft, with the labelled Preview link at the top,
// and the entries list shows Draft/Published and dates in words. The file is removed afterwards.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { sharedDevServer } from '../support/dev-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A form control by its label as shown ("Title", or "Title*" when required). */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

describe('a draft saved half-written', () => {
  const title = `Half Written Draft ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const article = resolve('src/content/articles', `${slug}.mdx`);

  it('is created with only a title, as a draft, and listed with its state and date in words', async () => {
    expect(existsSync(article)).toBe(false);
    cleanups.push(() => rmSync(article, { force: true }));
    const dev = await sharedDevServer();
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
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
  }, 300_000);
});
