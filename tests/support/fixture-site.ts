// A throw-away copy of the site with its own content, for tests that must run a real `astro build`
// on articles of their choosing (a bad article, or hundreds of generated ones in the benchmark).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';

const ROOT = resolve('.');

/** A valid article's front-matter and body, to be varied by each test. */
export function articleSource(slug: string, related: string[], overrides: Record<string, string> = {}): string {
  const fields: Record<string, string> = {
    title: `"A fixture article called ${slug}"`,
    excerpt: `"A short excerpt for the fixture article ${slug}, long enough to pass the schema check."`,
    category: 'Education',
    publishedDate: '2025-08-04',
    hero: '../../assets/art/home-hero.svg',
    heroAlt: '"Illustration used by a fixture article"',
    keywords: '[fixture, testing, articles]',
    articleSection: 'Sustainable Materials',
    about: '[Testing]',
    lead: `"This lead paragraph exists so the fixture article ${slug} passes the schema's minimum length for a lead."`,
    faq: [1, 2, 3]
      .map(
        (i) => `\n  - q: "Fixture question number ${i}?"\n    a: "A fixture answer that is long enough, number ${i}."`,
      )
      .join(''),
    references: [1, 2, 3]
      .map(
        (i) =>
          `\n  - id: ref-${i}\n    title: "Reference ${i}"\n    publisher: "Publisher"\n    year: 2020\n    url: https://example.org/ref-${i}`,
      )
      .join(''),
    related: `[${related.join(', ')}]`,
    signups: 'end',
    ...overrides,
  };
  const front = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  // Every reference must be cited somewhere, or the build fails (docs/citations.md).
  return `---\n${front}\n---\n\n## A section\n\nSome words for ${slug}.<Cite to="ref-1 ref-2 ref-3" />\n\n- a list item\n`;
}

/**
 * Gives a copy of the site this tree's optimised images and fonts (Astro's cacheDir, .cache/astro,
 * keyed by content), so its build makes only the images that are new to it, as a second build of
 * this tree would. Not the content layer's data store: the copy's content is its own.
 */
export function seedAstroCache(dir: string): void {
  for (const part of ['assets', 'fonts']) {
    const from = join(ROOT, '.cache', 'astro', part);
    if (existsSync(from)) cpSync(from, join(dir, '.cache', 'astro', part), { recursive: true });
  }
}

/** Copies the project (without content) to a temp dir and writes the given articles into it. */
export function makeFixtureSite(articles: Record<string, string>, stories: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'rt-site-'));
  // keystatic.config.ts and keystatic/: every build includes the editor's routes (one function).
  for (const f of ['astro.config.mjs', 'keystatic.config.ts', 'tsconfig.json', 'package.json', 'netlify.toml'])
    cpSync(join(ROOT, f), join(dir, f));
  cpSync(join(ROOT, 'keystatic'), join(dir, 'keystatic'), { recursive: true });
  cpSync(join(ROOT, 'public'), join(dir, 'public'), { recursive: true });
  // The build's post-step compresses with the runtime's own module (server/precompress.ts).
  cpSync(join(ROOT, 'server'), join(dir, 'server'), { recursive: true });
  cpSync(join(ROOT, 'src'), join(dir, 'src'), {
    recursive: true,
    filter: (src) => !src.startsWith(join(ROOT, 'src', 'content') + '/'),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  seedAstroCache(dir);
  // The home page's words, without the fibre cards: they link to articles of the real site, which
  // a fixture does not have (a link to a missing article fails the build: src/lib/article-link.ts).
  const home = parse(readFileSync(join(ROOT, 'src', 'content', 'home.yaml'), 'utf8')) as { fibres: { items: [] } };
  home.fibres.items = [];
  mkdirSync(join(dir, 'src', 'content'), { recursive: true });
  writeFileSync(join(dir, 'src', 'content', 'home.yaml'), stringify(home));
  for (const [kind, entries] of [
    ['articles', articles],
    ['stories', stories],
  ] as const) {
    mkdirSync(join(dir, 'src', 'content', kind), { recursive: true });
    for (const [slug, source] of Object.entries(entries))
      writeFileSync(join(dir, 'src', 'content', kind, `${slug}.mdx`), source);
  }
  return dir;
}

/**
 * A build as Netlify makes one for a site whose editor keeps its files in the repository (local
 * mode): the pages, images and checks of `npm run build`, without the editor's on-request function
 * (astro.config.mjs, `editorDeployed`), about 5 s less per build here. For the tests of publishing,
 * drafts, citations and images; the editor's own builds (editor-hosted, editor-netlify) keep it.
 */
export const PAGES_ONLY = { NETLIFY: 'true' } as const;

export interface BuildResult {
  status: number | null;
  output: string;
  ms: number;
}

export function buildFixture(dir: string, env: Record<string, string> = {}): BuildResult {
  const t0 = performance.now();
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'astro'), ['build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}`, ms: performance.now() - t0 };
}

export function removeFixture(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export const readText = (p: string) => readFileSync(p, 'utf8');
