// Debian's Chromium driven by playwright-core (browsers cannot be downloaded here): its headless
// shell (Debian's chromium-headless-shell, the same Chromium build without the browser's window
// and UI, which is what Playwright itself runs for headless tests) when installed, else the full
// browser. A page view costs the shell about 40% less CPU (docs/benchmarks.md, section 9).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium 156 starts two WebUI renderers for the omnibox popup with every new window, which in
 * headless mode is every context's first page: about 40% of the CPU one of our page views costs
 * in a test (docs/benchmarks.md, section 9). Chromium keeps only the last `--disable-features`
 * switch, so this repeats Playwright 1.65's own list (its chromiumSwitches.ts) before ours.
 */
export const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
const DISABLED_FEATURES = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades'],
  ...['HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding'],
  ...['ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin'],
  ...['OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'],
  ...OMNIBOX_WEBUI,
];

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's Chromium itself: the browser Lighthouse drives (scripts/bench/lighthouse.ts). */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** CHROMIUM_PATH, else Debian's headless shell, else Debian's Chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}

/**
 * `scrollbars`: draw classic scrollbars as desktop Chrome on Linux or Windows (and Lighthouse's
 * Chrome) does; Playwright hides them in headless mode, and one that appears takes 15 px of width.
 */
export function launchBrowser(options: { scrollbars?: boolean; fullBrowser?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    // `fullBrowser`: the browser Lighthouse drives (its frames reach the screen later after they
    // are drawn than the headless shell's do).
    executablePath: options.fullBrowser ? FULL_CHROMIUM : chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, `--disable-features=${DISABLED_FEATURES.join(',')}`],
    ignoreDefaultArgs: options.scrollbars ? ['--hide-scrollbars'] : [],
  });
}

/**
 * One browser for a test file (launched before its tests, closed after) and `open(path)`, which
 * loads a page of `base` in a fresh context (1280×900 unless the options say otherwise).
 */
export function browserForFile(base: string) {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => browser,
    open: async (
      path: string,
      options: Parameters<Browser['newContext']>[0] = {},
    ): Promise<{ page: Page; ctx: BrowserContext }> => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      const page = await ctx.newPage();
      await page.goto(base + path);
      return { page, ctx };
    },
  };
}

/** Waits until the admin island shows `name` (loading, gate, dashboard). */
export const adminState = (page: Page, name: string) =>
  page.locator(`[data-admin-state="${name}"]`).waitFor({ timeout: 15_000 });

/** Logs in on /admin of `base` with `key` through the gate, as the owner would. */
export async function logInToAdmin(
  page: Page,
  base: string,
  key: string,
  labels: { keyLabel: string; submit: string },
) {
  await page.goto(base + '/admin');
  await adminState(page, 'gate');
  await page.getByLabel(labels.keyLabel).fill(key);
  await page.getByRole('button', { name: labels.submit }).click();
  await adminState(page, 'dashboard');
}
