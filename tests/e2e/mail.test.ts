// The dashboard's Mail view in a real browser, against `npm start` on a fresh PostgreSQL database
// with a real SMTP server in the test process: a delivered alert and a refused one are listed with
// their status, recipient and text; "Send again" delivers the refused one. A second server without
// SMTP_URL shows the "Mail is not configured" notice with the alert still waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInToAdmin } from '../support/browser';
import { darkThemeProblems, useDarkTheme } from '../support/theme';
import { axeAtRest } from '../support/axe';
import { startServer, type RunningServer } from '../support/server';
import { createPgDatabase, type TempDatabase } from '../support/db';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { ADMIN_LABELS } from '../../src/shared/messages/index';
import { MAIL_LABELS, MAIL_STATUS_LABELS, MAIL_STATUS_NOTES } from '../../src/shared/messages/mail';
import { MAIL_PAGE_SIZE } from '../../src/shared/admin-mail-api';
import { DEFAULT_WELCOME_BODY, WELCOME_LABELS, WELCOME_MAIL } from '../../src/shared/messages/welcome';
import { connect } from '../../server/db/client';

const OWNER = 'owner@rootedthreads.example';

let browser: Browser;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await smtp?.stop();
});

async function postContact(base: string, name: string): Promise<void> {
  const res = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({
      name,
      email: 'reader@example.org',
      message: `Hello from ${name}.`,
      source_page: '/contact',
    }),
  });
  expect(res.status).toBe(201);
}

async function openMail(page: Page, base: string, key: string) {
  await logInToAdmin(page, base, key, ADMIN_LABELS);
  await page.getByRole('tab', { name: MAIL_LABELS.tab, exact: true }).click();
  const panel = page.locator('[data-panel="mail"]');
  await panel.locator('[data-mail-view][aria-busy="false"]').waitFor();
  return panel;
}

