// The dashboard's Insights view in a real browser, against its own `npm start` server on a fresh
// PostgreSQL database in local demo mode (no ADMIN_KEY: the key is read from the data directory). First
// on the empty database (a clear empty state, no axes), then with entries spread over the last
// days, written straight into the database with their dates (the forms can only write "now").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_PAGES_LABELS } from '../../src/shared/messages/security.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, logInToAdmin } from '../support/browser';
import { contrast, darkThemeProblems, painted, useDarkTheme } from '../support/theme';
import { axeAtRest } from '../support/axe';
import { startServer, type RunningServer } from '../support/server';
import { createPgDatabase, type TempDatabase } from '../support/db';
import { connect, type Db } from '../../server/db/client';
import { ADMIN_LABELS, INSIGHTS_LABELS, growthText, periodNote } from '../../src/shared/messages/index.ts';
import type { Insights } from '../../src/shared/admin-api';
import { DEFAULT_SITE_TIME_ZONE } from '../../src/shared/site-time-zone';
import { articleTitle, calendarDays, localDate, zonedTime } from '../functions/zoned-time';

const ZONE = DEFAULT_SITE_TIME_ZONE;

let temp: TempDatabase;
let server: RunningServer;
let db: Db;
let browser: Browser;
let key: string;
let base: string;

beforeAll(async () => {
  temp = await createPgDatabase();
  server = await startServer({ ADMIN_KEY: '', DATABASE_URL: temp.url });
  base = server.url;
  key = server.adminKey();
  db = connect(temp.url);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await db?.close();
  await temp?.drop();
});

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

async function newPage(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { ctx, page: await ctx.newPage() };
}

const insightsPanel = (page: Page) => page.locator('[data-panel="insights"]');
const figure = (page: Page, name: string) => insightsPanel(page).locator(`[data-chart="${name}"]`);

const logIn = (page: Page) => logInToAdmin(page, base, key, ADMIN_LABELS);

/** Opens the Insights tab, waits for the view to settle, and returns what the API says for `days`. */
async function openInsights(page: Page, days = 30): Promise<Insights> {
  await page.getByRole('tab', { name: INSIGHTS_LABELS.tab }).click();
  await insightsPanel(page).locator('[data-insights][aria-busy="false"]').waitFor();
  return api(page, days);
}

