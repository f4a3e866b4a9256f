// Small things a reader meets on the article pages, in Chromium against the production server (issue
// 39, item 15): the byline at phone width never starts a line with a lone "·"; a citation marker
// stays on the line of its sentence; an undated reference reads "n.d." (not "n.d.."); a picture in
// the text is credited as an image (our pictures include illustrations); the footer's years run
// to the year of the build.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserForFile } from '../support/browser';
import { READER } from '../../src/shared/messages/index.ts';
import { SITE } from '../../src/site';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const { open } = browserForFile(base);
const ARTICLES = readdirSync('dist/articles', { withFileTypes: true })
  .filter((e) => e.isDirectory() || e.name.endsWith('.html'))
  .map((e) => e.name.replace(/\.html$/, ''));
const html = (slug: string) => {
  for (const file of [join('dist/articles', slug, 'index.html'), join('dist/articles', `${slug}.html`)]) {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // the other layout
    }
  }
  throw new Error(`no built page for ${slug}`);
};

describe('an article as a reader sees it', () => {
  it('at 320 px no byline line starts with the separator dot', async () => {
    const { page, ctx } = await open('/articles/hemp-vs-cotton', { viewport: { width: 320, height: 700 } });
    const starts = await page.locator('.article-head .byline').evaluate((byline) => {
      // The first visible character of each line box in the byline.
      const range = document.createRange();
      const lines = new Map<number, string>();
      const walker = document.createTreeWalker(byline, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          if (!text[i]!.trim()) continue;
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (!lines.has(top)) lines.set(top, text[i]!);
        }
      }
      // A separator drawn by CSS is not text: read each item's ::after too.
      const items = [...byline.children].map((el) => ({
        top: Math.round(el.getBoundingClientRect().top),
        left: Math.round(el.getBoundingClientRect().left),
        text: (el.textContent ?? '').trim(),
      }));
      return { lines: [...lines.values()], items, left: Math.round(byline.getBoundingClientRect().left) };
    });
    expect(starts.lines.filter((c) => c === '·')).toEqual([]);
    // No item of the byline is the dot itself.
    expect(starts.items.filter((i) => i.text === '·')).toEqual([]);
    await ctx.close();
  });

  it('keeps every citation marker joined to the sentence before it', () => {
    let markers = 0;
    for (const slug of ARTICLES) {
      for (const m of html(slug).matchAll(/(.)<sup class="cite">/gsu)) {
        markers++;
        expect(m[1], slug).toBe('\u2060');
      }
    }
    expect(markers).toBeGreaterThan(100);
  });

  it('writes an undated reference "n.d." once, and credits pictures as images', () => {
    for (const slug of ARTICLES) {
      const page = html(slug);
      expect(page, slug).not.toContain('n.d..');
      expect(page, slug).not.toMatch(/class="credit"[^>]*>Photo:/);
    }
    const credited = ARTICLES.map(html).filter((page) => page.includes('class="credit"'));
    for (const page of credited) expect(page).toMatch(new RegExp(`class="credit"[^>]*>${READER.imageCredit('')}`));
  });

  it("gives the footer's years up to the build's year", async () => {
    const { page, ctx } = await open('/');
    const legal = (await page.locator('footer .legal p').first().textContent()) ?? '';
    const year = new Date().getUTCFullYear();
    expect(legal).toContain(year > SITE.copyrightYear ? `© ${SITE.copyrightYear}–${year}` : `© ${year}`);
    await ctx.close();
  });
});
