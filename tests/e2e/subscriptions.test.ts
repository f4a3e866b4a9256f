// The subscription lifecycle in Chromium against the real `npm start` server delivering to a real
// SMTP server in this process: sign up → the confirmation arrives → open the link → confirm → the
// dashboard shows confirmed (with its consent history); one-click exactly as a mail provider sends
// it → unsubscribed; sign up again → pending again; the preferences page without JavaScript at a
// phone's width; and the hourly cap on a server of its own, under concurrent requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInToAdmin } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp.ts';
import { ADMIN_LABELS, DUPLICATE_SIGNUP, PLACEMENTS, THEME_TEXT } from '../../src/shared/messages/index.ts';
import {
  CONSENT_CHANNEL_WORDS,
  CONSENT_EVENT_WORDS,
  CONSENT_VERSION,
  NEXT_STEP,
  consentWording,
  STATUS_LABELS,
  SUBSCRIPTION_ADMIN_LABELS,
  SUBSCRIPTION_PAGES,
} from '../../src/shared/messages/subscriptions.ts';
import { WELCOME_MAIL } from '../../src/shared/messages/welcome.ts';
import { expectToast, hydrated, newClient } from './form-helpers.ts';

let browser: Browser;
let smtp: TestSmtp;
let server: RunningServer;

const unique = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The path of `path`'s link in the e-mail (the link's origin is SITE_URL, this server's). */
function link(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path}\\?token=[A-Za-z0-9_-]{43})`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in ${mail.text}`);
  return match[1]!;
}

beforeAll(async () => {
  smtp = await startSmtp();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ TRUST_PROXY: '1', SMTP_URL: smtp.url, MAIL_FROM: 'Rooted Threads <hello@example.org>' }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

async function signupsTab(page: Page, status: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(ADMIN_LABELS.signupsTab) }).click();
  await page.getByLabel(SUBSCRIPTION_ADMIN_LABELS.statusFilter).selectOption(status);
}

