// Phone widths: every page type, swept across 320–480 px (every 2 px, and each common phone's
// width exactly), never scrolls sideways, and every control of the header stays on screen; the dark
// theme at the phones' widths. Then the sweep (every 8 px) with the text set in a much wider face
// than any system font (DejaVu, spaced out), as a stand-in for whatever fallback font a phone has.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile } from '../support/browser';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const { browser } = browserForFile(base);

/** One page of each type: home, listing, article (artwork and photo hero), story, forms, prose, sitemap, 404, admin. */
const PAGES = [
  '/',
  '/articles',
  '/articles/hemp-vs-cotton',
  '/articles/linen-sheets-sustainability',
  '/stories/plant-power',
  '/contact',
  '/privacy',
  '/terms',
  '/sitemap',
  '/no/such/page',
  '/admin',
];

// Off-screen parts under content-visibility: auto have no layout of their own until shown; shown,
// an overflow inside them would count.
const SHOW_ALL = '* { content-visibility: visible !important; }';
const WIDE_FONT =
  "* { font-family: 'DejaVu Serif', 'DejaVu Sans', serif !important; letter-spacing: 0.04em !important; }";

interface Overflow {
  width: number;
  documentWidth: number;
  offscreen: string[];
}

/** Sideways overflow at the page's current width: the document's and any header control's. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const offscreen = [...document.querySelectorAll<HTMLElement>('.site-header a, .site-header button')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('[popover]:not(:popover-open)'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < 0 || r.right > width + 0.5;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
    return { width, documentWidth: root.scrollWidth, offscreen };
  });
}

/** iPhone SE, Android 360, iPhone 12–15, Pixel 7, 412 class, iPhone Plus/Pro Max. */
const PHONES = [320, 360, 375, 390, 393, 412, 414, 428, 430];
const sweepWidths = (step: number) => [
  ...new Set([...Array.from({ length: Math.floor(160 / step) + 1 }, (_, i) => 320 + i * step), ...PHONES]),
];

async function sweep(styles: string[], colorScheme: 'light' | 'dark', widths: number[]): Promise<string[]> {
  const problems: string[] = [];
  const queue = [...PAGES];
  // Two pages at a time, each in its own context: layout runs in each page's renderer, one core each.
  await Promise.all(
    [0, 1].map(async () => {
      const ctx = await browser().newContext({ viewport: { width: 480, height: 800 }, colorScheme });
      const page = await ctx.newPage();
      for (let path = queue.shift(); path; path = queue.shift()) {
        await page.goto(base + path);
        for (const content of styles) await page.addStyleTag({ content });
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          const m = await measure(page);
          if (m.documentWidth > m.width || m.offscreen.length)
            problems.push(
              `${colorScheme} ${path} at ${width}px: document ${m.documentWidth}px wide` +
                (m.offscreen.length ? `, off screen: ${m.offscreen.join(', ')}` : ''),
            );
        }
      }
      await ctx.close();
    }),
  );
  return problems.sort();
}

describe('phone widths', () => {
  it('no page scrolls sideways from 320 to 480 px', async () => {
    expect(await sweep([SHOW_ALL], 'light', sweepWidths(2))).toEqual([]);
  }, 240_000);

  it("no page scrolls sideways at phones' widths in the dark theme", async () => {
    expect(await sweep([SHOW_ALL], 'dark', PHONES)).toEqual([]);
  }, 120_000);

  it('the header still fits from 320 to 480 px in a much wider font', async () => {
    expect(await sweep([SHOW_ALL, WIDE_FONT], 'light', sweepWidths(8))).toEqual([]);
  }, 120_000);
});
