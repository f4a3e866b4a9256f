// The owner's dashboard in a real browser against its own `npm start` server in local demo mode
// (no ADMIN_KEY: the server generates the key and the gate shows it). The data arrives the way it
// does in production, through the public form endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { request as httpRequest } from 'node:http';
import type { Browser, BrowserContext, Locator, Page, Request as PwRequest } from 'playwright-core';
import { adminState, launchBrowser, logInToAdmin } from '../../support/browser';
import { startServer, type RunningServer } from '../../support/server';
import { darkThemeProblems, useDarkTheme } from '../../support/theme';
import { axeAtRest } from '../../support/axe';
import { KEY_FILE } from '../../../server/admin/local-key.ts';
import { SUBSCRIPTION_ADMIN_LABELS } from '../../../src/shared/messages/subscriptions.ts';
import { DEMO_MODE_LABELS } from '../../../src/shared/messages/security.ts';
import { ADMIN_LABELS, ADMIN_NOTICES, type Notice } from '../../../src/shared/messages/index.ts';
import { CSV_FILE_NAMES } from '../../../src/shared/admin-api';
import { parseCsv } from '../../../server/csv';

let server: RunningServer;
let browser: Browser;
let key: string;
let base: string;

// Local demo mode trusts no proxy, so each post comes from its own loopback address (127.0.0.0/8
// is all this machine) to be its own client for the forms' rate limit.
let ipCount = 0;
const nextIp = () => `127.77.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

async function post(path: string, body: unknown): Promise<void> {
  const data = JSON.stringify(body);
  const { status, text } = await new Promise<{ status: number; text: string }>((ok, fail) => {
    const req = httpRequest(
      base + path,
      {
        method: 'POST',
        localAddress: nextIp(),
        headers: { 'Content-Type': 'application/json', Origin: base, 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => ok({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', fail);
    req.end(data);
  });
  expect(status, text).toBe(201);
}

const XSS_NAME = '<img src=x onerror="window.__pwned=1">';
const XSS_MESSAGE = '<img src=x onerror=window.__pwned=2><script>window.__pwned=3</script> & <b>bold</b>';
const TRICKY_MESSAGE = 'Hello, "weaver"\nline two, with a comma\nand =HYPERLINK("https://evil.example")';

beforeAll(async () => {
  // Our own server: its own data directory, no ADMIN_KEY (local demo mode, so no proxy trusted).
  // Single opt-in: the sign-ups are active at once, so the cards count them (they count confirmed readers).
  server = await startServer({ ADMIN_KEY: '', SIGNUP_CONFIRMATION: 'single' });
  base = server.url;
  key = server.adminKey();
  browser = await launchBrowser();

  for (let i = 1; i <= 6; i++) {
    await post('/api/contact', {
      name: `Weaver ${i}`,
      email: `weaver${i}@example.com`,
      subject: i % 2 ? `Linen question ${i}` : '',
      message: `Message number ${i}: how should I care for wool and linen? `.repeat(3).trim(),
      source_page: '/contact',
    });
  }
  await post('/api/contact', {
    name: 'Quoted Person',
    email: 'quoted@example.com',
    subject: 'Commas',
    message: TRICKY_MESSAGE,
    source_page: '/contact',
  });
  await post('/api/contact', {
    name: XSS_NAME,
    email: 'mallory@example.com',
    subject: '<i>hi</i>',
    message: XSS_MESSAGE,
    source_page: '/contact',
  });
  const types = ['Updates', 'Newsletter', 'Movement', 'Newsletter', 'Updates'];
  for (const [i, type] of types.entries()) {
    await post('/api/signups', {
      email: `reader${i}@example.com`,
      signup_type: type,
      source_page: i === 4 ? '/articles/linen-vs-cotton' : '/',
    });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

async function newPage(viewport = { width: 1280, height: 900 }): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await ctx.newPage();
  return { ctx, page };
}

function toast(page: Page, notice: Notice): Locator {
  return page.locator('[data-toast]').filter({ hasText: notice.title }).filter({ hasText: notice.text });
}

async function expectToast(page: Page, notice: Notice): Promise<void> {
  await toast(page, notice).first().waitFor({ state: 'visible', timeout: 10_000 });
}

const state = adminState;
const panel = (page: Page, kind: 'contacts' | 'signups') => page.locator(`[data-panel="${kind}"]`);
const rows = (page: Page, kind: 'contacts' | 'signups') => panel(page, kind).locator('tbody tr[data-row-id]');

async function logIn(page: Page): Promise<void> {
  await logInToAdmin(page, base, key, ADMIN_LABELS);
  await rows(page, 'contacts').first().waitFor();
}

async function search(page: Page, text: string): Promise<void> {
  const wait = page.waitForResponse(
    (r) => r.url().includes('/api/admin/signups?') && r.url().includes(`q=${encodeURIComponent(text)}`),
  );
  await page.getByRole('searchbox', { name: ADMIN_LABELS.search }).fill(text);
  await wait;
  await expect.poll(() => panel(page, 'contacts').locator('table[data-busy]').count()).toBe(0);
}

async function clearSearch(page: Page): Promise<void> {
  const wait = page.waitForResponse((r) => /\/api\/admin\/signups\?limit=\d+$/.test(r.url()));
  await page.getByRole('searchbox', { name: ADMIN_LABELS.search }).fill('');
  await wait;
  await expect.poll(() => panel(page, 'contacts').locator('table[data-busy]').count()).toBe(0);
}

function walk(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name));
}

// ── tests ────────────────────────────────────────────────────────────────────────────────────

describe('the admin key', () => {
  it('is generated once, kept with mode 600, and appears in no file of the built site', async () => {
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(statSync(join(server.dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain(`admin key: ${key}`);

    const keys = [key];
    // The key of a local `npm start` in this checkout, if there is one, must not be built in either.
    const local = resolve('.data', KEY_FILE);
    if (existsSync(local)) keys.push(readFileSync(local, 'utf8').trim());
    const files = walk(resolve('dist'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const k of keys) expect(bytes.includes(k), `${file} contains the admin key`).toBe(false);
    }
    // Nor in what the server sends for /admin.
    const html = await (await fetch(base + '/admin')).text();
    expect(html).not.toContain(key);
    expect(html).toContain('data-admin-state="loading"');
  });
});

describe('the dashboard', () => {
  it('gate → dashboard → search → export → delete → logout, with the spec’s toasts', async () => {
    const { ctx, page } = await newPage();
    const requests: PwRequest[] = [];
    page.on('request', (r) => requests.push(r));

    // The gate, with the hint of local demo mode: where the key is, never the key itself.
    await page.goto(base + '/admin');
    await state(page, 'gate');
    const hint = page.getByText(DEMO_MODE_LABELS.keyLocation);
    await expect.poll(() => hint.textContent()).toContain(join(server.dataDir, KEY_FILE));
    expect(await page.content()).not.toContain(key);

    await page.getByLabel(ADMIN_LABELS.keyLabel).fill('not-the-key-at-all');
    await page.getByRole('button', { name: ADMIN_LABELS.submit }).click();
    await expectToast(page, ADMIN_NOTICES.invalidKey);
    expect(await page.locator('[data-admin-state="gate"]').count()).toBe(1);

    await page.getByLabel(ADMIN_LABELS.keyLabel).fill(key);
    await page.getByRole('button', { name: ADMIN_LABELS.submit }).click();
    await expectToast(page, ADMIN_NOTICES.accessGranted);
    await state(page, 'dashboard');

    // Stat cards from known data: 8 contacts, 5 sign-ups (2 Newsletter, 2 Updates, 1 Movement), all this week.
    const stat = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd')
        .first();
    await expect.poll(() => stat(ADMIN_LABELS.totalContacts).textContent()).toBe('8');
    expect(await stat(ADMIN_LABELS.emailSignups).textContent()).toBe('5');
    expect(await stat(ADMIN_LABELS.newsletter).textContent()).toBe('2');
    expect(await page.locator('dl > div', { hasText: ADMIN_LABELS.newsletter }).textContent()).toContain(
      'Updates 2 · Movement 1',
    );
    expect(await stat(ADMIN_LABELS.thisWeek).textContent()).toBe('5');

    // Contacts is the default tab, newest first, dates in the locale's short form with the time.
    expect(
      await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.contactsTab) }).getAttribute('aria-selected'),
    ).toBe('true');
    await expect.poll(() => rows(page, 'contacts').count()).toBe(8);
    expect(await rows(page, 'contacts').first().locator('th').textContent()).toBe(XSS_NAME);
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'short' }).format(new Date()),
    );
    const shown = (await rows(page, 'contacts').first().locator('time').textContent()) ?? '';
    expect(shown.startsWith(today)).toBe(true);
    expect(shown.slice(today.length)).toMatch(/^,? \d{1,2}:\d{2}/);

    // One search box filters both lists, server-side, once per pause in typing.
    const before = requests.filter((r) => r.url().includes('/api/admin/contacts?')).length;
    const typed = page.waitForResponse((r) => r.url().includes('/api/admin/contacts?') && r.url().includes('q=linen'));
    await page.getByRole('searchbox', { name: ADMIN_LABELS.search }).pressSequentially('linen', { delay: 40 });
    await typed;
    await expect.poll(() => panel(page, 'contacts').locator('table[data-busy]').count()).toBe(0);
    expect(requests.filter((r) => r.url().includes('/api/admin/contacts?')).length - before).toBe(1);
    // Subjects "Linen question 1, 3, 5" match; the messages mention linen too but are not searched.
    expect(await rows(page, 'contacts').locator('th').allTextContents()).toEqual(['Weaver 5', 'Weaver 3', 'Weaver 1']);
    await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.signupsTab) }).click();
    expect(await rows(page, 'signups').locator('th').allTextContents()).toEqual(['reader4@example.com']);
    await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.contactsTab) }).click();

    // Export (honouring the search): the downloaded file is read back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel(page, 'contacts').getByRole('button', { name: ADMIN_LABELS.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(CSV_FILE_NAMES.contacts);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(bytes.toString('utf8'));
    expect(csv[0]).toEqual(['id', 'name', 'email', 'subject', 'message', 'source_page', 'submitted_at']);
    expect(csv.slice(1).map((r) => r[1])).toEqual(['Weaver 5', 'Weaver 3', 'Weaver 1']);

    // The whole list exports with the awkward message intact (comma, quotes, newlines, formula).
    await clearSearch(page);
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      panel(page, 'contacts').getByRole('button', { name: ADMIN_LABELS.exportCsv }).click(),
    ]);
    const allRows = parseCsv(readFileSync(await all.path(), 'utf8')).slice(1);
    expect(allRows).toHaveLength(8);
    expect(allRows.find((r) => r[1] === 'Quoted Person')![4]).toBe(TRICKY_MESSAGE);
    expect(allRows.find((r) => r[1] === XSS_NAME)![3]).toBe('<i>hi</i>');

    // Sign-ups export as email-signups.csv.
    await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.signupsTab) }).click();
    const [signupsFile] = await Promise.all([
      page.waitForEvent('download'),
      panel(page, 'signups').getByRole('button', { name: ADMIN_LABELS.exportCsv }).click(),
    ]);
    expect(signupsFile.suggestedFilename()).toBe(CSV_FILE_NAMES.signups);
    expect(parseCsv(readFileSync(await signupsFile.path(), 'utf8'))).toHaveLength(6);

    // Nothing found: the spec's empty states, and exporting an empty list is 'No Data'.
    await search(page, 'zzz-nothing');
    expect(await panel(page, 'signups').locator('td[data-empty]').textContent()).toBe(ADMIN_LABELS.signupsEmpty);
    await panel(page, 'signups').getByRole('button', { name: ADMIN_LABELS.exportCsv }).click();
    await expectToast(page, ADMIN_NOTICES.noData);
    await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.contactsTab) }).click();
    expect(await panel(page, 'contacts').locator('td[data-empty]').textContent()).toBe(ADMIN_LABELS.contactsEmpty);
    await clearSearch(page);

    // Delete, confirmed in a real modal <dialog>; Cancel keeps the row.
    const target = rows(page, 'contacts').filter({ has: page.locator('th', { hasText: 'Weaver 2' }) });
    const id = await target.getAttribute('data-row-id');
    await target.getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_LABELS.confirmContactTitle });
    await dialog.waitFor();
    expect(
      await dialog.evaluate((el) => el.tagName === 'DIALOG' && (el as HTMLDialogElement).open && el.matches(':modal')),
    ).toBe(true);
    expect(await dialog.textContent()).toContain('weaver2@example.com');
    await dialog.getByRole('button', { name: ADMIN_LABELS.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rows(page, 'contacts').count()).toBe(8);

    await target.getByRole('button', { name: /Delete/ }).click();
    await dialog.getByRole('button', { name: ADMIN_LABELS.delete, exact: true }).click();
    await expectToast(page, ADMIN_NOTICES.contactDeleted);
    await expect.poll(() => rows(page, 'contacts').count()).toBe(7);
    await expect.poll(() => stat(ADMIN_LABELS.totalContacts).textContent()).toBe('7');
    const listed = (await (await page.request.get(base + '/api/admin/contacts?limit=200')).json()) as {
      rows: { id: string }[];
    };
    expect(listed.rows.map((r) => r.id)).not.toContain(id);

    // A reload keeps the session: straight to the dashboard.
    await page.reload();
    await state(page, 'dashboard');
    await expect.poll(() => rows(page, 'contacts').count()).toBe(7);

    // Logout: the spec's toast, the gate, no data left in the page, and the session gone server-side.
    await page.getByRole('button', { name: ADMIN_LABELS.logout }).click();
    await expectToast(page, ADMIN_NOTICES.loggedOut);
    await state(page, 'gate');
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.content()).not.toContain('weaver1@example.com');
    expect((await page.request.get(base + '/api/admin/contacts')).status()).toBe(401);
    await page.reload();
    await state(page, 'gate');
    await ctx.close();
  }, 120_000);

  it('pages a long list with "Load more"', async () => {
    for (let i = 0; i < 55; i++) {
      await post('/api/signups', { email: `bulk${i}@example.com`, signup_type: 'Newsletter', source_page: '/' });
    }
    const { ctx, page } = await newPage();
    await logIn(page);
    await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.signupsTab) }).click();
    await expect.poll(() => rows(page, 'signups').count()).toBe(50);
    expect(await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.signupsTab) }).textContent()).toContain('50+');
    await panel(page, 'signups').getByRole('button', { name: ADMIN_LABELS.loadMore }).click();
    await expect.poll(() => rows(page, 'signups').count()).toBe(60);
    expect(await panel(page, 'signups').getByRole('button', { name: ADMIN_LABELS.loadMore }).count()).toBe(0);
    const emails = await rows(page, 'signups').locator('th').allTextContents();
    expect(new Set(emails).size).toBe(60);
    expect(emails[0]).toBe('bulk54@example.com');
    await ctx.close();
  });

  it('renders stored HTML as inert text, in the table, the tooltip and the dialog', async () => {
    const { ctx, page } = await newPage();
    await logIn(page);
    const row = rows(page, 'contacts').filter({ has: page.locator('th', { hasText: XSS_NAME }) });
    expect(await row.locator('th').textContent()).toBe(XSS_NAME);
    const message = row.getByRole('button', { name: XSS_MESSAGE });
    await message.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(XSS_MESSAGE);
    await page.mouse.move(0, 0);
    await row.getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain(XSS_NAME);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], script:text("__pwned"), b:text("bold"), i:text("hi")').count()).toBe(0);
    await ctx.close();
  });

  it('shows the full message in a tooltip: 700 ms open delay, 300 ms skip delay, keyboard, Escape', async () => {
    const { ctx, page } = await newPage();
    await logIn(page);
    const messages = rows(page, 'contacts')
      .locator('td button')
      .filter({ hasText: /Message number/ });
    const first = messages.nth(0);
    const second = messages.nth(1);
    const tooltip = page.getByRole('tooltip');

    await first.hover();
    await page.waitForTimeout(450);
    expect(await tooltip.count()).toBe(0);
    await tooltip.waitFor({ timeout: 1000 });
    expect(await tooltip.textContent()).toBe(await first.textContent());
    expect(await first.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));

    // Within the skip delay, the next one opens at once.
    await second.hover();
    await page.waitForTimeout(150);
    expect(await tooltip.textContent()).toBe(await second.textContent());

    // After the skip delay has passed, the open delay applies again.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(700);
    await first.hover();
    await page.waitForTimeout(300);
    expect(await tooltip.count()).toBe(0);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(200);

    // Keyboard: focus shows it at once, Escape hides it.
    await first.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await tooltip.waitFor({ timeout: 300 });
    expect(await tooltip.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await tooltip.count()).toBe(0);
    await ctx.close();
  });

  it('opens a message whole: its line breaks, the sender’s address, the time it came, and Reply', async () => {
    const { ctx, page } = await newPage({ width: 375, height: 800 });
    await logIn(page);
    const row = rows(page, 'contacts').filter({ has: page.locator('th', { hasText: 'Quoted Person' }) });
    const read = row.getByRole('button', {
      name: `${ADMIN_LABELS.readMessage} ${ADMIN_LABELS.readMessageOf('Quoted Person')}`,
    });
    await read.click();
    const dialog = page.getByRole('dialog', { name: 'Commas' });
    await dialog.waitFor();
    const text = dialog.locator('[data-message-text]');
    expect(await text.textContent()).toBe(TRICKY_MESSAGE);
    // Shown on three lines, as typed (not run together into one).
    expect(await text.innerText()).toBe(TRICKY_MESSAGE);
    const said = await dialog.innerText();
    expect(said).toContain('Quoted Person <quoted@example.com>');
    expect(said).toMatch(new RegExp(`${ADMIN_LABELS.messageReceived}\\s+\\S.*\\d{1,2}:\\d{2}`));
    expect(await dialog.getByRole('link', { name: ADMIN_LABELS.reply }).getAttribute('href')).toBe(
      'mailto:quoted@example.com?subject=Re%3A%20Commas',
    );
    // The whole dialog fits a 375 px phone.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-read-message'))).toBe(true);
    // A message with markup stays inert text in the dialog too.
    const xss = rows(page, 'contacts').filter({ has: page.locator('th', { hasText: XSS_NAME }) });
    await xss.locator('[data-read-message]').click();
    expect(await page.locator('[data-message-dialog] [data-message-text]').textContent()).toBe(XSS_MESSAGE);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await ctx.close();
  });

  it('on a 320 and a 375 px phone every tab is in sight, whole, and a wide table shows that it scrolls', async () => {
    for (const width of [320, 375]) {
      const { ctx, page } = await newPage({ width, height: 800 });
      await logIn(page);
      const tabs = page.getByRole('tab');
      expect(await tabs.count()).toBeGreaterThanOrEqual(5);
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(width);
        // The label is not cut: nothing of it overflows the tab.
        expect(await tab.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      }
      const scroller = panel(page, 'contacts').locator('[role="region"]').first();
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // The cue: a shadow drawn at the edge that has more beyond it (the background's scroll layers).
      expect(await scroller.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('radial-gradient');
      expect(await scroller.evaluate((el) => getComputedStyle(el).backgroundAttachment)).toContain('local');
      await ctx.close();
    }
  });

  it('retries a failing read 3 times with backoff (1 s, 2 s, 4 s), then shows the spec’s Error toast', async () => {
    const { ctx, page } = await newPage();
    await logIn(page);
    const times: number[] = [];
    const contactsList = (url: URL) => url.pathname === '/api/admin/contacts';
    await page.route(contactsList, async (route) => {
      times.push(Date.now());
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"title":"Error","text":"down"}}',
      });
    });
    await page.getByRole('searchbox', { name: ADMIN_LABELS.search }).fill('weaver');
    await expectToast(page, ADMIN_NOTICES.fetchFailed);
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    expect(gaps[1]).toBeGreaterThanOrEqual(1950);
    expect(gaps[2]).toBeGreaterThanOrEqual(3950);
    expect(gaps[2]).toBeLessThan(6000);
    // Still signed in; the list offers to try again.
    expect(await page.locator('[data-admin-state="dashboard"]').count()).toBe(1);
    await page.unroute(contactsList);
    await panel(page, 'contacts').getByRole('button', { name: ADMIN_LABELS.retry }).click();
    await expect.poll(() => rows(page, 'contacts').count()).toBeGreaterThan(0);
    await ctx.close();
  }, 60_000);

  it('never retries a 401: a lost session shows both Access Restricted toasts and the gate', async () => {
    const { ctx, page } = await newPage();
    await logIn(page);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/admin\/(contacts|signups)\?/.test(r.url())) reads.push(r.url());
    });
    await ctx.clearCookies();
    await page.getByRole('searchbox', { name: ADMIN_LABELS.search }).fill('wool');
    await expectToast(page, ADMIN_NOTICES.contactsRestricted);
    await expectToast(page, ADMIN_NOTICES.signupsRestricted);
    await state(page, 'gate');
    await page.waitForTimeout(1500);
    expect(reads).toHaveLength(2);
    expect(await page.locator('table').count()).toBe(0);
    await ctx.close();
  });

  it('has no serious or critical axe violation in the dashboard, its tooltip and its dialog (desktop and phone)', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const { ctx, page } = await newPage(viewport);
      const problems: string[] = [];
      const check = async (label: string) => {
        const result = await (await axeAtRest(page)).analyze();
        for (const v of result.violations) {
          if (v.impact === 'serious' || v.impact === 'critical')
            problems.push(`${viewport.width}px ${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        }
      };
      await page.goto(base + '/admin');
      await state(page, 'gate');
      await check('gate');
      await logIn(page);
      await check('dashboard');
      await rows(page, 'contacts').first().locator('td button').first().hover();
      await page.getByRole('tooltip').waitFor();
      await check('tooltip');
      await rows(page, 'contacts')
        .first()
        .getByRole('button', { name: /Delete/ })
        .click();
      await page.getByRole('dialog').waitFor();
      await check('dialog');
      await ctx.close();
      expect(problems).toEqual([]);
    }
  }, 120_000);

  it('follows the dark theme the reader chose: dark cards, light ink, and axe passes on the gate, both lists, the tooltip and the consent history', async () => {
    const { ctx, page } = await newPage();
    await useDarkTheme(ctx);
    const problems: string[] = [];
    const check = async (label: string, selector: string, include?: string) => {
      for (const p of await darkThemeProblems(page, selector, { include })) problems.push(`${label}: ${p}`);
    };
    await page.goto(base + '/admin');
    await state(page, 'gate');
    // Typed text, so axe measures the field's own ink on its own background.
    await page.getByLabel(ADMIN_LABELS.keyLabel).fill('not-the-key');
    await check('gate', '[data-admin-state="gate"] input');
    await logIn(page);
    await check('contacts', '[data-panel="contacts"] table tbody td');
    await rows(page, 'contacts').first().locator('td button').first().hover();
    await page.getByRole('tooltip').waitFor();
    await check('tooltip', '[data-panel="contacts"] table');
    await page.mouse.move(0, 0);
    await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.signupsTab) }).click();
    await rows(page, 'signups').first().waitFor();
    await check('sign-ups', '[data-panel="signups"] table tbody td');
    await rows(page, 'signups')
      .first()
      .getByRole('button', { name: new RegExp(SUBSCRIPTION_ADMIN_LABELS.history) })
      .click();
    await page.locator('[data-consent-events] tbody tr').first().waitFor();
    await check('consent history', 'dialog[open] [data-consent-events] td', 'dialog[open]');
    await ctx.close();
    expect(problems).toEqual([]);
  }, 120_000);
});
