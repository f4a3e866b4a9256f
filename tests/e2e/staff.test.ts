// Staff accounts in Chromium (issue 36), against `npm start` delivering to a real SMTP server in this
// process, with Chromium's virtual authenticator (CDP WebAuthn domain) as the passkey:
// the owner (the key) invites a colleague from the Staff view → the invitation e-mail's link signs
// them in → they add a passkey → log out → sign in with it; an editor sees no lists and no export
// button and gets 403 from the export API; a colleague signs in with a code read from the mail.
// An export after the sign-in has aged asks to sign in again (the code, in a dialog), then downloads.
// Own server (as subscriptions.test.ts): the shared one has no SMTP_URL, and on a PostgreSQL
// database of its own the test can age a session as time would. WebAuthn needs a real host name as
// RP ID, so the pages are opened at http://localhost (a secure context), not 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminState, launchBrowser, logInToAdmin } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMigratedPgDatabase, type TempDatabase } from '../support/db.ts';
import { connect, type Db } from '../../server/db/client.ts';
import { ADMIN_LABELS } from '../../src/shared/messages/index.ts';
import { STAFF_LABELS, STAFF_NOTICES } from '../../src/shared/messages/staff.ts';
import { expectToast } from './form-helpers.ts';
import { axeAtRest } from '../support/axe.ts';

/** Serious and critical axe violations of what the page shows now. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await (await axeAtRest(page)).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

let browser: Browser;
let smtp: TestSmtp;
let server: RunningServer;
let base: string;
let database: TempDatabase;
let db: Db;

const unique = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@team.example`;

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtp(), createMigratedPgDatabase()]);
  db = connect(database.url);
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Rooted Threads <hello@example.org>', DATABASE_URL: database.url }),
  ]);
  base = `http://localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  await db?.close();
  await database?.drop();
});

/** A page with a virtual platform authenticator that verifies its user (a passkey on this device). */
async function pageWithAuthenticator(): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

const signedInAs = (page: Page) => page.locator('[data-signed-in-as]');

/** The code of the newest sign-in mail to `email` (earlier ones are taken off the list once read). */
const readCodes = new Set<string>();
async function mailedCode(email: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to === email && /code/i.test(m.subject) && !readCodes.has(m.raw));
  readCodes.add(mail.raw);
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

async function invitationPath(email: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to === email && /invitation/i.test(m.subject));
  const token = /#invite=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in ${mail.text}`);
  return `/admin#invite=${token}`;
}

