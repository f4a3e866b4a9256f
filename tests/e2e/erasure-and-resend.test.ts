// Issue 39's items 4 and 13 with the third audit's item 6, in a real browser against `npm start`
// and a real SMTP server: a pending reader who signs up again sees the spec's duplicate toast and,
// beside it, that the confirmation went again (and gets it); the dashboard's delete dialog says
// whether an e-mail goes out, mails a confirmed reader only when the owner ticks that they asked,
// and never mails a contact message's address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInToAdmin } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import { ADMIN_LABELS, DUPLICATE_SIGNUP, PLACEMENTS } from '../../src/shared/messages/index.ts';
import { NEXT_STEP } from '../../src/shared/messages/subscriptions.ts';
import { expectToast, hydrated, newClient } from './form-helpers.ts';

let browser: Browser;
let server: RunningServer;
let smtp: TestSmtp;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Rooted Threads <hello@example.org>' }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

async function signUpIn(page: Page, email: string): Promise<void> {
  const form = page.locator('form[data-signup-form="footer"]');
  await hydrated(form);
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button').click();
}

const post = (path: string, body: string, type: string) =>
  fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': type, Origin: server.url }, body });

describe('a pending reader signs up again', () => {
  it('sees the duplicate toast and that the confirmation went again, and gets it', async () => {
    const email = unique('again');
    const first = await (await newClient(browser)).newPage();
    await first.goto(server.url + '/');
    await signUpIn(first, email);
    await expectToast(first, PLACEMENTS.footer.success, 'success');
    await smtp.waitForCount(1, (m) => m.to === email);
    await first.context().close();
    // Another day, another browser: the e-mail was lost.
    const page = await (await newClient(browser)).newPage();
    await page.goto(server.url + '/');
    await signUpIn(page, email.toUpperCase());
    await expectToast(page, DUPLICATE_SIGNUP, 'error');
    await expect
      .poll(() => page.locator('[data-confirmation-note="footer"]').textContent())
      .toBe(`${NEXT_STEP.title} ${NEXT_STEP.text}`);
    await smtp.waitForCount(2, (m) => m.to === email);
    await page.context().close();
  });
});

describe('the delete dialog', () => {
  it('says whether an e-mail goes out, and mails only a confirmed reader who asked', async () => {
    const asked = unique('asked');
    const quiet = unique('quiet');
    for (const email of [asked, quiet]) {
      const res = await post(
        '/api/signups',
        JSON.stringify({ email, signup_type: 'Updates', source_page: '/' }),
        'application/json',
      );
      expect(res.status).toBe(201);
      const mail = await smtp.waitFor((m) => m.to === email);
      const link = /(\/api\/subscriptions\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
      expect((await post(link, '', 'application/x-www-form-urlencoded')).status).toBe(200);
    }
    const writer = unique('writer');
    const sent = await post(
      '/api/contact',
      JSON.stringify({ name: 'Spam Bot', email: writer, subject: '', message: 'Buy now', source_page: '/contact' }),
      'application/json',
    );
    expect(sent.status).toBe(201);

    const page = await (await newClient(browser)).newPage();
    await logInToAdmin(page, server.url, server.adminKey(), ADMIN_LABELS);
    // A contact message: never mailed, and the dialog says so.
    const contact = page.locator('[data-panel="contacts"] tbody tr[data-row-id]').filter({ hasText: writer });
    await contact.getByRole('button', { name: /Delete/ }).click();
    const contactDialog = page.getByRole('dialog', { name: ADMIN_LABELS.confirmContactTitle });
    await contactDialog.waitFor();
    expect(await contactDialog.textContent()).toContain(ADMIN_LABELS.erasureMailNever);
    await contactDialog.getByRole('button', { name: ADMIN_LABELS.delete, exact: true }).click();
    await contactDialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.signupsTab) }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_LABELS.confirmSignupTitle });
    for (const [email, tick] of [
      [quiet, false],
      [asked, true],
    ] as const) {
      const row = page.locator('[data-panel="signups"] tbody tr[data-row-id]').filter({ hasText: email });
      await row.getByRole('button', { name: /Delete/ }).click();
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(ADMIN_LABELS.erasureMailNone);
      if (tick) {
        await dialog.getByLabel(ADMIN_LABELS.notifyErasure(email)).check();
        await expect.poll(() => dialog.textContent()).toContain(ADMIN_LABELS.erasureMailWill(email));
      }
      await dialog.getByRole('button', { name: ADMIN_LABELS.delete, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    const erased = await smtp.waitFor((m) => m.to === asked && /erased/i.test(m.subject));
    expect(erased.subject).toMatch(/erased/i);
    // Time for any other erasure mail to arrive: none may.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => /erased/i.test(m.subject)).map((m) => m.to)).toEqual([asked]);
    await page.context().close();
  });
});
