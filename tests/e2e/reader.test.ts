// Reading aids, in a real browser against the production server: the light and dark themes (the
// system's setting, or the reader's stored choice applied before the first paint), the table of
// contents on articles (static links to the body's h2s; beside the text on wide screens, collapsed
// on phones) and the print stylesheet (emulated print media).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserForFile } from '../support/browser';
import { THEME_STORAGE_KEY } from '../../src/site';
import { READER, THEME_TEXT } from '../../src/shared/messages/index.ts';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const ARTICLE = '/articles/hemp-vs-cotton';
const { open, browser } = browserForFile(base);

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
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');

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
    await page.evaluate((key) => localStorage.setItem(key, 'light'), THEME_STORAGE_KEY);
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
    // The body's own h2s, each opening a chapter (the mid-article sign-up's heading opens none).
    const bodyIds = await page.locator('.prose > .chapter > h2:first-child').evaluateAll((hs) => hs.map((h) => h.id));
    expect(await page.locator('.prose > .chapter').count()).toBe(bodyIds.length);
    expect(await page.locator('.prose > h2, .prose > .chapter > h2:not(:first-child)').count()).toBe(0);
    expect(hrefs.length).toBeGreaterThan(1);
    expect(hrefs).toEqual(bodyIds.map((id) => `#${id}`));
    for (const href of hrefs) expect(await page.locator(`h2${href}`).count(), href).toBe(1);

    // Wide screen: shown beside the text without opening it, and still there after scrolling.
    expect(await links.first().isVisible()).toBe(true);
    const tocBox = (await toc.boundingBox())!;
    const bodyBox = (await page.locator('.body').boundingBox())!;
    expect(tocBox.x).toBeGreaterThanOrEqual(bodyBox.x + bodyBox.width);

    // Each link, last first, lands its heading in the top half of the screen, and it stays there
    // once the chapters around it are laid out at their real height (content-visibility).
    const inTopHalf = (href: string) =>
      page.locator(`h2${href}`).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.top < window.innerHeight / 2;
      });
    for (const href of [...hrefs].reverse()) {
      await toc.locator(`a[href="${href}"]`).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(href);
      await expect.poll(() => inTopHalf(href), { message: href }).toBe(true);
      await page.waitForTimeout(300);
      expect(await inTopHalf(href), href).toBe(true);
    }
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

