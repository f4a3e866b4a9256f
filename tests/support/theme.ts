// The dark theme in a browser test, chosen the way the site chooses it: the toggle stores the
// reader's choice under THEME_STORAGE_KEY (src/components/theme-toggle.ts) and the head script
// (src/lib/theme-script.ts) applies it as <html data-theme="dark"> before the first paint. The
// context's own colour scheme stays light, so a page that ignored the choice would show light.
// Then what a test checks of a view in that theme: dark surfaces, light ink, and axe (WCAG 2.2 AA,
// colour contrast included) with no serious or critical violation.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { axeAtRest } from './axe.ts';
import { THEME_STORAGE_KEY } from '../../src/shared/theme.ts';

/** Every page `ctx` opens from now on starts in the dark theme, as after a press of the toggle. */
export async function useDarkTheme(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript((key) => {
    try {
      localStorage.setItem(key, 'dark');
    } catch {
      // An opaque origin (about:blank) has no storage; the site's pages do.
    }
  }, THEME_STORAGE_KEY);
}

/** WCAG relative luminance of a computed `rgb(…)`/`rgba(…)` colour (0 black … 1 white). */
export function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A computed colour that paints nothing (`transparent`, or any colour at alpha 0). */
export function isTransparent(colour: string): boolean {
  return colour === 'transparent' || /^rgba\(.*,\s*0\)$/.test(colour);
}

/** WCAG contrast ratio of two computed colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

export interface Painted {
  /** <html data-theme> and its computed color-scheme. */
  theme: string | undefined;
  colorScheme: string;
  /** The first opaque background at or behind the element (its own or an ancestor's). */
  background: string;
  /** Its text colour. */
  color: string;
}

/** The colours the first element of `at` is painted in. */
export function painted(at: Locator): Promise<Painted> {
  return at.first().evaluate((el) => {
    const opaque = (c: string) => c !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(c);
    let node: Element | null = el;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      if (opaque(bg)) {
        background = bg;
        break;
      }
      node = node.parentElement;
    }
    const root = document.documentElement;
    return {
      theme: root.dataset.theme,
      colorScheme: getComputedStyle(root).colorScheme,
      background,
      color: getComputedStyle(el).color,
    };
  });
}

/**
 * What is wrong with `selector` in the dark theme, as lines for `expect(…).toEqual([])`: the page is
 * not in the dark theme, its background is not dark (luminance ≥ 0.1) or its text not light
 * (luminance ≤ 0.4), or axe finds a serious or critical violation inside `include` (default: the
 * whole page), colour contrast among them.
 */
export async function darkThemeProblems(
  page: Page,
  selector: string,
  { include, exclude }: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const p = await painted(page.locator(selector));
  if (p.theme !== 'dark' || p.colorScheme !== 'dark')
    problems.push(`not in the dark theme: data-theme=${p.theme}, color-scheme: ${p.colorScheme}`);
  if (luminance(p.background) >= 0.1) problems.push(`${selector}: background ${p.background} is not dark`);
  if (luminance(p.color) <= 0.4) problems.push(`${selector}: text ${p.color} is not light`);
  let axe = await axeAtRest(page);
  if (include) axe = axe.include(include);
  if (exclude) axe = axe.exclude(exclude);
  const result = await axe.analyze();
  for (const v of result.violations)
    if (v.impact === 'serious' || v.impact === 'critical')
      problems.push(
        `axe ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('; ')}`,
      );
  return problems;
}
