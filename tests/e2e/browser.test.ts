// The browser the tests drive costs what a page costs and no more: Chromium 156 opens WebUI
// renderers for the omnibox popup with every window unless told not to (tests/support/browser.ts).
// Should a later Chromium rename those features, this says so before the browser tier slows down.
import { describe, expect, it } from 'vitest';
import { browserForFile } from '../support/browser';

const { browser } = browserForFile('');

describe('the test browser', () => {
  it('opens a page with no browser-UI renderer beside it', async () => {
    const ctx = await browser().newContext();
    const page = await ctx.newPage();
    await page.goto('about:blank');
    const cdp = await browser().newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
    expect(targetInfos.map((t) => `${t.type} ${t.url}`).filter((t) => t.startsWith('browser_ui'))).toEqual([]);
    expect(targetInfos.some((t) => t.type === 'page')).toBe(true);
    await ctx.close();
  });
});
