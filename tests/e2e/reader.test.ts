// Reading aids on article pages, in a real browser against the production server: the table of
// contents (static links to the body's h2s; beside the text on wide screens, collapsed on phones)
// and the print stylesheet (emulated print media).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { READER } from '../../src/site';

const base = inject('baseUrl');
const ARTICLE = '/articles/hemp-vs-cotton';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  path: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ page: Page; ctx: BrowserContext }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await ctx.newPage();
  await page.goto(base + path);
  return { page, ctx };
}

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