describe('the Mail view with a mail server', () => {
  let temp: TempDatabase;
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    temp = await createPgDatabase();
    server = await startServer({
      ADMIN_KEY: '',
      DATABASE_URL: temp.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Rooted Threads <hello@rootedthreads.example>',
      OWNER_EMAIL: OWNER,
      MAIL_RETRY_SECONDS: '1',
    });
    key = server.adminKey();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await temp?.drop();
  });

  it('lists sent and failed mail with their text; "Send again" delivers the failed one', async () => {
    await postContact(server.url, 'Delivered Reader');
    await smtp.waitFor((m) => m.subject === 'New message from Delivered Reader');
    smtp.refuseRecipient(OWNER, 550);
    try {
      await postContact(server.url, 'Refused Reader');
      // The sender tries within a second; the 550 marks it failed.
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      smtp.refuseRecipient(OWNER, null);
    }

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const panel = await openMail(page, server.url, key);
    await expect.poll(() => panel.locator('[data-mail-status]').count()).toBe(2);
    expect(await panel.getByText(MAIL_LABELS.notConfigured).count()).toBe(0);

    const sent = panel.locator('[data-mail-status="sent"]');
    expect(await sent.getByRole('heading', { name: 'New message from Delivered Reader' }).count()).toBe(1);
    expect(await sent.getByText(OWNER).count()).toBe(1);
    await sent.getByText(MAIL_LABELS.showText).click();
    expect(await sent.locator('pre').innerText()).toContain('Hello from Delivered Reader.');

    const failed = panel.locator('[data-mail-status="failed"]');
    expect(await failed.getByText(MAIL_STATUS_LABELS.failed).count()).toBe(1);
    expect(await failed.innerText()).toMatch(/550/);
    // Filtering by status shows the failed one alone.
    await panel.getByLabel(MAIL_LABELS.filterLabel).selectOption('failed');
    await expect.poll(() => panel.locator('[data-mail-status]').count()).toBe(1);

    const axe = await (await axeAtRest(page)).include('[data-panel="mail"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await failed.getByRole('button', { name: MAIL_LABELS.retry }).click();
    await page.getByText(MAIL_LABELS.retried, { exact: true }).waitFor();
    await smtp.waitFor((m) => m.subject === 'New message from Refused Reader', 10_000);
    // The SMTP server has it; the sender records it as sent a moment later (read through the API).
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`${server.url}/api/admin/mail?status=sent`)).json()) as { rows: unknown[] })
            .rows.length,
        { timeout: 10_000 },
      )
      .toBe(2);
    await panel.getByLabel(MAIL_LABELS.filterLabel).selectOption('sent');
    await expect.poll(() => panel.locator('[data-mail-status="sent"]').count(), { timeout: 10_000 }).toBe(2);
    await ctx.close();
  });

  it('reads at phone width without sideways scrolling', async () => {
    const ctx = await browser.newContext({ viewport: { width: 320, height: 800 } });
    const page = await ctx.newPage();
    const panel = await openMail(page, server.url, key);
    await panel.locator('[data-mail-status]').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await ctx.close();
  });

  it('follows the dark theme: dark cards, light ink, readable status badges, axe passes', async () => {
    await postContact(server.url, 'Dark Reader');
    await smtp.waitFor((m) => m.subject === 'New message from Dark Reader');
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await useDarkTheme(ctx);
    const page = await ctx.newPage();
    const panel = await openMail(page, server.url, key);
    const card = panel.locator('[data-mail-status]').first();
    await card.waitFor();
    await card.getByText(MAIL_LABELS.showText).click();
    expect(
      await darkThemeProblems(page, '[data-panel="mail"] [data-mail-status] h2', { include: '[data-panel="mail"]' }),
    ).toEqual([]);
    await ctx.close();
  });
  it('the owner rewords the welcome e-mail in the Mail view; the next confirmed reader gets those words', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await ctx.newPage();
    const panel = await openMail(page, server.url, key);
    const welcome = panel.locator('[data-welcome-mail]');
    await welcome.locator('summary').click();
    const words = welcome.getByLabel(WELCOME_LABELS.body);
    await expect.poll(() => words.inputValue()).toBe(DEFAULT_WELCOME_BODY);
    // The panel fits a phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await welcome.getByLabel(WELCOME_LABELS.enabled).isChecked()).toBe(true);
    await words.fill('Hello, {list} reader.\n\nOur first letter goes out on Friday.');
    await welcome.getByRole('button', { name: WELCOME_LABELS.save }).click();
    await page.getByText(WELCOME_LABELS.saved.text, { exact: true }).waitFor();

    const email = `welcome-${Date.now().toString(36)}@example.com`;
    const signup = await fetch(`${server.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email, signup_type: 'Newsletter', source_page: '/' }),
    });
    expect(signup.status).toBe(201);
    const confirmation = await smtp.waitFor((m) => m.to === email, 10_000);
    const confirm = /https?:\/\/[^\s/]+(\/api\/subscriptions\/confirm\?token=[\w-]{43})/.exec(confirmation.text)![1]!;
    const confirmed = await fetch(server.url + confirm, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    });
    expect(confirmed.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === email && m.subject === WELCOME_MAIL.subject('Newsletter'), 10_000);
    expect(mail.text).toContain('Hello, Newsletter reader.\n\nOur first letter goes out on Friday.');
    expect(mail.html).toContain('Our first letter goes out on Friday.');
    expect(mail.rawHeaders).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);

    // Switched off, it stays off after a reload.
    // The first save's toast may still be up: wait for this save's answer, then its toast.
    await welcome.getByLabel(WELCOME_LABELS.enabled).uncheck();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/welcome-mail') && r.request().method() === 'POST',
    );
    await welcome.getByRole('button', { name: WELCOME_LABELS.save }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText(WELCOME_LABELS.saved.text, { exact: true }).last().waitFor();
    const answer = (await (await page.request.get(`${server.url}/api/admin/welcome-mail`)).json()) as {
      enabled: boolean;
    };
    expect(answer.enabled).toBe(false);
    const bad = await page.request.post(`${server.url}/api/admin/welcome-mail`, {
      headers: { Origin: server.url },
      data: { enabled: 'yes', body: null },
    });
    expect(bad.status()).toBe(400);
    await ctx.close();
  });
});

describe('the Mail view without SMTP_URL', () => {
  let temp: TempDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    temp = await createPgDatabase();
    server = await startServer({ ADMIN_KEY: '', DATABASE_URL: temp.url, OWNER_EMAIL: OWNER });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await temp?.drop();
  });

  it('says mail is not configured and shows the alert waiting, with its text', async () => {
    await postContact(server.url, 'Waiting Reader');
    const key = server.adminKey();
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const panel = await openMail(page, server.url, key);
    await panel.getByText(MAIL_LABELS.notConfigured).waitFor();
    const queued = panel.locator('[data-mail-status="queued"]');
    expect(await queued.getByRole('heading', { name: 'New message from Waiting Reader' }).count()).toBe(1);
    await queued.getByText(MAIL_LABELS.showText).click();
    expect(await queued.locator('pre').innerText()).toContain('Hello from Waiting Reader.');
    await ctx.close();
  });

  it('sums an announcement up in one line, not one card per reader; a status filter lists its copies, labelled', async () => {
    const readers = 60;
    await postContact(server.url, 'Listed Reader');
    const db = connect(temp.url);
    try {
      await db.query(
        `INSERT INTO email_signups (email, signup_type, source_page, status)
         SELECT 'mail-view-' || i || '@example.org', 'Movement', '/', 'confirmed' FROM generate_series(1, $1::int) i`,
        [readers],
      );
    } finally {
      await db.close();
    }
    const key = server.adminKey();
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const panel = await openMail(page, server.url, key);
    // Queued through the dashboard's own endpoints (the session is the page's).
    const post = async (path: string, body?: unknown) =>
      page.request.post(`${server.url}${path}`, {
        headers: { Origin: server.url, 'Content-Type': 'application/json' },
        data: body ?? {},
      });
    const subject = 'Seed swap this Saturday';
    const draft = (await (
      await post('/api/admin/announcements', { note: 'Bring seeds.', subject, audience: ['Movement'] })
    ).json()) as {
      id: string;
    };
    expect((await post(`/api/admin/announcements/${draft.id}/send`)).status()).toBe(202);

    await page.reload();
    await page.getByRole('tab', { name: MAIL_LABELS.tab, exact: true }).click();
    await panel.locator('[data-mail-view][aria-busy="false"]').waitFor();
    const line = panel.locator('[data-mail-announcement]');
    await line.waitFor();
    expect(await line.count()).toBe(1);
    expect(await line.getByRole('heading', { name: subject }).count()).toBe(1);
    expect(await line.innerText()).toContain(`${readers} recipients · 0 sent, ${readers} waiting, 0 failed`);
    // No card per reader: the site's own mail only (this test's alert among it).
    await panel.locator('[data-mail-status] h2', { hasText: 'New message from Listed Reader' }).waitFor();
    expect(await panel.locator('[data-mail-status]').count()).toBeLessThan(readers);
    expect(await panel.locator('[data-mail-status] h2', { hasText: subject }).count()).toBe(0);

    // Cancelled before any went: the filter lists its copies, a page at a time, each labelled.
    expect((await post(`/api/admin/announcements/${draft.id}/cancel`)).status()).toBe(200);
    await panel.getByLabel(MAIL_LABELS.filterLabel).selectOption('cancelled');
    const cancelled = panel.locator('[data-mail-status="cancelled"]');
    await expect.poll(() => cancelled.count()).toBe(MAIL_PAGE_SIZE);
    expect(await panel.getByRole('button', { name: MAIL_LABELS.loadMore }).count()).toBe(1);
    const first = cancelled.first();
    expect(await first.getByText(MAIL_STATUS_LABELS.cancelled, { exact: true }).count()).toBe(1);
    expect(await first.getByText(MAIL_LABELS.announcementBadge, { exact: true }).count()).toBe(1);
    expect(await first.getByText(MAIL_STATUS_NOTES.cancelled!).count()).toBe(1);
    await first.getByText(MAIL_LABELS.showText).click();
    const text = await first.locator('pre').innerText();
    expect(text).toContain('Bring seeds.');
    // The reader's own link is never shown to the owner.
    expect(text).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    expect(await panel.locator('[aria-live]').innerText()).toContain(`${MAIL_PAGE_SIZE}+ shown of ${readers}`);

    const axe = await (await axeAtRest(page)).include('[data-panel="mail"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The announcement's line reads at phone width too.
    await page.setViewportSize({ width: 320, height: 800 });
    await panel.getByLabel(MAIL_LABELS.filterLabel).selectOption('');
    await line.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await ctx.close();
  });
});
