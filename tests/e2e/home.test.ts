// The home page as a reader sees it, at a phone's width and at desktop widths, in both themes: the
// "Latest articles" cards' real geometry (each image fills its part of the card, no blank stretch
// inside a card, titles that read as lines and not one word per line) and the "Meet the fibers"
// cards painted in the theme's own colours (they stayed bright cream in the dark theme).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile } from '../support/browser';
import { contrast, luminance, painted, useDarkTheme } from '../support/theme';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const { browser } = browserForFile(base);

const WIDTHS = [375, 1024, 1366, 1920];
const THEMES = ['light', 'dark'] as const;

interface CardGeometry {
  title: string;
  featured: boolean;
  card: { width: number; height: number };
  image: { width: number; height: number; left: number; right: number; top: number; bottom: number };
  body: { left: number; top: number };
  /** Lines the title's text is laid out on, and its word count. */
  titleLines: number;
  titleWords: number;
  titleWidth: number;
  /** The tallest empty stretch inside the card: between two lines of content, or below the last one. */
  blank: number;
}

/** Each "Latest articles" card as laid out: its box, its image's box, its title's lines. */
function latestCards(page: Page): Promise<CardGeometry[]> {
  return page.locator('#blog article').evaluateAll((cards) =>
    cards.map((card) => {
      const box = (el: Element) => el.getBoundingClientRect();
      const img = card.querySelector('img')!;
      const body = card.querySelector('.card-surface-body')!;
      const link = card.querySelector('.card-title a')!;
      const range = document.createRange();
      range.selectNodeContents(link);
      const lineTops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      // Every painted line of text (not boxes: the excerpt may be a flex-grown box) and the image,
      // top to bottom; the largest gap between them, or below the last, is the blank stretch.
      const rects = [box(img)];
      for (const el of body.querySelectorAll('p, h2, h3, a, time')) {
        if (getComputedStyle(el).display === 'none') continue;
        const r = document.createRange();
        r.selectNodeContents(el);
        rects.push(...[...r.getClientRects()].filter((rect) => rect.height > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      const c = box(card);
      let reached = c.top;
      let blank = 0;
      for (const rect of rects) {
        blank = Math.max(blank, rect.top - reached);
        reached = Math.max(reached, rect.bottom);
      }
      blank = Math.max(blank, c.bottom - reached);
      const i = box(img);
      const b = box(body);
      return {
        title: link.textContent.trim(),
        featured: card.classList.contains('featured'),
        card: { width: c.width, height: c.height },
        image: { width: i.width, height: i.height, left: i.left, right: i.right, top: i.top, bottom: i.bottom },
        body: { left: b.left, top: b.top },
        titleLines: lineTops.size,
        titleWords: link.textContent.trim().split(/\s+/).length,
        titleWidth: box(link.parentElement!).width,
        blank,
      };
    }),
  );
}

/** What is wrong with one card's layout, as lines for `expect(…).toEqual([])`. */
function cardProblems(width: number, g: CardGeometry): string[] {
  const problems: string[] = [];
  const name = `${width}px ${g.featured ? 'featured' : 'side'} card "${g.title}"`;
  const beside = g.image.right <= g.body.left + 1;
  if (beside) {
    // Image left, text right: the image takes a real share of the card and its full height.
    if (g.image.width < 0.3 * g.card.width)
      problems.push(`${name}: image ${Math.round(g.image.width)}px wide in a ${Math.round(g.card.width)}px card`);
    if (g.image.height < g.card.height - 4)
      problems.push(`${name}: image ${Math.round(g.image.height)}px tall in a ${Math.round(g.card.height)}px card`);
  } else {
    // Image above the text: as wide as the card (its 1px borders aside), at least the artwork's
    // 1200:630 shape (taller where it fills a card stretched to its neighbours' height).
    if (g.image.width < g.card.width - 4)
      problems.push(`${name}: image ${Math.round(g.image.width)}px wide in a ${Math.round(g.card.width)}px card`);
    if (g.image.height < (g.image.width * 630) / 1200 - 3)
      problems.push(
        `${name}: image ${Math.round(g.image.width)}×${Math.round(g.image.height)}px, flatter than 1200:630`,
      );
  }
  // Between lines and below the last: the body's padding (24 px), a paragraph's margin and a little
  // slack, never a blank stretch.
  if (g.blank > 64) problems.push(`${name}: ${Math.round(g.blank)}px blank inside the card`);
  if (g.titleWords >= 4 && g.titleLines > Math.ceil(g.titleWords / 2))
    problems.push(`${name}: title on ${g.titleLines} lines for ${g.titleWords} words`);
  if (g.titleWidth < 160) problems.push(`${name}: title column ${Math.round(g.titleWidth)}px wide`);
  return problems;
}

async function openHome(width: number, theme: (typeof THEMES)[number]) {
  const ctx = await browser().newContext({ viewport: { width, height: 900 }, colorScheme: 'light' });
  if (theme === 'dark') await useDarkTheme(ctx);
  const page = await ctx.newPage();
  await page.goto(base + '/');
  // Parts under content-visibility: auto are laid out once near the screen; show them all.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.locator('#blog').scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('#blog img')].every((i) => i.complete),
  );
  return { page, ctx };
}

describe('home "Latest articles"', () => {
  for (const theme of THEMES)
    for (const width of WIDTHS)
      it(`lays its cards out whole at ${width}px in the ${theme} theme`, async () => {
        const { page, ctx } = await openHome(width, theme);
        const cards = await latestCards(page);
        await ctx.close();
        expect(cards.length).toBe(4);
        expect(cards.filter((c) => c.featured)).toHaveLength(1);
        expect(cards.flatMap((c) => cardProblems(width, c))).toEqual([]);
      });

  it('the check catches the broken desktop layout it was written for', () => {
    // As measured on the old page at 1920px: a 132×69 thumbnail in a 501px side card, one word per
    // line in a 120px column; the featured card beside it with a blank stretch of 500px.
    const side: CardGeometry = {
      title: 'Beyond Vegan Leather: Mushroom, Pineapple and Apple Materials Compared',
      featured: false,
      card: { width: 501, height: 483 },
      image: { width: 132, height: 69, left: 0, right: 132, top: 0, bottom: 69 },
      body: { left: 132, top: 0 },
      titleLines: 8,
      titleWords: 9,
      titleWidth: 120,
      blank: 30,
    };
    expect(cardProblems(1920, side)).toHaveLength(4);
    const featured: CardGeometry = {
      ...side,
      featured: true,
      card: { width: 627, height: 1500 },
      image: { width: 625, height: 328, left: 0, right: 625, top: 0, bottom: 328 },
      body: { left: 0, top: 328 },
      titleLines: 2,
      titleWidth: 580,
      blank: 500,
    };
    expect(cardProblems(1920, featured)).toEqual([expect.stringContaining('500px blank')]);
  });
});

describe('home "Meet the fibers"', () => {
  for (const theme of THEMES)
    it(`paints its cards in the ${theme} theme`, async () => {
      const { page, ctx } = await openHome(1366, theme);
      const fibres = page.locator('#education .fibre');
      const count = await fibres.count();
      expect(count).toBe(3);
      const problems: string[] = [];
      for (let i = 0; i < count; i++) {
        const card = fibres.nth(i);
        const name = (await card.locator('h4').textContent())!.trim();
        const surface = await painted(card);
        const dark = luminance(surface.background) < 0.1;
        if (dark !== (theme === 'dark'))
          problems.push(`${name}: background ${surface.background} in the ${theme} theme`);
        for (const part of ['h4', '.fibre-tag', 'p:not(.fibre-tag)', 'a']) {
          const ink = await painted(card.locator(part));
          const ratio = contrast(ink.color, surface.background);
          if (ratio < 4.5)
            problems.push(`${name} ${part}: ${ink.color} on ${surface.background} is ${ratio.toFixed(2)}:1`);
        }
      }
      await ctx.close();
      expect(problems).toEqual([]);
    });
});
