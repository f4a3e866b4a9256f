// WCAG 2.2 1.4.11 (non-text contrast): a reader must see where each form field is. axe does not
// measure borders, so this reads the colours the browser computed, in both themes: a field's edge
// (its border, or its own fill where the border is transparent) differs 3:1 from what surrounds it,
// on the reader's pages and in the owner's dashboard.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminState, browserForFile, logInToAdmin } from '../support/browser';
import { TEST_SERVER_ADMIN_KEY } from '../support/server';
import { contrast, isTransparent, painted } from '../support/theme';
import { ADMIN_LABELS } from '../../src/shared/messages/index.ts';
import { ANNOUNCEMENT_LABELS } from '../../src/shared/messages/announcements.ts';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const { open } = browserForFile(base);

/** Pages with every kind of form a reader meets: sign-up blocks, the footer band, the contact form. */
const PAGES = ['/', '/articles/hemp-vs-cotton', '/contact'];
const TEXT_FIELDS = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea';

interface FieldColours {
  field: string;
  border: string;
  fill: string;
  around: string;
}

describe('form fields stand out from their surroundings (WCAG 1.4.11)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`every text field of the reader's pages has a 3:1 edge in the ${colorScheme} theme`, async () => {
      const problems: string[] = [];
      let checked = 0;
      for (const path of PAGES) {
        const { page, ctx } = await open(path, { colorScheme });
        // Off-screen parts under content-visibility: auto are styled alike once shown.
        await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
        const fields = await fieldColours(page);
        await ctx.close();
        checked += fields.length;
        problems.push(...lowContrast(path, fields));
      }
      expect(checked).toBeGreaterThan(5);
      expect(problems).toEqual([]);
    });

    it(`every text field of the owner's dashboard has a 3:1 edge in the ${colorScheme} theme`, async () => {
      const { page, ctx } = await open('/admin', { colorScheme });
      await adminState(page, 'gate');
      const gate = await fieldColours(page);
      await logInToAdmin(page, base, TEST_SERVER_ADMIN_KEY, ADMIN_LABELS);
      const lists = await fieldColours(page);
      await page.getByRole('tab', { name: ANNOUNCEMENT_LABELS.tab, exact: true }).click();
      await page.locator('[data-panel="send"] [data-send-view][aria-busy="false"] [data-compose]').waitFor();
      const send = await fieldColours(page);
      await ctx.close();
      for (const [view, fields] of [
        ['gate', gate],
        ['lists', lists],
        ['send', send],
      ] as const)
        expect(fields.length, `text fields in the ${view} view`).toBeGreaterThan(0);
      expect([
        ...lowContrast('/admin gate', gate),
        ...lowContrast('/admin lists', lists),
        ...lowContrast('/admin send', send),
      ]).toEqual([]);
    });
  }
});

/** The computed colours of every text field a reader can see, and of what lies behind it. */
async function fieldColours(page: Page): Promise<FieldColours[]> {
  const found: FieldColours[] = [];
  for (const input of await page.locator(TEXT_FIELDS).filter({ visible: true }).all()) {
    const own = await input.evaluate((el) => {
      // The honeypot is kept from readers and assistive technology alike.
      if (el.closest('[aria-hidden="true"]')) return null;
      const style = getComputedStyle(el);
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : '';
      return {
        field: `${el.tagName.toLowerCase()}[name=${el.getAttribute('name')}] ${label ?? ''}`.trim(),
        border: style.borderTopWidth === '0px' ? 'transparent' : style.borderTopColor,
        fill: style.backgroundColor,
      };
    });
    if (own) found.push({ ...own, around: (await painted(input.locator('xpath=..'))).background });
  }
  return found;
}

/** A field's edge is its border, or its own fill where the border is transparent. */
function lowContrast(where: string, fields: FieldColours[]): string[] {
  return fields.flatMap((f) => {
    const edge = isTransparent(f.border) ? f.fill : f.border;
    const ratio = contrast(edge, f.around);
    return ratio < 3 ? [`${where} ${f.field}: edge ${edge} on ${f.around} is ${ratio.toFixed(2)}:1`] : [];
  });
}
