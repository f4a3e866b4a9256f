// Holds every article file to the editorial rules the build cannot express on its own:
// length, FAQ count, references, related links, uniqueness and the catalogue's dates.
import { existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWords } from '../../src/lib/word-count';
import { readingMinutes } from '../../src/lib/reading-time';
import { EXPECTED_ARTICLES, EXPECTED_SIGNUPS } from './expected-catalogue';
import { loadAll, type ReferenceEntry } from './content-files';

const DIR = resolve('src/content/articles');
const ONLY = process.env.ARTICLE ? new Set(process.env.ARTICLE.split(',')) : null;

interface Front {
  title: string;
  excerpt: string;
  category: string;
  publishedDate: string | Date;
  hero: string;
  heroAlt: string;
  faq: { q: string; a: string }[];
  references: ReferenceEntry[];
  related: string[];
  signups?: string;
  adSlot?: boolean;
}

const all = loadAll<Front>(DIR);
const articles = ONLY ? all.filter((a) => ONLY.has(a.slug)) : all;
const slugs = new Set(all.map((a) => a.slug));
const isoDay = (d: string | Date) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d));

describe('article catalogue', () => {
  it.runIf(!ONLY)('has every article of the specification and nothing else', () => {
    expect([...slugs].sort()).toEqual(Object.keys(EXPECTED_ARTICLES).sort());
  });

  it('has unique titles and excerpts', () => {
    const titles = all.map((a) => a.front.title.toLowerCase());
    const excerpts = all.map((a) => a.front.excerpt.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(excerpts).size).toBe(excerpts.length);
  });
});

describe.each(articles)('$slug', ({ slug, file, front, body }) => {
  it('is in the catalogue with its date and category', () => {
    const expected = EXPECTED_ARTICLES[slug];
    expect(expected, `${file} is not an article of the specification`).toBeDefined();
    expect(isoDay(front.publishedDate)).toBe(expected!.date);
    expect(front.category).toBe(expected!.category);
  });

  it('has a body of 1,200 to 2,000 words (6 to 10 minutes)', () => {
    const words = countWords(body);
    expect(words, `${file}: ${words} words`).toBeGreaterThanOrEqual(1200);
    expect(words, `${file}: ${words} words`).toBeLessThanOrEqual(2000);
    expect(readingMinutes(words)).toBeGreaterThanOrEqual(6);
    expect(readingMinutes(words)).toBeLessThanOrEqual(10);
  });

  it('is structured with H2 sections and a list', () => {
    expect(body.match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(body).toMatch(/^(\s*[-*] |\s*\d+\. )/m);
    expect(body, 'the title is the page H1; the body starts at H2').not.toMatch(/^# /m);
  });

  it('has exactly 3 FAQ entries', () => {
    expect(front.faq).toHaveLength(3);
  });

  it('cites at least 3 distinct https references', () => {
    const urls = front.references.map((r) => r.url);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const u of urls) expect(u).toMatch(/^https:\/\/[^\s]+$/);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('relates to existing articles, never itself', () => {
    const count = slug === 'cotton-blends-vs-natural-fibers' ? 3 : 2;
    expect(front.related).toHaveLength(count);
    for (const r of front.related) {
      expect(slugs.has(r) || r in EXPECTED_ARTICLES, `${file}: unknown related '${r}'`).toBe(true);
      expect(r).not.toBe(slug);
    }
    expect(new Set(front.related).size).toBe(front.related.length);
  });

  it('has hero artwork with alt text', () => {
    expect(front.heroAlt.trim().length).toBeGreaterThan(10);
    expect(existsSync(resolve(dirname(join(DIR, file)), front.hero)), `${front.hero} missing`).toBe(true);
  });

  it('places the <Midpoint /> marker when a mid-article slot is used', () => {
    const placement = front.signups ?? 'both';
    if (EXPECTED_SIGNUPS[slug]) expect(placement).toBe(EXPECTED_SIGNUPS[slug]);
    const markers = body.match(/<Midpoint\s*\/>/g)?.length ?? 0;
    const needsMid = placement === 'both' || placement === 'mid' || front.adSlot === true;
    expect(markers).toBe(needsMid ? 1 : 0);
  });
});
