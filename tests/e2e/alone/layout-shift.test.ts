// Nothing on the page moves by itself (no `layout-shift` performance entry), in a real browser
// against the production server, at Lighthouse's desktop size and on a phone, in both themes:
// - while the page arrives in small pieces over a slow link, so the browser paints it half-parsed
//   (the first paint waits for the first screen's marker, src/lib/first-screen.ts, and the
//   scrollbar's gutter is kept from the start, global.css);
// - on the article with a photo in its text, while the reader scrolls down to the photo and it
//   loads (it is lazy, below the fold, with its size in the markup).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { siteUrl } from '../../support/site-url.ts';

const base = siteUrl();
// With scrollbars drawn, as Lighthouse's Chrome draws them: a page painted while shorter than the
// window and then gaining a scrollbar would move sideways (global.css keeps the gutter).
let chromium: Browser;
beforeAll(async () => {
  chromium = await launchBrowser({ scrollbars: true });
});
afterAll(async () => {
  await chromium?.close();
});
const browser = () => chromium;
/** An article with an inline <Figure> in its body. */
const ARTICLE = '/articles/hemp-vs-cotton';

const SIZES = [
  { name: 'desktop', viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
  { name: 'phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 },
] as const;
const THEMES = ['light', 'dark'] as const;

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout-shift entry of the page from its start, with what moved and where to. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.localName}${node.id ? '#' + node.id : ''}${node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\s+/).join('.') : ''}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        shifts.push({
          value: entry.value,
          sources: entry.sources.map(
            (s) =>
              `${describe(s.node)} ${[s.previousRect.x, s.previousRect.y].map(Math.round).join(',')} → ${[s.currentRect.x, s.currentRect.y].map(Math.round).join(',')}`,
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
/** Two frames: whatever the last change moved has been laid out and reported. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

describe('layout shift while the page arrives in pieces', () => {
  // A proxy in front of the server that sends every document uncompressed, 400 bytes at a time
  // with a pause between, so the browser parses and could paint it piece by piece (as it does on a
  // slow link or a busy machine); everything else passes through whole.
  let proxy: http.Server;
  let slowBase = '';
  beforeAll(async () => {
    proxy = http.createServer((req, res) => {
      void (async () => {
        const accept = req.headers.accept ?? '*/*';
        const upstream = await fetch(base + req.url, { headers: { accept, 'accept-encoding': 'identity' } });
        const body = Buffer.from(await upstream.arrayBuffer());
        const headers: Record<string, string> = {};
        upstream.headers.forEach((value, key) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key))
            headers[key] = value;
        });
        res.writeHead(upstream.status, headers);
        if (!accept.includes('text/html')) return res.end(body);
        for (let i = 0; i < body.length; i += 400) {
          res.write(body.subarray(i, i + 400));
          await new Promise((ok) => setTimeout(ok, 6));
        }
        res.end();
      })();
    });
    await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
    slowBase = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((ok) => proxy.close(() => ok())));

  for (const path of ['/', '/articles', ARTICLE, '/contact'])
    for (const size of SIZES)
      it(`${path} at ${size.name} size does not move as it arrives`, async () => {
        const ctx = await browser().newContext({ ...size, colorScheme: 'light' });
        const page = await ctx.newPage();
        await recordShifts(page);
        await page.goto(slowBase + path, { waitUntil: 'load' });
        await settle(page);
        const shifts = await shiftsOf(page);
        await ctx.close();
        expect(shifts).toEqual([]);
      });
});

describe('layout shift on an article with a photo in its text', () => {
  for (const size of SIZES)
    for (const colorScheme of THEMES)
      it(`nothing moves at load or while a reader scrolls to the photo and it loads (${size.name}, ${colorScheme})`, async () => {
        const ctx = await browser().newContext({ ...size, colorScheme });
        const page = await ctx.newPage();
        await recordShifts(page);
        await page.goto(base + ARTICLE, { waitUntil: 'load' });
        const photo = page.locator('.prose figure.figure img');
        expect(await photo.count()).toBe(1);
        // Lazy and below the fold: not loaded at load.
        expect(await photo.getAttribute('loading')).toBe('lazy');
        const top = await photo.evaluate((img) => img.getBoundingClientRect().top);
        expect(top).toBeGreaterThan(size.viewport.height);
        expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);

        // The photo's files arrive only once it is on screen (a slow link): the browser starts the
        // lazy load well before that, so on a fast one the photo would be in place before it shows.
        const files = await page
          .locator('.prose figure.figure')
          .evaluate((figure) =>
            [...figure.querySelectorAll('source, img')].flatMap((el) =>
              [
                el.getAttribute('src'),
                ...(el.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(' ')[0]),
              ]
                .filter((url): url is string => !!url)
                .map((url) => new URL(url, location.href).pathname),
            ),
          );
        let release = () => {};
        const onScreen = new Promise<void>((ok) => (release = ok));
        await page.route(
          (url) => files.includes(url.pathname),
          async (route) => {
            await onScreen;
            await route.continue();
          },
        );

        // Scroll down as a reader does, a wheel step at a time, until the photo is wholly in view.
        await page.mouse.move(size.viewport.width / 2, size.viewport.height / 2);
        for (let step = 0; step < 200; step++) {
          const box = await photo.evaluate((img) => img.getBoundingClientRect().toJSON() as DOMRect);
          if (box.top >= 0 && box.bottom <= size.viewport.height) break;
          await page.mouse.wheel(0, Math.min(400, Math.max(40, box.bottom - size.viewport.height + 20)));
          await settle(page);
        }
        const box = await photo.evaluate((img) => img.getBoundingClientRect().toJSON() as DOMRect);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.bottom).toBeLessThanOrEqual(size.viewport.height);
        expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
        release();
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        await settle(page);
        const shifts = await shiftsOf(page);
        await ctx.close();
        expect(shifts).toEqual([]);
      });
});
