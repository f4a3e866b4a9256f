// Readership in Chromium against the shared production server (issue 37): reading an article
// counts one view, reaching its end marks it read, a second browser counts a second visitor, a
// bot and the dashboard count nothing, public pages set no cookie and no storage, a view counts
// with JavaScript off, and a sign-up after an announcement's link is attributed to it. The counts
// are read back from the dashboard's API (the last 30 minutes come from the raw views, which the
// server writes in batches, so each check polls until the batch is in).
//
// Every other browser test runs headless Chromium, whose user agent isbot lists: none of them
// counts. The readers here use ordinary desktop user agents; the shared server sees every client
// at 127.0.0.1 (it trusts no proxy), so "another reader" is another browser on the same address.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { browserForFile, launchBrowser, logInToAdmin } from '../support/browser';
import { TEST_SERVER_ADMIN_KEY } from '../support/server';
import { openAdminSession } from '../support/admin-session';
import { siteUrl } from '../support/site-url.ts';
import { darkThemeProblems, useDarkTheme } from '../support/theme';
import { ADMIN_LABELS } from '../../src/shared/messages/index.ts';
import { READERSHIP_LABELS } from '../../src/shared/messages/readership.ts';
import { READERSHIP_API, type Readership } from '../../src/shared/readership-api.ts';