describe('staff accounts in the browser', () => {
  it('invite from the Staff view → the link signs in → add a passkey → sign in with it; an editor cannot export', async () => {
    const owner = await (await browser.newContext()).newPage();
    await logInToAdmin(owner, base, server.adminKey(), ADMIN_LABELS);
    await owner.getByRole('tab', { name: STAFF_LABELS.staffTab }).click();
    const email = unique('editor');
    await owner.getByLabel(STAFF_LABELS.inviteEmail).fill(email);
    await owner.getByLabel(STAFF_LABELS.inviteRole).selectOption('editor');
    await owner.getByRole('button', { name: STAFF_LABELS.inviteSubmit }).click();
    await expectToast(owner, STAFF_NOTICES.invited, 'success');
    await owner.locator(`[data-staff-row="${email}"]`).waitFor();
    expect(await axeProblems(owner)).toEqual([]);

    const page = await pageWithAuthenticator();
    const link = await invitationPath(email);
    await page.goto(base + link);
    await adminState(page, 'dashboard');
    await expect.poll(() => signedInAs(page).textContent()).toContain(`${email} (editor)`);
    expect(new URL(page.url()).hash).toBe('');

    // An editor: Insights and Send, no lists, no export button; the export API answers 403.
    expect(await page.getByRole('tab', { name: /Contact/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: ADMIN_LABELS.exportCsv }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/admin/signups.csv')).status);
    expect(status).toBe(403);

    await page.getByRole('button', { name: STAFF_LABELS.addPasskey }).click();
    await expectToast(page, STAFF_NOTICES.passkeyAdded, 'success');
    // Logged out, the passkey signs the editor in again.
    await page.getByRole('button', { name: ADMIN_LABELS.logout }).click();
    await adminState(page, 'gate');
    // The button, unless the browser's autofill (conditional UI) signed in first: Chromium's virtual
    // authenticator answers a waiting request at once, where a person would pick the passkey.
    await page
      .getByRole('button', { name: STAFF_LABELS.passkeyButton })
      .click({ timeout: 10_000 })
      .catch(async (err: unknown) => {
        if ((await page.locator('[data-admin-state="dashboard"]').count()) === 0) throw err;
      });
    await adminState(page, 'dashboard');
    await expect.poll(() => signedInAs(page).textContent()).toContain(`${email} (editor)`);
    await page.context().close();

    // The link worked once: a second visit gets a clear page, not a sign-in.
    const again = await (await browser.newContext()).newPage();
    await again.goto(base + link);
    await again
      .locator('[data-staff-sign-in] [role="alert"]', { hasText: STAFF_NOTICES.invitationExpired.text })
      .waitFor();
    await adminState(again, 'gate');
    await again.context().close();

    // The owner's audit log names the editor's passkey sign-in.
    await owner.getByRole('tab', { name: STAFF_LABELS.auditTab }).click();
    await owner.getByLabel(STAFF_LABELS.auditActor).fill(email);
    await owner.locator('[data-audit-view] tr', { hasText: 'passkey' }).first().waitFor();
    expect(await axeProblems(owner)).toEqual([]);
    await owner.context().close();
  });

  it('signs in with a code e-mailed to a colleague; an aged sign-in is renewed before an export', async () => {
    const email = unique('support');
    // The invitation is used through the API, as its link would: the account becomes active.
    const login = await fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ key: server.adminKey() }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const invited = await fetch(`${base}/api/admin/staff`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
      body: JSON.stringify({ email, role: 'support' }),
    });
    expect(invited.status).toBe(201);
    const token = (await invitationPath(email)).split('=')[1];
    const accepted = await fetch(`${base}/api/admin/sign-in/invitation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ token }),
    });
    expect(accepted.status).toBe(200);

    await db.query(
      `INSERT INTO contact_submissions (name, email, message, source_page) VALUES ('Ada', 'ada@example.org', 'Hi', '/contact')`,
    );
    const ctx = await browser.newContext({ acceptDownloads: true });
    const page = await ctx.newPage();
    await page.goto(base + '/admin');
    await adminState(page, 'gate');
    await page.locator('[data-staff-sign-in]').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.getByLabel(STAFF_LABELS.email).fill(email);
    await page.getByRole('button', { name: STAFF_LABELS.sendCode }).click();
    await page.getByLabel(STAFF_LABELS.code).fill(await mailedCode(email));
    await page.getByRole('button', { name: STAFF_LABELS.codeSubmit }).click();
    await adminState(page, 'dashboard');
    await expect.poll(() => signedInAs(page).textContent()).toContain(`${email} (support)`);
    expect(await page.getByRole('tab', { name: STAFF_LABELS.staffTab }).count()).toBe(0);

    // Eleven minutes later (the session aged as time would), an export asks who it is first.
    await db.query(
      `UPDATE admin_sessions SET reauth_at = now() - interval '11 minutes'
       WHERE staff_id = (SELECT id FROM staff_accounts WHERE email = $1)`,
      [email],
    );
    // The list has loaded (an empty list is not exported at all: no request, no dialog).
    await page.getByText('ada@example.org').first().waitFor();
    await page.getByRole('button', { name: ADMIN_LABELS.exportCsv }).first().click();
    const dialog = page.getByRole('dialog', { name: STAFF_LABELS.reauthTitle });
    await dialog.waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: STAFF_LABELS.sendCode }).click();
    await dialog.getByLabel(STAFF_LABELS.code).fill(await mailedCode(email));
    await dialog.getByRole('button', { name: STAFF_LABELS.codeSubmit }).click();
    expect((await download).suggestedFilename()).toBe('contact-submissions.csv');
    await ctx.close();
  });
});
