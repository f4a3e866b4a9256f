// Sign-ups in Chromium against the production server: every placement (home, footer, article
// middle and end) with the spec's labels, submitting labels and toasts; validation, duplicates,
// failures that keep the value; the same forms with JavaScript off; and the rows in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { removeDir } from '../support/db.ts';
import {
  DUPLICATE_SIGNUP,
  PLACEMENTS,
  PROBLEMS,
  SIGNUP_FAILURE,
  SIGNUP_FAILURE_FALLBACK,
  type Placement,
} from '../../src/shared/messages/index.ts';
import { CONFIRMATION_SENTENCE, NEXT_STEP } from '../../src/shared/messages/subscriptions.ts';
import type { SignupRow } from '../functions/form-suite.ts';
import {
  countPosts,
  expectToast,
  finalTables,
  hydrated,
  newClient,
  slowPosts,
  startFormServer,
} from './form-helpers.ts';

const ARTICLE = '/articles/hemp-vs-cotton';
let browser: Browser;
let server: RunningServer;
const expected: SignupRow[] = [];
const unique = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startFormServer()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<Page> {
  const page = await (await newClient(browser)).newPage();
  await page.goto(server.url + path);
  return page;
}

const form = (page: Page, placement: Placement) => page.locator(`form[data-signup-form="${placement}"]`);

