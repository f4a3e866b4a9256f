// Reading aids, in a real browser against the production server: the light and dark themes (the
// system's setting, or the reader's stored choice applied before the first paint), the table of
// contents on articles (static links to the body's h2s; beside the text on wide screens, collapsed
// on phones) and the print stylesheet (emulated print media).
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile } from '../support/browser';
import { READER, THEME_TEXT } from '../../src/site';

const base = inject('baseUrl');
const ARTICLE = '/articles/hemp-vs-cotton';
const { open } = browserForFile(base);

const LIGHT_BG = 'rgb(244, 238, 226)';
const DARK_BG = 'rgb(27, 23, 19)';
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('theme', () => {
  it('follows the system setting until the reader chooses', async () => {
    for (const [colorScheme, bg] of [
      ['light', LIGHT_BG],
      ['dark', DARK_BG],
    ] as const) {
      const { page, ctx } = await open('/', { colorScheme });
      expect(await bodyBackground(page), colorScheme).toBe(bg);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
      await ctx.close();
    }
  });

  it('switches with the toggle, remembers the choice, and paints it first on the next page', async () => {
    const { page, ctx } = await open('/articles', { colorScheme: 'light' });
    const toggle = page.getByRole('button', { name: THEME_TEXT.button });
    await toggle.click();
    await expect.poll(() => bodyBackground(page)).toBe(DARK_BG);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_TEXT.storageKey)).toBe('dark');

    // The next page: what the document looks like at its first animation frame (before the first
    // paint) and when it is parsed, with every script file refused, so only the inline head script
    // can have set the theme.
    await ctx.route('**/*.js', (route) => route.abort());
    await ctx.addInitScript(() => {
      const seen: Record<string, string | null> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      requestAnimationFrame(() => {
        seen.frameTheme = document.documentElement.getAttribute('data-theme');
        seen.frameScheme = getComputedStyle(document.documentElement).colorScheme;
      });
      document.addEventListener('DOMContentLoaded', () => {
        seen.parsedBackground = getComputedStyle(document.body).backgroundColor;
      });
    });
    const next = await ctx.newPage();
    await next.goto(base + ARTICLE);
    const seen = await next.evaluate(() => (window as unknown as { seen: Record<string, string> }).seen);
    expect(seen).toEqual({ frameTheme: 'dark', frameScheme: 'dark', parsedBackground: DARK_BG });

    // And back to light, remembered too.
    await ctx.unroute('**/*.js');
    await next.reload();
    await next.getByRole('button', { name: THEME_TEXT.button }).click();
    await expect.poll(() => bodyBackground(next)).toBe(LIGHT_BG);
    await next.reload();
    expect(await bodyBackground(next)).toBe(LIGHT_BG);
    expect(await next.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await ctx.close();
  });

  it('a stored light choice wins over a dark system setting', async () => {
    const { page, ctx } = await open('/contact', { colorScheme: 'dark' });
    expect(await bodyBackground(page)).toBe(DARK_BG);
    await page.evaluate((key) => localStorage.setItem(key, 'light'), THEME_TEXT.storageKey);
    await page.reload();
    expect(await bodyBackground(page)).toBe(LIGHT_BG);
    await ctx.close();
  });
});

describe('table of contents', () => {
  it('links every h2 of the article body, in order, and each link lands on its heading', async () => {
    const { page, ctx } = await open(ARTICLE, { viewport: { width: 1440, height: 900 } });
    const toc = page.locator('.toc');
    expect(await toc.locator('summary').innerText()).toMatch(new RegExp(READER.contents, 'i'));
    const links = toc.locator('a');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    // The body's own h2s (the mid-article sign-up's heading is not a section of the text).
    const bodyIds = await page.locator('.prose > h2').evaluateAll((hs) => hs.map((h) => h.id));
    expect(hrefs.length).toBeGreaterThan(1);
    expect(hrefs).toEqual(bodyIds.map((id) => `#${id}`));
    for (const href of hrefs) expect(await page.locator(`h2${href}`).count(), href).toBe(1);

    // Wide screen: shown beside the text without opening it, and still there after scrolling.
    expect(await links.first().isVisible()).toBe(true);
    const tocBox = (await toc.boundingBox())!;
    const bodyBox = (await page.locator('.body').boundingBox())!;
    expect(tocBox.x).toBeGreaterThanOrEqual(bodyBox.x + bodyBox.width);

    const last = hrefs.at(-1)!;
    await links.last().click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(last);
    await expect
      .poll(() =>
        page.locator(`h2${last}`).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    const stuck = (await toc.boundingBox())!;
    expect(stuck.y).toBeGreaterThanOrEqual(0);
    expect(stuck.y).toBeLessThan(300);
    await ctx.close();
  });

  it('is collapsed at the top of the text on a phone and opens to working links, without JavaScript', async () => {
    const { page, ctx } = await open(ARTICLE, { viewport: { width: 375, height: 740 }, javaScriptEnabled: false });
    const toc = page.locator('.toc');
    const links = toc.locator('a');
    expect(await links.first().isVisible()).toBe(false);
    const tocBox = (await toc.boundingBox())!;
    const leadBox = (await page.locator('.lead').boundingBox())!;
    expect(tocBox.y).toBeLessThan(leadBox.y);
    await toc.locator('summary').click();
    await expect.poll(() => links.first().isVisible()).toBe(true);
    const href = (await links.nth(1).getAttribute('href'))!;
    await links.nth(1).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(href);
    await ctx.close();
  });

  it('is not on stories', async () => {
    const { page, ctx } = await open('/stories/plant-power');
    expect(await page.locator('.toc').count()).toBe(0);
    await ctx.close();
  });
});

describe('print', () => {
  for (const path of [ARTICLE, '/stories/plant-power']) {
    it(`prints ${path} without header, footer, forms or buttons, and with the references’ URLs`, async () => {
      const { page, ctx } = await open(path);
      await page.emulateMedia({ media: 'print' });
      for (const selector of ['.site-header', '.site-footer', 'form', 'button', '.toolbar', '.toc', '.related'])
        for (const el of await page.locator(selector).all())
          expect(await el.isVisible(), `${path}: ${selector}`).toBe(false);
      expect(await page.locator('h1').isVisible()).toBe(true);
      expect(await page.locator('.prose').isVisible()).toBe(true);

      const refs = page.locator('.references a');
      expect(await refs.count()).toBeGreaterThan(0);
      for (const a of await refs.all()) {
        const href = (await a.getAttribute('href'))!;
        const printed = await a.evaluate((el) => getComputedStyle(el, '::after').content);
        expect(printed).toContain(href);
      }
      // White paper whatever the screen's theme.
      await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
      const colors = await page.evaluate(() => {
        const s = getComputedStyle(document.body);
        return [s.backgroundColor, s.color];
      });
      expect(colors).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)']);

      // The screen is unchanged.
      await page.emulateMedia({ media: 'screen' });
      expect(await page.locator('.site-header').isVisible()).toBe(true);
      expect(
        await page
          .locator('.references a')
          .first()
          .evaluate((el) => getComputedStyle(el, '::after').content),
      ).toBe('none');
      await ctx.close();
    });
  }
});