describe('subscriptions in the browser', () => {
  it('sign up → e-mail → confirm page → confirmed in the dashboard; one-click → unsubscribed; again → pending', async () => {
    const ctx = await newClient(browser);
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    const email = unique('lifecycle');
    const form = page.locator('form[data-signup-form="home"]');
    await hydrated(form);
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: PLACEMENTS.home.button }).click();
    await expectToast(page, PLACEMENTS.home.success, 'success');
    await expect
      .poll(() => page.locator('[data-confirmation-note="home"]').textContent())
      .toBe(`${NEXT_STEP.title} ${NEXT_STEP.text}`);

    const mail = await smtp.waitFor((m) => m.to === email, 20_000);
    expect(mail.subject).toBe('Confirm your Updates sign-up at Rooted Threads');
    // The HTML part shows the same links as the text part.
    expect(mail.html).toContain(link(mail, '/api/subscriptions/confirm').replace(/&/g, '&amp;'));

    // The link opens a page; only its button confirms.
    await page.goto(server.url + link(mail, '/api/subscriptions/confirm'));
    expect(await page.locator('h1').textContent()).toBe(SUBSCRIPTION_PAGES.confirmTitle);
    await page.getByRole('button', { name: SUBSCRIPTION_PAGES.confirmButton }).click();
    await page.waitForLoadState();
    expect(await page.locator('h1').textContent()).toBe(SUBSCRIPTION_PAGES.confirmedTitle);
    // A page of the site: its header leads back in, the list is named plainly, next reads follow.
    expect(await page.locator('main').textContent()).toContain(SUBSCRIPTION_PAGES.confirmedText('Updates'));
    expect(await page.locator('header').getByRole('link', { name: 'Articles' }).count()).toBe(1);
    const reads = page.locator('.reads a');
    expect(await reads.count()).toBe(3);
    expect(await reads.first().getAttribute('href')).toMatch(/^\/articles\/[a-z0-9-]+$/);
    // The welcome follows, with its list's own one-click unsubscribe.
    const welcome = await smtp.waitFor((m) => m.to === email && m.subject === WELCOME_MAIL.subject('Updates'), 20_000);
    expect(welcome.rawHeaders).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);

    // The owner sees it confirmed, and its consent history.
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logInToAdmin(admin, server.url, server.adminKey(), ADMIN_LABELS);
    await signupsTab(admin, 'confirmed');
    const row = admin.locator('tr', { hasText: email });
    await expect
      .poll(() => row.locator('[data-status]').textContent(), { timeout: 10_000 })
      .toBe(STATUS_LABELS.confirmed);
    await expect.poll(() => admin.locator('[data-confirmed]').textContent()).toMatch(/^\d+ confirmed$/);
    await row.getByRole('button', { name: new RegExp(SUBSCRIPTION_ADMIN_LABELS.history) }).click();
    const events = admin.locator('[data-consent-events] tbody tr');
    await expect.poll(() => events.count()).toBe(2);
    expect(await events.nth(0).getAttribute('data-event')).toBe('subscribed');
    expect(await events.nth(1).getAttribute('data-event')).toBe('confirmed');
    // In an owner's words: what happened, how, and which words the reader agreed to (not a code).
    expect(await events.nth(0).locator('td').nth(2).textContent()).toBe(CONSENT_EVENT_WORDS.subscribed);
    expect(await events.nth(1).locator('td').nth(3).textContent()).toBe(CONSENT_CHANNEL_WORDS.confirmation);
    expect(await events.nth(0).locator('[data-version]').textContent()).toBe(consentWording(CONSENT_VERSION));
    // The list cards count people who receive the list now.
    expect(await admin.locator('[data-active-note]').textContent()).toBe(SUBSCRIPTION_ADMIN_LABELS.activeSubscribers);
    await admin.getByRole('button', { name: SUBSCRIPTION_ADMIN_LABELS.historyClose }).click();

    // One-click, exactly as a mail provider sends it: POST to the List-Unsubscribe URL, that body.
    const header = mail.rawHeaders.match(/^List-Unsubscribe:\s*<([^>]+)>/im)![1]!;
    expect(mail.rawHeaders).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);
    const url = new URL(header);
    const oneClick = await fetch(server.url + url.pathname + url.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await admin.reload();
    await signupsTab(admin, 'unsubscribed');
    // The address is gone from the row: it shows as removed.
    await expect
      .poll(() => admin.locator('tbody tr [data-status="unsubscribed"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect((await admin.locator('tbody').allTextContents()).join('\n')).not.toContain(email);

    // Signing up again starts a new confirmation: pending.
    await page.goto(server.url + '/');
    await hydrated(form);
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: PLACEMENTS.home.button }).click();
    await expectToast(page, PLACEMENTS.home.success, 'success');
    await smtp.waitForCount(3, (m) => m.to === email, 20_000);
    await admin.reload();
    await signupsTab(admin, 'pending');
    await expect
      .poll(() => admin.locator('tr', { hasText: email }).locator('[data-status]').textContent(), { timeout: 10_000 })
      .toBe(STATUS_LABELS.pending);
    await ctx.close();
    await admin.context().close();
  });

  it('the preferences page works without JavaScript at a phone width, in the site’s look and the reader’s chosen theme', async () => {
    const email = unique('prefs');
    const res = await fetch(server.url + '/api/signups', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Forwarded-For': '203.0.113.77' },
      body: JSON.stringify({ email, signup_type: 'Newsletter', source_page: '/' }),
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to === email, 20_000);
    for (const colorScheme of ['light', 'dark'] as const) {
      const ctx = await newClient(browser, {
        javaScriptEnabled: false,
        viewport: { width: 320, height: 700 },
        colorScheme,
      });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(server.url + link(mail, '/api/subscriptions/preferences'));
      expect(await page.locator('h1').textContent()).toBe(SUBSCRIPTION_PAGES.preferencesTitle);
      // The inline style is allowed by the CSP's hash (no violation), and nothing is wider than the phone.
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('button')!).borderRadius)).toBe('999px');
      await ctx.close();
    }
    // The theme the reader chose with the site's toggle holds on these pages too, both ways.
    for (const [system, chosen, background] of [
      ['light', 'dark', 'rgb(27, 23, 19)'],
      ['dark', 'light', 'rgb(244, 238, 226)'],
    ] as const) {
      const themed = await newClient(browser, { viewport: { width: 375, height: 800 }, colorScheme: system });
      const site = await themed.newPage();
      await site.goto(server.url + '/');
      await site.getByRole('button', { name: THEME_TEXT.button }).click();
      await expect.poll(() => site.evaluate(() => document.documentElement.dataset.theme)).toBe(chosen);
      const errors: string[] = [];
      site.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await site.goto(server.url + link(mail, '/api/subscriptions/preferences'));
      expect(await site.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
      expect(errors).toEqual([]); // the script is allowed by its hash
      await themed.close();
    }

    const ctx = await newClient(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(server.url + link(mail, '/api/subscriptions/preferences'));
    await page.getByRole('checkbox', { name: /Newsletter/ }).uncheck();
    await page.getByRole('button', { name: SUBSCRIPTION_PAGES.save }).click();
    await page.waitForLoadState();
    expect(await page.locator('h1').textContent()).toBe(SUBSCRIPTION_PAGES.savedTitle);
    // Its only list: the address is gone, so the page says nothing more will come and offers no box
    // that could not be ticked again ("only what is ticked below" would point at nothing).
    const main = (await page.locator('main').textContent())!;
    expect(main).toContain(SUBSCRIPTION_PAGES.savedNoneText);
    expect(main).toContain(SUBSCRIPTION_PAGES.noAddressNote);
    expect(main).not.toContain(SUBSCRIPTION_PAGES.savedText);
    expect(await page.getByRole('checkbox', { name: /Newsletter/ }).count()).toBe(0);
    await ctx.close();
  });
});

