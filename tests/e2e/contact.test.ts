// The contact form in Chromium against the production server: 'Sending...', the spec's toasts,
// the form cleared on success and kept on failure, validation before sending, the plain post
// with JavaScript off, and the rows in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import type { RunningServer } from '../support/server.ts';
import { CONTACT, PROBLEMS } from '../../src/shared/messages/index.ts';
import type { ContactRow } from '../functions/form-suite.ts';
import {
  countPosts,
  expectToast,
  finalTables,
  hydrated,
  newClient,
  slowPosts,
  startFormServer,
} from './form-helpers.ts';

let browser: Browser;
let server: RunningServer;
const expected: ContactRow[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startFormServer()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const page = await (await newClient(browser, options)).newPage();
  await page.goto(server.url + '/contact');
  return page;
}

const form = (page: Page) => page.locator('form[data-contact-form]');
const field = (page: Page, label: RegExp) => form(page).getByLabel(label);

async function fill(
  page: Page,
  values: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  await field(page, /^Name/).fill(values.name);
  await field(page, /^Email address/).fill(values.email);
  await field(page, /^Subject/).fill(values.subject);
  await field(page, /^Message/).fill(values.message);
}

const values = () => ({
  name: 'Ada Weaver',
  email: `ada-${Date.now().toString(36)}@example.com`,
  subject: 'Linen care',
  message: 'How hot can I wash linen?\nThanks! 🌿',
});

describe('the contact form with JavaScript', () => {
  it('has the spec fields: required name, e-mail and message, optional subject, a 6-row message', async () => {
    const page = await open();
    const f = form(page);
    expect(await f.getAttribute('method')).toBe('post');
    expect(await f.getAttribute('action')).toBe('/api/contact');
    expect(await field(page, /^Name/).getAttribute('required')).not.toBeNull();
    expect(await field(page, /^Email address/).getAttribute('type')).toBe('email');
    expect(await field(page, /^Email address/).getAttribute('required')).not.toBeNull();
    expect(await field(page, /^Subject/).getAttribute('required')).toBeNull();
    expect(await field(page, /^Message/).getAttribute('rows')).toBe('6');
    expect(await field(page, /^Message/).getAttribute('required')).not.toBeNull();
    await page.context().close();
  });

  it("shows 'Sending...' while sending, then 'Message Sent!', and clears the form", async () => {
    const page = await open();
    await slowPosts(page, '/api/contact');
    await hydrated(form(page));
    const v = values();
    await fill(page, v);
    const button = form(page).getByRole('button', { name: CONTACT.button });
    await button.click();
    const busy = form(page).getByRole('button', { name: CONTACT.submitting });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await expectToast(page, CONTACT.success, 'success');
    for (const label of [/^Name/, /^Email address/, /^Subject/, /^Message/])
      expect(await field(page, label).inputValue()).toBe('');
    expect(await button.isEnabled()).toBe(true);
    expected.push({ ...v, source_page: '/contact' });
    await page.context().close();
  });

  it('validates before sending: Missing Information, Invalid Email', async () => {
    const page = await open();
    const posts = await countPosts(page, '/api/contact');
    await hydrated(form(page));
    await fill(page, { ...values(), name: '   ' });
    await form(page).getByRole('button').click();
    await expectToast(page, PROBLEMS.missingInformation, 'error');
    expect(await field(page, /^Name/).getAttribute('aria-invalid')).toBe('true');
    await fill(page, { ...values(), email: 'ada@example' });
    await form(page).getByRole('button').click();
    await expectToast(page, PROBLEMS.invalidEmail, 'error');
    expect(posts()).toBe(0);
    await page.context().close();
  });

  it('shows each problem beside its field, and a success clears the stale error toasts', async () => {
    const page = await open();
    await hydrated(form(page));
    await fill(page, { ...values(), name: '   ' });
    await form(page).getByRole('button').click();
    await expectToast(page, PROBLEMS.missingInformation, 'error');
    const name = field(page, /^Name/);
    const nameError = page.locator(`#${await name.getAttribute('aria-describedby')}`);
    expect(await nameError.textContent()).toBe(PROBLEMS.missingInformation.text);
    await fill(page, { ...values(), email: 'ada@example' });
    await form(page).getByRole('button').click();
    await expectToast(page, PROBLEMS.invalidEmail, 'error');
    // One error at a time: the newer replaces the older, on screen and beside the field.
    await expect.poll(() => page.locator('[data-toast="error"][data-visible="true"]').count()).toBe(1);
    expect(await name.getAttribute('aria-describedby')).toBeNull();
    const email = field(page, /^Email address/);
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent()).toBe(
      PROBLEMS.invalidEmail.text,
    );
    const v = values();
    await fill(page, v);
    await form(page).getByRole('button').click();
    await expectToast(page, CONTACT.success, 'success');
    await expect.poll(() => page.locator('[data-toast="error"][data-visible="true"]').count()).toBe(0);
    expect(await page.locator('[data-field-error]').count()).toBe(0);
    expected.push({ ...v, source_page: '/contact' });
    await page.context().close();
  });

  it('keeps everything and shows the spec failure when sending fails', async () => {
    const page = await open();
    await page.route('**/api/contact', (route) => route.abort('connectionreset'));
    await hydrated(form(page));
    const v = values();
    await fill(page, v);
    await form(page).getByRole('button').click();
    await expectToast(page, CONTACT.failure, 'error');
    expect(await field(page, /^Name/).inputValue()).toBe(v.name);
    expect(await field(page, /^Email address/).inputValue()).toBe(v.email);
    expect(await field(page, /^Subject/).inputValue()).toBe(v.subject);
    expect(await field(page, /^Message/).inputValue()).toBe(v.message);
    await page.context().close();
  });
});

describe('the contact form without JavaScript', () => {
  it('posts the form and shows the notice', async () => {
    const page = await open({ javaScriptEnabled: false });
    const v = { ...values(), subject: '' };
    await fill(page, v);
    await form(page).getByRole('button', { name: CONTACT.button }).click();
    await page.waitForURL('**/contact#contact-ok');
    const ok = page.locator('#contact-ok');
    expect(await ok.isVisible()).toBe(true);
    expect(await ok.textContent()).toContain(CONTACT.success.text);
    expected.push({ ...v, subject: null, source_page: '/contact' });
    await page.context().close();
  });
});

describe('the database', () => {
  it('holds exactly the messages the browser sent', async () => {
    const tables = await finalTables(server);
    const sort = (rows: ContactRow[]) => [...rows].sort((a, b) => a.email.localeCompare(b.email));
    expect(sort(tables.contacts)).toEqual(sort(expected));
  }, 60_000);
});
