// Finding things, in Chromium against the production server (issue 39, item 15): search excerpts
// that start with the text (not "Back." or the title again), an honest search without JavaScript,
// a search field that fits a phone, a 404 that helps, an /articles filter that lives in the URL,
// and the heading face from the first page on.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, launchBrowser } from '../../support/browser';
import { useDarkTheme } from '../../support/theme';
import { SEARCH_TEXT } from '../../../src/shared/messages/index.ts';
import { siteUrl } from '../../support/site-url.ts';

const base = siteUrl();
const { open } = browserForFile(base);

async function searchFor(page: Page, query: string) {
  await page.getByRole('button', { name: SEARCH_TEXT.open, exact: true }).first().click();
  await page.getByRole('searchbox').fill(query);
  await expect.poll(() => page.locator('#search-results a').count(), { timeout: 15_000 }).toBeGreaterThan(2);
  return page.locator('#search-results a').evaluateAll((links) =>
    links.map((a) => ({
      href: a.getAttribute('href'),
      title: a.querySelector('strong')?.textContent ?? '',
      excerpt: a.querySelector('span')?.textContent ?? '',
    })),
  );
}

describe('search results', () => {
  it('show the text of the page, not the Back control or the title again', async () => {
    const { page, ctx } = await open('/');
    const results = await searchFor(page, 'linen');
    for (const r of results.slice(0, 5)) {
      expect(r.title.length).toBeGreaterThan(5);
      expect(r.title).not.toMatch(/^\//);
      expect(r.excerpt.trim()).not.toMatch(/^Back\b/);
      expect(r.excerpt.trim().startsWith(r.title.slice(0, 20))).toBe(false);
    }
    await ctx.close();
  });

  it('still rank a page first for the words of its title', async () => {
    const { page, ctx } = await open('/articles/hemp-vs-cotton');
    const title = await page.locator('h1').innerText();
    const results = await searchFor(page, title);
    expect(results[0]!.href).toBe('/articles/hemp-vs-cotton');
    expect(results[0]!.title).toBe(title);
    await ctx.close();
  });

  it('without JavaScript, say that search needs it and offer the categories instead', async () => {
    const { page, ctx } = await open('/', { javaScriptEnabled: false });
    await page.getByRole('button', { name: SEARCH_TEXT.open, exact: true }).first().click();
    await page.getByRole('searchbox').fill('linen');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForLoadState();
    const notice = page.getByText(/search runs in your browser/i);
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toMatch(/JavaScript/);
    // The categories are plain links that filter the list.
    await page.getByRole('link', { name: 'Health', exact: true }).click();
    const visible = await page
      .locator('.card-grid .card')
      .evaluateAll((els) =>
        els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('data-category')),
      );
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible)).toEqual(new Set(['Health']));
    await ctx.close();
  });
});

describe('the search field', () => {
  for (const width of [375, 1366])
    for (const theme of ['light', 'dark'] as const)
      it(`shows its whole placeholder and one close button at ${width} px (${theme})`, async () => {
        const { page, ctx } = await open('/', { viewport: { width, height: 800 } });
        if (theme === 'dark') {
          await useDarkTheme(ctx);
          await page.reload();
        }
        await page.getByRole('button', { name: SEARCH_TEXT.open, exact: true }).click();
        const input = page.getByRole('searchbox');
        const fit = await input.evaluate((el: HTMLInputElement) => {
          const style = getComputedStyle(el);
          const ctx2d = document.createElement('canvas').getContext('2d')!;
          ctx2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text: ctx2d.measureText(el.placeholder).width, room };
        });
        expect(fit.text).toBeLessThanOrEqual(fit.room);
        await input.fill('wool');
        // The browser's own clear (×) button, drawn at the field's right end beside our close
        // button, would empty the field on a click there: it is not drawn, so nothing happens.
        const box = (await input.boundingBox())!;
        await page.mouse.click(box.x + box.width - 10, box.y + box.height / 2);
        expect(await input.inputValue()).toBe('wool');
        await page.screenshot({ path: `test-results/search-${width}-${theme}.png` });
        await ctx.close();
      });
});

describe('the 404 page', () => {
  it('suggests the closest article and offers search', async () => {
    const { page, ctx } = await open('/articles/hemp-vs-coton');
    const suggestion = page.getByRole('link', { name: /hemp/i }).and(page.locator('main a'));
    await expect.poll(() => suggestion.first().getAttribute('href')).toBe('/articles/hemp-vs-cotton');
    expect(await page.locator('main').innerText()).toMatch(/did you mean/i);
    await page
      .locator('main')
      .getByRole('button', { name: /search/i })
      .click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await ctx.close();
  });

  it('suggests nothing for an address like no page', async () => {
    const { page, ctx } = await open('/zzzz/qqqq-xxxx-wwww');
    await page.waitForLoadState('load');
    expect(await page.locator('main').innerText()).not.toMatch(/did you mean/i);
    await ctx.close();
  });

  it('offers search without JavaScript too', async () => {
    const { page, ctx } = await open('/articles/hemp-vs-coton', { javaScriptEnabled: false });
    await page
      .locator('main')
      .getByRole('button', { name: /search/i })
      .click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await ctx.close();
  });
});

describe('the /articles category filter', () => {
  it('is in the address: kept on Back, on reload and in a shared link', async () => {
    const { page, ctx } = await open('/articles');
    await page.getByRole('link', { name: 'Health', exact: true }).click();
    const filtered = () =>
      page
        .locator('.card-grid .card')
        .evaluateAll((els) => [
          ...new Set(
            els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('data-category')),
          ),
        ]);
    await expect.poll(filtered).toEqual(['Health']);
    const url = page.url();
    expect(url).not.toBe(base + '/articles');
    await page.locator('.card-grid .card:visible a').first().click();
    await page.waitForURL(/\/articles\/[a-z0-9-]+$/);
    await page.goBack();
    await expect.poll(filtered).toEqual(['Health']);
    await page.reload();
    await expect.poll(filtered).toEqual(['Health']);
    const shared = await open(url.slice(base.length), { javaScriptEnabled: false });
    const visible = await shared.page
      .locator('.card-grid .card')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(28);
    await shared.ctx.close();
    await ctx.close();
  });
});

describe('the heading face', () => {
  it('is Fraunces on the first page a new reader opens, on a phone link', async () => {
    // A new reader: a browser of its own (no page of the tests before still at work in it), nothing
    // cached, the article is the first page.
    const own = await launchBrowser();
    const ctx = await own.newContext({ viewport: { width: 375, height: 800 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    // A phone on a good mobile link: every request waits a round trip, bytes come at ~4 Mbit/s, and
    // the phone's processor runs at a quarter of this machine's (Lighthouse's mobile profile). At
    // full desktop speed the page can be laid out before a font only one round trip behind it has
    // arrived; whether it did then depended on how busy the machine happened to be.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 80,
      downloadThroughput: 500_000,
      uploadThroughput: 200_000,
    });
    await page.goto(base + '/articles/hemp-vs-cotton', { waitUntil: 'load' });
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.map((f) => f.familyName)).toEqual(['Fraunces']);
    await own.close();
  });
});
