// Part 4a: how build time grows with the catalogue: the 28 real articles, then 500 generated from
// them (real bodies, new slugs, titles and links), each in a throw-away copy of the site.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildFixture, makeFixtureSite, removeFixture } from '../../tests/support/fixture-site.ts';

const ARTICLES = resolve('src/content/articles');
const STORIES = resolve('src/content/stories');

function readDir(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.mdx'))
      .map((f) => [f.replace(/\.mdx$/, ''), readFileSync(join(dir, f), 'utf8')]),
  );
}

/**
 * A catalogue of `count` articles: the real ones plus generated ones, each generated article a real
 * body with its own slug, title, excerpt, date and related links.
 */
export function generatedArticles(count: number): Record<string, string> {
  const realSet = readDir(ARTICLES);
  const real = Object.values(realSet);
  const out: Record<string, string> = { ...realSet };
  const extra = count - real.length;
  for (let i = 0; i < extra; i++) {
    const slug = `generated-${i}`;
    const related = [`generated-${(i + 1) % extra}`, `generated-${(i + 2) % extra}`];
    out[slug] = real[i % real.length]!.replace(
      /^title: .*$/m,
      `title: "Generated article number ${i} about natural fibers"`,
    )
      .replace(
        /^excerpt: .*$/m,
        `excerpt: "Generated excerpt number ${i}: the same body as a real article, for measuring how the build scales."`,
      )
      .replace(/^related: .*$/m, `related: [${related.join(', ')}]`)
      .replace(
        /^publishedDate: .*$/m,
        `publishedDate: ${new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)}`,
      );
  }
  return out;
}

export interface BuildTime {
  label: string;
  articles: number;
  pages: number;
  astroMs: number;
  pagefindMs: number;
}

export function timeBuild(label: string, articles: Record<string, string>): BuildTime {
  const dir = makeFixtureSite(articles, readDir(STORIES));
  try {
    // `astro build` runs Pagefind too (src/integrations/post-build.ts), which logs its own time.
    const build = buildFixture(dir);
    if (build.status !== 0) throw new Error(`${label}: build failed\n${build.output.slice(-3000)}`);
    const pagefindMs = Number(build.output.match(/pagefind: indexed \d+ pages in (\d+) ms/)?.[1] ?? NaN);
    const pages = Number(build.output.match(/(\d+) page\(s\) built/)?.[1] ?? NaN);
    return { label, articles: Object.keys(articles).length, pages, astroMs: build.ms - pagefindMs, pagefindMs };
  } finally {
    removeFixture(dir);
  }
}

export function buildTable(rows: BuildTime[]): string {
  const base = rows[0]!;
  const head =
    '| catalogue | articles | pages | astro build s | pagefind s | total s | time ÷ 28-article build | per article ms |\n| --- | --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.map((r) => {
    const total = r.astroMs + r.pagefindMs;
    return `| ${r.label} | ${r.articles} | ${r.pages} | ${(r.astroMs / 1000).toFixed(1)} | ${(r.pagefindMs / 1000).toFixed(1)} | ${(total / 1000).toFixed(1)} | ${(total / (base.astroMs + base.pagefindMs)).toFixed(2)}× | ${(total / r.articles).toFixed(0)} |`;
  });
  return [head, ...lines].join('\n');
}

export const realArticles = () => readDir(ARTICLES);
