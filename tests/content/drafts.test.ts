// Drafts save half-written; completeness is for publishing (src/content-schema.ts). In process,
// the schema takes a draft with only a title or with half-written fields, still refuses what no
// draft may hold (too long, not an https address), and names each missing field of a non-draft.
// Through real builds of a small copy of the site: a title-only draft is left out of a production
// build and previewed (marked Draft) in a preview build; the same file without `draft: true`
// fails the build with the file and every missing field named.
import { join } from 'node:path';
import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { articleSchema } from '../../src/content-schema';
import { articleSource, buildFixture, makeFixtureSite, readText, removeFixture } from '../support/fixture-site';

const schema = articleSchema({ image: () => z.string(), reference: () => z.string() });
const title = 'Caring for linen shirts at home';
const issues = (front: Record<string, unknown>) => {
  const result = schema.safeParse(front);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the draft rule', () => {
  it('takes a draft with only a title, and gives it stand-ins a preview can render', () => {
    const data = schema.parse({ title, draft: true }) as Record<string, unknown>;
    expect(data).toMatchObject({ title, draft: true, excerpt: '', faq: [], references: [], related: [], keywords: [] });
    expect(data.publishedDate).toBeInstanceOf(Date);
    expect(String(data.hero)).toMatch(/home-hero\.svg$/);
  });

  it('takes half-written fields in a draft', () => {
    expect(
      issues({
        title,
        draft: true,
        excerpt: 'Linen gets softer',
        keywords: ['linen'],
        faq: [{ q: 'How hot?' }],
        references: [{ title: 'A report' }],
        related: ['hemp-vs-cotton'],
      }),
    ).toEqual([]);
  });

  it('still refuses in a draft what no draft may hold', () => {
    expect(issues({ draft: true })).toEqual(['title: the title is missing']);
    expect(issues({ title, draft: true, excerpt: 'x'.repeat(201) })).toEqual([
      'excerpt: the excerpt is too long: keep it to 200 characters or fewer',
    ]);
    expect(issues({ title, draft: true, references: [{ url: 'http://example.org' }] })).toEqual([
      'references.0.url: must be a full web address starting with https://',
    ]);
    expect(issues({ title, draft: true, faq: [{}, {}, {}, {}] })).toEqual([
      'faq: the FAQ list has 4 questions; it needs exactly 3',
    ]);
    expect(issues({ title, draft: 'yes' })).toEqual(['draft: the draft switch must be true or false']);
  });

  it('names each missing field once the draft switch is off', () => {
    expect(issues({ title, draft: false, excerpt: 'Linen gets softer', faq: [{ q: 'How hot can it go?' }] })).toEqual([
      'excerpt: the excerpt is too short: write at least 50 characters',
      'category: the category is missing: choose one of: Sustainable Fashion, Sustainable Materials, Sustainable Home Textiles, Care Guide, Sustainability, Education, Health, Research',
      'publishedDate: add the publication date (YYYY-MM-DD)',
      'hero: add a hero image (a JPEG, PNG, WebP, AVIF or SVG file)',
      'heroAlt: the hero alt text (what the image shows) is missing',
      'keywords: the keywords list is missing; it needs at least 3',
      'articleSection: the article section is missing: choose one of: Sustainable Fashion, Sustainable Materials',
      'about: the topics (about) list is missing; it needs at least 1',
      'lead: the lead paragraph is missing',
      'related: the related articles list is missing; it needs at least 2',
      'faq.0.a: an FAQ answer is missing',
      'faq: the FAQ list has 1 question; it needs exactly 3',
      'references: the references list is missing; it needs at least 3',
    ]);
  });
});

describe('a title-only draft in real builds', () => {
  const draft = `---\ntitle: ${title}\ndraft: true\n---\n\nHalf a paragraph.\n`;
  let site: string;
  beforeAll(() => {
    site = makeFixtureSite({
      'a-one': articleSource('a-one', ['a-two', 'a-three']),
      'a-two': articleSource('a-two', ['a-one', 'a-three']),
      'a-three': articleSource('a-three', ['a-one', 'a-two']),
      'caring-for-linen-shirts-at-home': draft,
    });
  });
  afterAll(() => removeFixture(site));
  const page = () => join(site, 'dist', 'articles', 'caring-for-linen-shirts-at-home.html');

  it('is previewed, marked Draft, by a preview build', () => {
    const build = buildFixture(site, { PREVIEW: '1' });
    expect(build.status, build.output.slice(-3000)).toBe(0);
    const html = readText(page());
    expect(html).toContain(`<h1`);
    expect(html).toContain(title);
    expect(html).toMatch(/data-publish-state="draft"/);
  });

  it('is nowhere in a production build', () => {
    const build = buildFixture(site);
    expect(build.status, build.output.slice(-3000)).toBe(0);
    expect(existsSync(page())).toBe(false);
    expect(existsSync(join(site, 'dist', 'articles', 'a-one.html'))).toBe(true);
    expect(readText(join(site, 'dist', 'articles.html'))).not.toContain(title);
  });

  it('fails the build, naming the file and each missing field, once it is not a draft', () => {
    writeFileSync(
      join(site, 'src/content/articles/caring-for-linen-shirts-at-home.mdx'),
      draft.replace('draft: true\n', ''),
    );
    const build = buildFixture(site);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain('caring-for-linen-shirts-at-home');
    for (const line of [
      'excerpt: the excerpt is missing',
      'publishedDate: add the publication date (YYYY-MM-DD)',
      'hero: add a hero image',
      'heroAlt: the hero alt text (what the image shows) is missing',
      'faq: the FAQ list is missing; it needs exactly 3',
      'references: the references list is missing; it needs at least 3',
      'related: the related articles list is missing; it needs at least 2',
    ])
      expect(build.output).toContain(line);
  });
});