/** The API's answer, with the page's session. */
async function api(page: Page, days: number): Promise<Insights> {
  const res = await page.request.get(`${base}/api/admin/insights?days=${days}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  return (await res.json()) as Insights;
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** A daily table's rows as the API's shape, read from the page (oldest first, like the API). */
async function tableDays(page: Page, chart: string, keys: string[]): Promise<Record<string, string | number>[]> {
  const details = figure(page, chart).locator('details');
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open))) await details.locator('summary').click();
  const rows = await details.locator('tbody tr').evaluateAll(
    (trs, names) =>
      trs.map((tr) => {
        const row: Record<string, string> = { date: tr.getAttribute('data-date') ?? '' };
        for (const k of names) row[k] = tr.querySelector(`td[data-key="${k}"]`)?.textContent ?? '';
        return row;
      }),
    keys,
  );
  return rows.reverse().map((row) => ({
    date: row.date!,
    ...Object.fromEntries(keys.map((k) => [k, number(row[k]!)])),
  }));
}

async function seed(): Promise<void> {
  const days = calendarDays(localDate(new Date(), ZONE), 90);
  const at = (index: number, time = '12:00:00') => zonedTime(days[index]!, time, ZONE).toISOString();
  const signups: [string, string, string][] = [
    // [day index (89 = today), type, page]
    ...Array.from({ length: 5 }, (_, i): [string, string, string] => [
      at(89 - i),
      'Updates',
      '/articles/hemp-vs-cotton',
    ]),
    [at(88, '00:00:00'), 'Newsletter', '/'],
    [at(87, '23:59:59'), 'Movement', '/stories/plant-power'],
    [at(80), 'Newsletter', '/articles/hemp-vs-cotton'],
    [at(70), 'Movement', '/'],
    [at(61), 'Updates', '/articles/retired-article'],
    // The 30 days before: for growth.
    [at(50), 'Updates', '/'],
    [at(40), 'Newsletter', '/'],
    // Only in the 90 days.
    [at(5), 'Movement', '/contact'],
  ];
  for (const [i, [when, type, page]] of signups.entries()) {
    await db.query(
      'INSERT INTO email_signups (email, signup_type, source_page, submitted_at) VALUES ($1, $2, $3, $4)',
      [`reader${i}@example.com`, type, page, when],
    );
  }
  for (const index of [89, 89, 75, 45]) {
    await db.query(
      `INSERT INTO contact_submissions (name, email, message, source_page, submitted_at)
       VALUES ('Ada', 'ada@example.com', 'About linen', '/contact', $1)`,
      [at(index)],
    );
  }
}

// ── tests ────────────────────────────────────────────────────────────────────────────────────

describe('the Insights view', () => {
  it('shows a clear empty state on an empty database: no chart, no axes', async () => {
    const { ctx, page } = await newPage();
    await logIn(page);
    const insights = await openInsights(page);
    expect(insights.totals).toEqual({ signups: 0, contacts: 0, previousPeriod: { signups: 0, contacts: 0 } });
    const empty = insightsPanel(page).locator('[data-insights-empty]');
    await empty.waitFor();
    expect(await empty.textContent()).toContain(INSIGHTS_LABELS.empty);
    expect(await insightsPanel(page).locator('svg, table').count()).toBe(0);
    // The stat cards' period line.
    expect(await page.locator('[data-growth="signups"]').textContent()).toBe(periodNote(30, '0', growthText(0, 0)));
    await ctx.close();
  });

  it('charts the seeded data: the table alternatives equal the API, the top pages link to their pages', async () => {
    await seed();
    const { ctx, page } = await newPage();
    await logIn(page);
    const insights = await openInsights(page);
    expect(insights.timeZone).toBe(ZONE);
    expect(insights.totals).toEqual({ signups: 10, contacts: 3, previousPeriod: { signups: 2, contacts: 1 } });

    // The charts: an SVG image described by the figure's summary, bars drawn.
    const chart = figure(page, 'signups').locator('svg[role="img"]');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toBe(INSIGHTS_LABELS.signupsTitle);
    const describedBy = (await chart.getAttribute('aria-describedby'))!;
    const summary = await page.locator(`[id="${describedBy}"]`).textContent();
    expect(summary).toContain('10 sign-ups in the last 30 days (Updates 6, Newsletter 2, Movement 2), up 400%');
    expect(await chart.locator('rect').count()).toBeGreaterThanOrEqual(8);
    expect(await figure(page, 'contacts').locator('svg[role="img"] rect').count()).toBe(2);

    // The tables say exactly what the API says.
    expect(await tableDays(page, 'signups', ['Updates', 'Newsletter', 'Movement'])).toEqual(
      insights.days.map(({ date, Updates, Newsletter, Movement }) => ({ date, Updates, Newsletter, Movement })),
    );
    expect(await tableDays(page, 'contacts', ['contacts'])).toEqual(
      insights.days.map(({ date, contacts }) => ({ date, contacts })),
    );

    // The top pages: titles from the catalogue, links to the pages, counts.
    const items = figure(page, 'top-pages').locator('li');
    expect(await items.count()).toBe(insights.topPages.length);
    expect(insights.topPages.slice(0, 2)).toEqual([
      { source_page: '/articles/hemp-vs-cotton', title: articleTitle('articles', 'hemp-vs-cotton'), signups: 6 },
      { source_page: '/', title: 'Home', signups: 2 },
    ]);
    for (const [i, top] of insights.topPages.entries()) {
      expect(await items.nth(i).textContent()).toContain(String(top.signups));
      if (top.source_page === null) {
        // Paths the build does not know: one count, never a link.
        expect(await items.nth(i).getByRole('link').count()).toBe(0);
        expect(await items.nth(i).textContent()).toContain(TOP_PAGES_LABELS.otherPages);
        continue;
      }
      const link = items.nth(i).getByRole('link');
      expect(await link.getAttribute('href')).toBe(top.source_page);
      expect(await link.textContent()).toBe(top.title);
    }

    // Growth on the stat cards.
    expect(await page.locator('[data-growth="signups"]').textContent()).toBe(periodNote(30, '10', growthText(10, 2)));
    expect(await page.locator('[data-growth="contacts"]').textContent()).toBe(periodNote(30, '3', growthText(3, 1)));

    // Accessible as rendered, tables open.
    const result = await (await axeAtRest(page)).include('[data-panel="insights"]').analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await ctx.close();
  });

  it('switches the period by pointer and by keyboard', async () => {
    const { ctx, page } = await newPage();
    await logIn(page);
    await openInsights(page);

    const ninety = page.waitForResponse((r) => r.url().endsWith('/api/admin/insights?days=90'));
    await page.getByRole('radio', { name: INSIGHTS_LABELS.period(90) }).check();
    const answer = (await (await ninety).json()) as Insights;
    await insightsPanel(page).locator('[data-insights][aria-busy="false"]').waitFor();
    expect(answer.days).toHaveLength(90);
    expect(answer.totals.signups).toBe(13);
    expect(answer.topPages.map((p) => p.source_page)).toContain('/contact');
    expect(await tableDays(page, 'signups', ['Updates', 'Newsletter', 'Movement'])).toEqual(
      answer.days.map(({ date, Updates, Newsletter, Movement }) => ({ date, Updates, Newsletter, Movement })),
    );
    expect(await page.locator('[data-growth="signups"]').textContent()).toContain('Last 90 days: 13');

    // The arrow keys move along the radio group and select.
    const year = page.waitForResponse((r) => r.url().endsWith('/api/admin/insights?days=365'));
    await page.getByRole('radio', { name: INSIGHTS_LABELS.period(90) }).focus();
    await page.keyboard.press('ArrowRight');
    const yearAnswer = (await (await year).json()) as Insights;
    expect(yearAnswer.days).toHaveLength(365);
    expect(await page.getByRole('radio', { name: INSIGHTS_LABELS.period(365) }).isChecked()).toBe(true);
    await insightsPanel(page).locator('[data-insights][aria-busy="false"]').waitFor();
    expect(await figure(page, 'signups').locator('tbody tr').count()).toBe(365);
    await ctx.close();
  });

  it('follows the dark theme: dark cards, light ink, series that keep 3:1 on the card, axe passes; at 375 px the daily table scrolls in its card', async () => {
    // The entries of the tests above (seeded here when this test runs alone).
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_signups');
    if (rows[0]!.n === 0) await seed();
    const { ctx, page } = await newPage();
    await useDarkTheme(ctx);
    await logIn(page);
    await openInsights(page);
    for (const details of await insightsPanel(page).locator('details').all()) await details.locator('summary').click();
    const problems = await darkThemeProblems(page, '[data-chart="signups"] [data-summary]', {
      include: '[data-panel="insights"]',
    });

    // The bars' colours (each series' computed fill) against the card they are drawn on.
    const card = (await painted(page.locator('[data-chart="signups"]'))).background;
    const fills = await insightsPanel(page)
      .locator('svg[role="img"] g[fill]')
      .evaluateAll((groups) => groups.map((g) => getComputedStyle(g).fill));
    expect(fills.length).toBe(4);
    for (const fill of fills)
      if (contrast(fill, card) < 3) problems.push(`series ${fill} on ${card}: ${contrast(fill, card).toFixed(2)}:1`);

    // A phone: the page never scrolls sideways; the wide table scrolls inside its own box.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    const box = figure(page, 'signups').locator('[role="region"]');
    const { scrollWidth, clientWidth } = await box.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    for (const p of await darkThemeProblems(page, '[data-chart="signups"] tbody td', {
      include: '[data-panel="insights"]',
    }))
      problems.push(`375 px: ${p}`);
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
