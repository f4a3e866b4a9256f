// Shared by the sign-up and contact browser tests: a server of their own (own database, and
// TRUST_PROXY so each browser context is its own client for the rate limit), contexts, the
// hydration signal, toasts and reading the database after the server stops.
import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
// Reading a stopped server's embedded database is shared with the function tests.
export { finalTables } from '../functions/targets.ts';
import type { Notice } from '../../src/shared/messages/index.ts';

export async function startFormServer(): Promise<RunningServer> {
  return startServer({ TRUST_PROXY: '1' });
}

let clients = 0;
/** A browser context that the server sees as a client of its own (X-Forwarded-For). */
export async function newClient(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  clients++;
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.${(clients >> 8) & 255}.${clients & 255}` },
    ...options,
  });
}

/** The island has hydrated once React set `novalidate` on its form. */
export async function hydrated(form: Locator): Promise<void> {
  await form.scrollIntoViewIfNeeded();
  await expect.poll(() => form.getAttribute('novalidate'), { timeout: 15_000 }).not.toBeNull();
}

/** Answers to POSTs on `path` are held back `ms`, so the submitting state can be seen. */
export async function slowPosts(page: Page, path: string, ms = 1200): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** The visible toast with `notice`'s title and text, and its tone. */
export async function expectToast(page: Page, notice: Notice, tone: 'success' | 'error'): Promise<void> {
  const toast = page
    .locator(`[data-toast="${tone}"]`)
    .filter({ hasText: notice.title })
    .filter({ hasText: notice.text });
  await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
  // …and screen readers hear it: the page's live region for that tone carries the same words.
  const region = page.locator(`[data-toaster] [role="${tone === 'error' ? 'alert' : 'status'}"]`);
  await expect.poll(() => region.textContent()).toContain(notice.text);
}

export async function countPosts(page: Page, path: string): Promise<() => number> {
  let n = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === path) n++;
  });
  return () => n;
}
