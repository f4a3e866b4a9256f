// A hand-written link to an article is a checked reference (src/lib/article-link.ts): the home page's
// copy names articles by slug and the build resolves them, failing with the file named when one is
// renamed, removed or unpublished. This proves the rule without a build: the resolver's answers,
// the slugs the copy names today, no literal "/articles/<slug>" path in the site's code, and every
// article link written in the content files' bodies and front-matter.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { articleLinkProblem, checkedArticlePath, type KnownArticles } from '../../src/lib/article-link.ts';

const ARTICLES = 'src/content/articles';
const HOME_COPY = 'src/content/home.yaml';

/** The articles in the repository, and those a production build publishes today (not drafts, not future). */
function knownArticles(): KnownArticles {
  const existing = new Set<string>();
  const published = new Set<string>();
  const today = new Date().toISOString().slice(0, 10);
  for (const file of readdirSync(ARTICLES).filter((f) => f.endsWith('.mdx'))) {
    const slug = file.replace(/\.mdx$/, '');
    existing.add(slug);
    const front = readFileSync(join(ARTICLES, file), 'utf8').match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '';
    const data = parse(front) as { draft?: boolean; publishedDate?: string | Date };
    const day = data.publishedDate instanceof Date ? data.publishedDate.toISOString() : String(data.publishedDate);
    if (data.draft !== true && day.slice(0, 10) <= today) published.add(slug);
  }
  return { existing, published };
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f))
    .map((f) => join(dir, f));
}

describe('links to articles are checked references', () => {
  const known: KnownArticles = { existing: new Set(['a', 'b']), published: new Set(['a']) };

  it('resolves a published article to its path', () => {
    expect(articleLinkProblem('a', known)).toBeUndefined();
    expect(checkedArticlePath('a', known, 'src/content/home.yaml', 'fibres.items.0.article')).toBe('/articles/a');
  });

  it('refuses a missing or unpublished article, naming the file, the field and the slug', () => {
    expect(() => checkedArticlePath('gone', known, 'src/content/home.yaml', 'fibres.items.1.article')).toThrow(
      "src/content/home.yaml: fibres.items.1.article: no article 'gone' (no src/content/articles/gone.mdx)",
    );
    expect(() => checkedArticlePath('b', known, 'src/content/home.yaml', 'fibres.items.2.article')).toThrow(
      /^src\/content\/home\.yaml: fibres\.items\.2\.article: 'b' is a draft or scheduled/,
    );
  });

  it("the home page's copy names only articles that exist and are published", () => {
    const copy = parse(readFileSync(HOME_COPY, 'utf8')) as { fibres: { items: { article: string }[] } };
    const slugs = copy.fibres.items.map((f) => f.article);
    expect(slugs.length).toBeGreaterThan(0);
    const articles = knownArticles();
    expect(slugs.map((s) => articleLinkProblem(s, articles)).filter(Boolean)).toEqual([]);
  });

  it('the site code writes no literal article path (it names a slug and resolves it)', () => {
    const offenders: string[] = [];
    for (const file of filesUnder('src', /\.(astro|ts|tsx)$/)) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1')
        .replace(/<!--[\s\S]*?-->/g, '');
      for (const m of code.matchAll(/["'`]\/articles\/[a-z0-9]/g)) offenders.push(`${file}: ${m[0]}…`);
    }
    expect(offenders).toEqual([]);
  });

  it('the check of site code catches a literal path in a template and in a script', () => {
    const literal = /["'`]\/articles\/[a-z0-9]/;
    expect(literal.test('<a href="/articles/hemp-vs-cotton">')).toBe(true);
    expect(literal.test("const href = '/articles/hemp-vs-cotton';")).toBe(true);
    expect(literal.test('<a href="/articles">')).toBe(false);
  });

  it('every article link in the content files points at a published article', () => {
    const articles = knownArticles();
    const problems: string[] = [];
    for (const file of filesUnder('src/content', /\.mdx$/)) {
      const text = readFileSync(file, 'utf8');
      const slugs = [
        ...text.matchAll(/\]\(\/articles\/([a-z0-9-]+)[)#]/g),
        ...text.matchAll(/^\s*href:\s*['"]?\/articles\/([a-z0-9-]+)/gm),
      ].map((m) => m[1]!);
      for (const slug of slugs) {
        const problem = articleLinkProblem(slug, articles);
        if (problem) problems.push(`${file}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