describe('layout of what is on screen only', () => {
  // checkVisibility({ contentVisibilityAuto: true }) is false while the browser skips an element
  // under content-visibility: auto, i.e. it has not been laid out or painted.
  const shown = (el: Locator) => el.evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true }));
  const lastChapter = (page: Page) => page.locator('.prose > .chapter').last().locator('h2');

  it('skips the chapters off screen until they near it', async () => {
    const { page, ctx } = await open(ARTICLE, { viewport: { width: 412, height: 823 } });
    expect(await shown(page.locator('.lead'))).toBe(true);
    expect(await shown(lastChapter(page))).toBe(false);
    await lastChapter(page).scrollIntoViewIfNeeded();
    await expect.poll(() => shown(lastChapter(page))).toBe(true);
    await ctx.close();
  });

  it('still lands a jump to the footer newsletter on it, on a phone and wide', async () => {
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 900 },
    ]) {
      const { page, ctx } = await open(ARTICLE, { viewport });
      await page.locator('[data-newsletter-link]').first().click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#newsletter');
      await page.waitForTimeout(300);
      // The jump shows the section: its top on screen and its e-mail field wholly in view (it sits
      // near the end of the page, so it cannot always reach the top).
      const top = await page.locator('#newsletter').evaluate((el) => el.getBoundingClientRect().top);
      expect(top, `${viewport.width}px`).toBeGreaterThanOrEqual(-1);
      const box = (await page.locator('#newsletter input[type="email"]').boundingBox())!;
      expect(box.y, `${viewport.width}px`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${viewport.width}px`).toBeLessThanOrEqual(viewport.height);
      await ctx.close();
    }
  });

  it('skips the cards below the first screen of /articles', async () => {
    const { page, ctx } = await open('/articles', { viewport: { width: 412, height: 823 } });
    const first = page.locator('.card-grid > *').first().locator('.card-title');
    const last = page.locator('.card-grid > *').last().locator('.card-title');
    expect(await shown(first)).toBe(true);
    expect(await shown(last)).toBe(false);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => shown(last)).toBe(true);
    await ctx.close();
  });

  it('prints every chapter', async () => {
    const { page, ctx } = await open(ARTICLE, { viewport: { width: 412, height: 823 } });
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => shown(lastChapter(page))).toBe(true);
    await ctx.close();
  });
});

describe('heading font', () => {
  // A reader whose first view keeps 'Fraunces fallback' (the font came too late) gets the title in
  // the same box as one who has Fraunces: the same box with the font refused as with it loaded.
  const titleBoxes = async (path: string, withFont: boolean) => {
    const { page, ctx } = await open(path, { viewport: { width: 412, height: 823 } });
    if (!withFont) {
      await ctx.route('**/_astro/fonts/**', (route) => route.abort());
      await page.reload();
    }
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() =>
      [...document.fonts].some((f) => f.status === 'loaded' && f.family.startsWith('Fraunces-')),
    );
    const boxes = await page.locator('h1').evaluate((h1) => {
      const next = h1.parentElement!.nextElementSibling ?? h1.nextElementSibling!;
      return [h1.getBoundingClientRect().height, next.getBoundingClientRect().top];
    });
    await ctx.close();
    return { loaded, boxes };
  };

  for (const path of ['/', ARTICLE, '/articles/microplastics-in-clothing', '/stories/plant-power', '/contact']) {
    it(`sets the title of ${path} in the same box with or without Fraunces`, async () => {
      const fallback = await titleBoxes(path, false);
      const webFont = await titleBoxes(path, true);
      expect(fallback.loaded).toBe(false);
      expect(webFont.loaded).toBe(true);
      expect(webFont.boxes).toEqual(fallback.boxes);
    });
  }
});

describe('critical path', () => {
  // While a page loads it asks for its HTML, the heading font and the images in view, nothing else:
  // no stylesheet or script (CSS is inline, scripts wait for interaction or visibility), and no
  // favicon or manifest of its own (the favicon rides in the page as a data: URL; no manifest), and
  // no request for the page's lead artwork, which paints with the HTML. The view beacon follows
  // after `load` (src/components/ViewCounter.astro).
  for (const path of ['/', ARTICLE, '/stories/plant-power']) {
    it(`${path} asks for nothing but its document, the heading font and images while it loads`, async () => {
      const ctx = await browser().newContext({ viewport: { width: 412, height: 823 } });
      const page = await ctx.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(`${request.resourceType()} ${new URL(request.url()).pathname}`));
      await page.goto(base + path, { waitUntil: 'load' });
      // What was asked while the page loaded; the view beacon (issue 37) goes only after `load`.
      const whileLoading = [...requested];
      await expect.poll(() => requested).toContain('ping /api/view');
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      const iconSize = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      }, icon!);
      const manifests = await page.locator('link[rel="manifest"]').count();
      const leadArt = await page.locator('main svg[role="img"][aria-label]').count();
      await ctx.close();
      expect(icon).toMatch(/^data:image\/svg\+xml,/);
      expect(iconSize).toEqual([512, 512]);
      expect(manifests).toBe(0);
      expect(whileLoading).toContain(`document ${path}`);
      expect(whileLoading.filter((r) => !/^(document|font|image) /.test(r))).toEqual([]);
      expect(whileLoading).not.toContain('ping /api/view');
      // The lead artwork is in the HTML (src/lib/inline-svg.ts); cards load raster renditions.
      expect(requested.filter((r) => r.endsWith('.svg'))).toEqual([]);
      expect(leadArt).toBe(1);
    });
  }
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
