// A bad article must fail the build with a message naming the file and the field. The two checks a
// build runs are run here in-process, on the same fixture articles: the collection schema
// (src/content.config.ts, Astro parses each file's front-matter with it) and the catalogue's
// cross-file rules (src/lib/catalogue.ts: related slugs exist, <Midpoint /> placed). One real
// `astro build` proves the build reports such a message with the file and field
// (tests/fixtures/content-schema-build.test.ts).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'astro/zod';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collections } from '../../src/content.config';
import { setCollections, type StubEntry } from '../support/astro-content-stub';
import { articleSource } from '../support/fixture-site';

const stubImage = () => z.string();
type Kind = 'articles' | 'stories';
const schemaOf = (kind: Kind) =>
  (collections[kind].schema as unknown as (c: { image: typeof stubImage }) => z.ZodType)({ image: stubImage });

/** The problems the schema finds in one file, as "field: message" (Astro prints the same pairs). */
function schemaProblems(kind: Kind, source: string): string[] {
  const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(source)![1]!) as unknown;
  const r = schemaOf(kind).safeParse(front);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** An entry as Astro's loader hands it to the catalogue: parsed data, references as { id }. */
function entry(kind: Kind, slug: string, source: string): StubEntry {
  const r = schemaOf(kind).safeParse(parse(/^---\n([\s\S]*?)\n---\n/.exec(source)![1]!));
  if (!r.success) throw new Error(`${slug}: ${r.error.message}`);
  const data = r.data as { related: string[] };
  return {
    id: slug,
    filePath: `src/content/${kind}/${slug}.mdx`,
    data: { ...data, related: data.related.map((id) => ({ id, collection: 'articles' })) },
    body: source.replace(/^---\n[\s\S]*?\n---\n/, ''),
  };
}

/** Runs the catalogue over these files as a production build would; resolves with its error, if any. */
async function catalogueError(articles: Record<string, string>, stories: Record<string, string> = {}) {
  setCollections({
    articles: Object.entries(articles).map(([slug, s]) => entry('articles', slug, s)),
    stories: Object.entries(stories).map(([slug, s]) => entry('stories', slug, s)),
  });
  const { getArticles, getStories } = await import('../../src/lib/catalogue');
  try {
    await getArticles();
    await getStories();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

const withBad = (bad: string) => ({
  'good-one': articleSource('good-one', ['good-two', 'bad-one']),
  'good-two': articleSource('good-two', ['good-one', 'bad-one']),
  'bad-one': bad,
});

describe('content schema', () => {
  // The catalogue keeps what it read for the rest of a build: each case is a build of its own.
  beforeEach(() => vi.resetModules());

  it('accepts the fixture site when every article is valid', async () => {
    const site = withBad(articleSource('bad-one', ['good-one', 'good-two']));
    for (const source of Object.values(site)) expect(schemaProblems('articles', source)).toEqual([]);
    expect(await catalogueError(site)).toBeUndefined();
  });

  it('rejects an article with 4 FAQ entries', () => {
    const four = [1, 2, 3, 4]
      .map((i) => `\n  - q: "Question number ${i} here?"\n    a: "An answer that is long enough, number ${i}."`)
      .join('');
    const problems = schemaProblems('articles', articleSource('bad-one', ['good-one', 'good-two'], { faq: four }));
    expect(problems).toEqual([expect.stringMatching(/^faq: .*it needs exactly 3/)]);
  });

  it('rejects a related slug that does not exist', async () => {
    const site = withBad(articleSource('bad-one', ['good-one', 'no-such-article']));
    expect(await catalogueError(site)).toMatch(/bad-one\.mdx: related: unknown article 'no-such-article'/);
  });

  it('rejects a reference that is not https', () => {
    const refs = [1, 2, 3]
      .map(
        (i) =>
          `\n  - title: "Reference ${i}"\n    publisher: "Publisher"\n    year: 2020\n    url: http://example.org/ref-${i}`,
      )
      .join('');
    const problems = schemaProblems(
      'articles',
      articleSource('bad-one', ['good-one', 'good-two'], { references: refs }),
    );
    expect(problems).toHaveLength(3);
    for (const [i, p] of problems.entries()) expect(p).toMatch(new RegExp(`^references\\.${i}\\.url: .*https`));
  });

  it('rejects a hero image that does not exist, naming the field in plain words', () => {
    const source = articleSource('bad-one', ['good-one', 'good-two'], { hero: '../../assets/art/bad-one/hero.jpg' });
    expect(schemaProblems('articles', source)).toEqual([
      'hero: there is no image file at ../../assets/art/bad-one/hero.jpg: upload the hero again or fix the path',
    ]);
  });

  it('rejects a hero without alt text, saying what to write', () => {
    const problems = schemaProblems('articles', articleSource('bad-one', ['good-one', 'good-two'], { heroAlt: '""' }));
    expect(problems).toEqual([
      expect.stringMatching(/^heroAlt: the hero alt text \(what the image shows\) is missing/),
    ]);
  });

  it('rejects a story whose sign-up placement needs <Midpoint /> when the body has none', async () => {
    // A real story, pointed at the fixture's articles, asking for the mid-page form without the marker:
    // before, the form silently never appeared.
    const story = readFileSync('src/content/stories/plant-power.mdx', 'utf8')
      .replace(/^signups: .*\n/m, '')
      .replace(/^related:.*(?:\n\s+- .*)*$/m, 'related: [good-one, good-two]\nsignups: both')
      .replace(/<Midpoint\s*\/>/g, '');
    expect(schemaProblems('stories', story)).toEqual([]);
    const articles = {
      'good-one': articleSource('good-one', ['good-two', 'good-three']),
      'good-two': articleSource('good-two', ['good-one', 'good-three']),
      'good-three': articleSource('good-three', ['good-one', 'good-two']),
    };
    expect(await catalogueError(articles, { 'plant-power': story })).toMatch(
      /plant-power\.mdx: body: place <Midpoint \/> exactly once \(signups: both/,
    );
  });
});