/** WCAG 2 contrast ratio of two opaque `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the notice after a plain post, as a phone without JavaScript shows it', () => {
  // Each placement's band: the article's body (mid, end) and the footer's dark band (footer).
  const placements = [
    { placement: 'mid', type: 'updates', button: PLACEMENTS.mid.button },
    { placement: 'end', type: 'movement', button: PLACEMENTS.end.button },
    { placement: 'footer', type: 'newsletter', button: PLACEMENTS.footer.button },
  ] as const;

  it('is readable in both themes: every word of its card has WCAG AA contrast (success and duplicate)', async () => {
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const { placement, type, button } of placements) {
        const email = unique(`notice-${placement}-${colorScheme}`);
        for (const outcome of ['confirm', 'duplicate'] as const) {
          // A client of its own for each post: the forms' rate limit counts per client.
          const ctx = await newClient(browser, {
            javaScriptEnabled: false,
            viewport: { width: 320, height: 700 },
            colorScheme,
          });
          const page = await ctx.newPage();
          await page.goto(server.url + '/articles/hemp-vs-cotton');
          const form = page.locator(`form[data-signup-form="${placement}"]`);
          await form.getByLabel('Email address').fill(email);
          await form.getByRole('button', { name: button }).click();
          await page.waitForURL(`**/articles/hemp-vs-cotton#signup-${type}-${outcome}`, { timeout: 15_000 });
          const notice = page.locator(`#signup-${type}-${outcome}`);
          expect(await notice.isVisible()).toBe(true);
          if (outcome === 'duplicate') expect(await notice.textContent()).toContain(DUPLICATE_SIGNUP.text);
          // Every run of text in the card against the card's own (opaque) background.
          const colours = await notice.evaluate((card) => {
            const background = getComputedStyle(card).backgroundColor;
            return [card, ...card.querySelectorAll('*')].map((el) => [getComputedStyle(el).color, background]);
          });
          for (const [text, background] of colours) {
            const ratio = contrast(text!, background!);
            if (ratio < 4.5)
              problems.push(`${colorScheme} ${placement} ${outcome}: ${text} on ${background} (${ratio.toFixed(2)})`);
          }
          await ctx.close();
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('the toasts, with JavaScript, at a phone width', () => {
  it('the failure toast (a duplicate) and the success toast are readable in both themes', async () => {
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const ctx = await newClient(browser, { viewport: { width: 320, height: 800 }, colorScheme });
      const page = await ctx.newPage();
      await page.goto(server.url + '/');
      const form = page.locator('form[data-signup-form="home"]');
      await hydrated(form);
      const email = unique(`toast-${colorScheme}`);
      for (const [notice, tone] of [
        [PLACEMENTS.home.success, 'success'],
        [DUPLICATE_SIGNUP, 'error'],
      ] as const) {
        await form.getByLabel('Email address').fill(email);
        await form.getByRole('button', { name: PLACEMENTS.home.button }).click();
        await expectToast(page, notice, tone);
        const toast = page.locator(`[data-toast="${tone}"]`).filter({ hasText: notice.text }).first();
        const colours = await toast.evaluate((card) => {
          const background = getComputedStyle(card).backgroundColor;
          return [...card.querySelectorAll('*')]
            .filter((el) => el.textContent?.trim())
            .map((el) => [getComputedStyle(el).color, background]);
        });
        for (const [text, background] of colours) {
          const ratio = contrast(text!, background!);
          if (ratio < 4.5) problems.push(`${colorScheme} ${tone}: ${text} on ${background} (${ratio.toFixed(2)})`);
        }
      }
      await ctx.close();
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('the pages that make the promises', () => {
  it('/privacy and /terms never run a word into the link after it (the build collapses line breaks)', async () => {
    for (const path of ['/privacy', '/terms']) {
      const html = await (await fetch(server.url + path)).text();
      expect(html.match(/[\p{L},.:;]<a\s[^>]*>[^<]*/gu) ?? [], path).toEqual([]);
    }
  });
});

describe('the hourly confirmation cap on a server of its own', () => {
  it('holds under 24 concurrent sign-ups: 4 stored and e-mailed, the rest 429 with nothing stored', async () => {
    const capSmtp = await startSmtp();
    const capServer = await startServer({
      TRUST_PROXY: '1',
      SMTP_URL: capSmtp.url,
      MAIL_FROM: 'Rooted Threads <hello@example.org>',
      SIGNUP_CONFIRMATION_MAIL_LIMIT: '4',
    });
    try {
      const emails = Array.from({ length: 24 }, (_, i) => unique(`cap${i}`));
      const answers = await Promise.all(
        emails.map((email, i) =>
          fetch(capServer.url + '/api/signups', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Origin: capServer.url,
              'X-Forwarded-For': `203.0.113.${i + 1}`,
            },
            body: JSON.stringify({ email, signup_type: 'Updates', source_page: '/' }),
          }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array<number>(4).fill(201), ...Array<number>(20).fill(429)]);
      await capSmtp.waitForCount(4, () => true, 20_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(capSmtp.received).toHaveLength(4);
      const accepted = emails.filter((_, i) => answers[i]!.status === 201).sort();
      expect(capSmtp.received.map((m) => m.to).sort()).toEqual(accepted);
    } finally {
      await capServer.stop();
      await capSmtp.stop();
    }
  }, 180_000); // a fresh embedded database takes 15–30 s to create on a loaded machine
});