/** Submits `email` in a placement with the answer slowed, checking the submitting state on the way. */
async function submit(page: Page, placement: Placement, email: string): Promise<void> {
  const f = form(page, placement);
  await hydrated(f);
  const button = f.getByRole('button');
  await expect.poll(() => button.textContent()).toBe(PLACEMENTS[placement].button);
  await f.getByLabel('Email address').fill(email);
  await button.click();
  await expect.poll(() => button.textContent()).toBe(PLACEMENTS[placement].submitting);
  expect(await button.isDisabled()).toBe(true);
  await expect.poll(() => button.textContent(), { timeout: 10_000 }).toBe(PLACEMENTS[placement].button);
  expect(await button.isDisabled()).toBe(false);
  // Disabling the focused button dropped focus to <body>; the form gives it back.
  await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('sign-ups with JavaScript', () => {
  it.each([
    ['home', '/'],
    ['footer', '/'],
    ['mid', ARTICLE],
    ['end', ARTICLE],
  ] as const)('%s placement: submitting label, success toast, e-mail cleared, row stored', async (placement, path) => {
    const page = await open(path);
    await slowPosts(page, '/api/signups');
    const email = unique(placement);
    // Typed with spaces around: trimmed before checking and sending.
    // The words around the form say plainly which list it is and what it brings (issue 39, item 14).
    const around = form(page, placement).locator('xpath=ancestor::*[self::aside or self::section][1]');
    expect(await around.textContent()).toMatch(new RegExp(`our ${PLACEMENTS[placement].signupType} list`, 'i'));
    await submit(page, placement, `  ${email} `);
    await expectToast(page, PLACEMENTS[placement].success, 'success');
    expect(await form(page, placement).getByLabel('Email address').inputValue()).toBe('');
    // The toast keeps the spec's words; the step that is left is under the form, first and plain:
    // a heading larger than the toast's title.
    const note = page.locator(`[data-confirmation-note="${placement}"]`);
    await expect.poll(() => note.textContent()).toBe(`${NEXT_STEP.title} ${NEXT_STEP.text}`);
    expect(await note.isVisible()).toBe(true);
    const px = (locator: Locator) => locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await px(note.locator('strong'))).toBeGreaterThan(
      await px(page.locator('[data-toast="success"] p').first()),
    );
    expected.push({ email, signup_type: PLACEMENTS[placement].signupType, source_page: path });
    await page.context().close();
  });

  it('says when the address is already signed up (any case), keeping the value', async () => {
    const page = await open('/');
    await slowPosts(page, '/api/signups');
    const email = unique('twice');
    await submit(page, 'footer', email);
    await expectToast(page, PLACEMENTS.footer.success, 'success');
    expected.push({ email, signup_type: 'Newsletter', source_page: '/' });
    await submit(page, 'footer', email.toUpperCase());
    await expectToast(page, DUPLICATE_SIGNUP, 'error');
    expect(await form(page, 'footer').getByLabel('Email address').inputValue()).toBe(email.toUpperCase());
    // The same address may still join another list.
    await submit(page, 'home', email);
    await expectToast(page, PLACEMENTS.home.success, 'success');
    expected.push({ email, signup_type: 'Updates', source_page: '/' });
    await page.context().close();
  });

  it('validates before sending: Email Required, Invalid Email, nothing sent', async () => {
    const page = await open(ARTICLE);
    const posts = await countPosts(page, '/api/signups');
    const f = form(page, 'mid');
    await hydrated(f);
    const input = f.getByLabel('Email address');
    await input.fill('   ');
    await f.getByRole('button').click();
    await expectToast(page, PROBLEMS.emailRequired, 'error');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('reader@example');
    await f.getByRole('button').click();
    await expectToast(page, PROBLEMS.invalidEmail, 'error');
    expect(await input.inputValue()).toBe('reader@example');
    expect(posts()).toBe(0);
    await page.context().close();
  });

  it('keeps the value and shows the spec failure when the request fails (home/footer vs article)', async () => {
    const page = await open(ARTICLE);
    await page.route('**/api/signups', (route) => route.abort('connectionrefused'));
    const mid = form(page, 'mid');
    await hydrated(mid);
    await mid.getByLabel('Email address').fill('kept@example.com');
    await mid.getByRole('button').click();
    // Article pages show the error's own message; a failed connection has none.
    await expectToast(page, { title: SIGNUP_FAILURE.title, text: SIGNUP_FAILURE_FALLBACK }, 'error');
    expect(await mid.getByLabel('Email address').inputValue()).toBe('kept@example.com');
    expect(await mid.getByRole('button').textContent()).toBe(PLACEMENTS.mid.button);

    const footer = form(page, 'footer');
    await hydrated(footer);
    await footer.getByLabel('Email address').fill('kept-too@example.com');
    await footer.getByRole('button').click();
    await expectToast(page, SIGNUP_FAILURE, 'error');
    expect(await footer.getByLabel('Email address').inputValue()).toBe('kept-too@example.com');
    // One toaster for the page, however many islands use it.
    expect(await page.locator('[data-toaster]').count()).toBe(1);
    await page.context().close();
  });

  it('keeps the value when the server is down', async () => {
    const own = await startServer();
    try {
      const page = await (await newClient(browser)).newPage();
      await page.goto(own.url + '/');
      const f = form(page, 'home');
      await hydrated(f);
      await own.stop();
      await f.getByLabel('Email address').fill('offline@example.com');
      await f.getByRole('button').click();
      await expectToast(page, SIGNUP_FAILURE, 'error');
      expect(await f.getByLabel('Email address').inputValue()).toBe('offline@example.com');
      await page.context().close();
    } finally {
      await own.stop();
      removeDir(own.dataDir);
    }
  }, 120_000);

  it('ships no JavaScript on an article until a form scrolls into view', async () => {
    const page = await open(ARTICLE);
    const scripts = () =>
      page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\.m?js(\?|$)/.test(e.name)).length);
    await page.waitForLoadState('networkidle');
    expect(await scripts()).toBe(0);
    await hydrated(form(page, 'mid'));
    expect(await scripts()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('sign-ups without JavaScript', () => {
  it('posts the form and shows the notice on the page it came from', async () => {
    const ctx = await newClient(browser, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(server.url + ARTICLE);
    const email = unique('nojs');
    const f = form(page, 'mid');
    await f.getByLabel('Email address').fill(email);
    await f.getByRole('button', { name: PLACEMENTS.mid.button }).click();
    // Double opt-in (the default): the spec's notice, and the one sentence about the e-mail.
    await page.waitForURL(`**${ARTICLE}#signup-updates-confirm`);
    const ok = page.locator('#signup-updates-confirm');
    expect(await ok.isVisible()).toBe(true);
    expect(await ok.textContent()).toContain(PLACEMENTS.mid.success.text);
    expect(await ok.textContent()).toContain(CONFIRMATION_SENTENCE);
    // The step that is left is the notice's first and largest line; the spec's words follow it.
    const said = (await ok.textContent()) ?? '';
    expect(said.startsWith(NEXT_STEP.title)).toBe(true);
    expect(said.indexOf(NEXT_STEP.title)).toBeLessThan(said.indexOf(PLACEMENTS.mid.success.title));
    const size = (selector: string) =>
      ok
        .locator(selector)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('strong')).toBeGreaterThan(await size('span'));
    // Only that one notice shows.
    expect(await page.locator('[data-notice]:visible').count()).toBe(1);
    expected.push({ email, signup_type: 'Updates', source_page: ARTICLE });

    // Again: the duplicate notice.
    await form(page, 'mid').getByLabel('Email address').fill(email);
    await form(page, 'mid').getByRole('button', { name: PLACEMENTS.mid.button }).click();
    await page.waitForURL(`**${ARTICLE}#signup-updates-duplicate`);
    expect(await page.locator('#signup-updates-duplicate').textContent()).toContain(DUPLICATE_SIGNUP.text);

    // The row is there: the API says so too.
    const res = await fetch(server.url + '/api/signups', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.99' },
      body: JSON.stringify({ email, signup_type: 'Updates', source_page: ARTICLE }),
    });
    expect(res.status).toBe(409);
    await ctx.close();
  });

  it('the browser checks the e-mail itself before posting (required, type=email)', async () => {
    const ctx = await newClient(browser, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    const f = form(page, 'footer');
    await f.getByRole('button', { name: PLACEMENTS.footer.button }).click();
    expect(page.url()).toBe(server.url + '/');
    expect(await f.getByLabel('Email address').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await ctx.close();
  });
});

describe('the database', () => {
  it('holds exactly the sign-ups the browser made, as typed and trimmed', async () => {
    const tables = await finalTables(server);
    const sort = (rows: SignupRow[]) =>
      [...rows].sort((a, b) => `${a.email}${a.signup_type}`.localeCompare(`${b.email}${b.signup_type}`));
    expect(sort(tables.signups)).toEqual(sort(expected));
  }, 60_000);
});