const base = siteUrl();
const { browser } = browserForFile(base);
const ARTICLES = Object.keys(JSON.parse(readFileSync('dist/page-titles.json', 'utf8')) as object).filter((p) =>
  p.startsWith('/articles/'),
);
// Pages no other test reads with a counted browser.
const [READ, JS_OFF, ANNOUNCED] = ARTICLES.slice(-3) as [string, string, string];
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const WAIT = { timeout: 15_000 };
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let cookie: string | undefined;
async function readership(): Promise<Readership> {
  cookie ??= await openAdminSession((path, init) => fetch(base + path, init), base, TEST_SERVER_ADMIN_KEY);
  const res = await fetch(`${base}${READERSHIP_API}?days=7`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as Readership;
}
const live = async (path: string) =>
  (await readership()).realtime.pages.find((p) => p.path === path) ?? { views: 0, visitors: 0, readToEnd: 0 };

async function reader(userAgent: string, javaScriptEnabled = true): Promise<BrowserContext> {
  return browser().newContext({ viewport: { width: 1280, height: 900 }, userAgent, javaScriptEnabled });
}

/** Loads `path` in `ctx` and waits until the page has loaded (the beacon goes after that). */
async function read(ctx: BrowserContext, path: string) {
  const page = await ctx.newPage();
  await page.goto(base + path, { waitUntil: 'load' });
  return page;
}

describe('readership', () => {
  it('counts one view per read, marks the end, counts a second browser as a second visitor, and no bot', async () => {
    const first = await reader(FIREFOX);
    const page = await read(first, READ);
    await expect.poll(() => live(READ), WAIT).toMatchObject({ views: 1, visitors: 1, readToEnd: 0 });
    await page.locator('[data-read-end]').scrollIntoViewIfNeeded();
    await expect.poll(() => live(READ), WAIT).toMatchObject({ views: 1, readToEnd: 1 });

    const bot = await reader(GOOGLEBOT);
    await read(bot, READ);
    const second = await reader(CHROME_MAC);
    await read(second, READ);
    await expect.poll(() => live(READ), WAIT).toMatchObject({ views: 2, visitors: 2, readToEnd: 1 });

    // No cookie and no storage on any public page, whatever the reader did.
    for (const path of ['/', '/articles', '/privacy']) await read(first, path);
    expect(await first.cookies()).toEqual([]);
    const stored = await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
    }));
    expect(stored).toEqual({ local: 0, session: 0, databases: 0 });
    await Promise.all([first.close(), bot.close(), second.close()]);
  });

  it('sends the beacon only once the first contentful paint is on screen, never before it', async () => {
    // Debian's full Chromium, the browser Lighthouse drives: there a frame reaches the screen 10-40 ms
    // after it is drawn, and a beacon queued from the frame's own callback went out before the page
    // was on screen in 9 loads of 10 (its user agent is a bot's, so nothing here is counted).
    const own = await launchBrowser({ fullBrowser: true });
    try {
      for (let load = 0; load < 5; load++) {
        const ctx = await own.newContext({ viewport: { width: 412, height: 823 } });
        await ctx.addInitScript(() => {
          const send = navigator.sendBeacon.bind(navigator);
          navigator.sendBeacon = (url, data) => {
            const w = window as unknown as { beaconAt?: number; paintedAt?: number | null };
            if (w.beaconAt === undefined) {
              w.beaconAt = performance.now();
              w.paintedAt = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
            }
            return send(url, data);
          };
        });
        const page = await ctx.newPage();
        await page.goto(base + READ, { waitUntil: 'load' });
        await page.waitForFunction(() => 'beaconAt' in window, undefined, WAIT);
        const { beaconAt, paintedAt } = await page.evaluate(() => {
          const w = window as unknown as { beaconAt: number; paintedAt: number | null };
          return { beaconAt: w.beaconAt, paintedAt: w.paintedAt };
        });
        expect(paintedAt, `load ${load + 1}: the beacon went before any contentful paint`).not.toBeNull();
        expect(beaconAt).toBeGreaterThanOrEqual(paintedAt!);
        await ctx.close();
      }
    } finally {
      await own.close();
    }
  });

  it('counts a view with JavaScript off, through the <noscript> pixel', async () => {
    const ctx = await reader(EDGE, false);
    await read(ctx, JS_OFF);
    await expect.poll(() => live(JS_OFF), WAIT).toMatchObject({ views: 1, visitors: 1 });
    await ctx.close();
  });

  it('attributes a sign-up after an announcement’s link to it; the dashboard itself counts nothing', async () => {
    cookie ??= await openAdminSession((path, init) => fetch(base + path, init), base, TEST_SERVER_ADMIN_KEY);
    const created = await fetch(`${base}/api/admin/announcements`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
      body: JSON.stringify({ note: 'Spring reading list', subject: 'Readership test', audience: ['Updates'] }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const ctx = await reader(FIREFOX);
    const page = await read(
      ctx,
      `${ANNOUNCED}?utm_source=announcement&utm_medium=email&utm_campaign=announcement-${id}`,
    );
    await expect.poll(() => live(ANNOUNCED), WAIT).toMatchObject({ views: 1 });
    const signed = await page.evaluate(
      async ([path]) =>
        (
          await fetch('/api/signups', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              email: `announced-${Date.now()}@example.com`,
              signup_type: 'Updates',
              source_page: path,
            }),
          })
        ).status,
      [ANNOUNCED],
    );
    expect(signed).toBe(201);
    const row = (await readership()).announcements.find((a) => a.id === String(id));
    expect(row).toMatchObject({ subject: 'Readership test', signups: 1 });

    // The owner's dashboard, with its Readership tab open: no view is added anywhere.
    const before = (await readership()).realtime.views;
    const owner = await reader(FIREFOX);
    const admin = await owner.newPage();
    await logInToAdmin(admin, base, TEST_SERVER_ADMIN_KEY, ADMIN_LABELS);
    await admin.getByRole('tab', { name: READERSHIP_LABELS.tab }).click();
    const table = admin.locator('[data-table="announcements"]');
    await expect.poll(() => table.textContent(), WAIT).toContain('Readership test');
    await read(owner, ANNOUNCED); // signed in: the owner's own reading is not counted either
    // A counted reader after the owner: once that view is in, the owner's would have been too.
    const control = await reader(CHROME_MAC);
    await read(control, ANNOUNCED);
    await expect.poll(() => live(ANNOUNCED), WAIT).toMatchObject({ views: 2 });
    expect((await readership()).realtime.views).toBe(before + 1);
    await Promise.all([ctx.close(), owner.close(), control.close()]);
  });

  it('reads at 375 px in the dark theme: no sideways page scroll, light ink on dark, axe passes', async () => {
    const ctx = await browser().newContext({ viewport: { width: 375, height: 740 }, userAgent: FIREFOX });
    await useDarkTheme(ctx);
    const page = await ctx.newPage();
    await logInToAdmin(page, base, TEST_SERVER_ADMIN_KEY, ADMIN_LABELS);
    await page.getByRole('tab', { name: READERSHIP_LABELS.tab }).click();
    await page.locator('[data-readership][aria-busy="false"] [data-card]').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    const problems = await darkThemeProblems(page, '[data-readership] [data-card] dt', {
      include: '[data-panel="readership"]',
    });
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
