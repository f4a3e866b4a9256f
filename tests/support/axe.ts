// axe-core as every browser test runs it: WCAG 2.2 AA and best practice, on the page as the reader
// reads it once things have come to rest. A toast that starts fading out while axe is reading the
// page is measured at its passing opacity (its ink came out 1.01:1 and 1.4:1 against the page in
// two runs), so motion is switched off first: every element is then in its final state, shown or
// gone, whenever axe looks.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * An AxeBuilder on `page` with AXE_TAGS, the page's transitions and animations switched off. Only
 * violations are reported in full (`resultTypes`): the tests read nothing else, and axe otherwise
 * gathers and sends back every passing node of every rule, long articles' thousands included.
 */
export async function axeAtRest(page: Page): Promise<AxeBuilder> {
  await page.addStyleTag({ content: NO_MOTION });
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS);
}
