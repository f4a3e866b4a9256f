// Docs name only paths that exist (docs/decisions.md, "Docs name real paths"). Every repository path
// README.md, docs/*.md and server/*/README.md name must be there: a path is a `backticked` string that starts at a
// top-level entry of the repository (`src/…`, `server/…`, `package.json`) or ends in a source
// file's extension, and a relative Markdown link target. `*` globs and <placeholders> match any
// name (`src/content/articles/*.mdx`, `netlify/functions/<name>.ts`); `#anchors` and `:lines` are
// dropped. Paths that do not exist in a checkout on purpose are in NOT_IN_THE_REPOSITORY, each with why.
import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Named on purpose although a clean checkout does not have them. */
const NOT_IN_THE_REPOSITORY: { prefix: string; why: string }[] = [
  { prefix: 'dist/', why: 'the build writes it (npm run build)' },
  { prefix: '.data/', why: "npm start's data directory (DATA_DIR), made at run time" },
  { prefix: '.astro/', why: "Astro's generated types" },
  { prefix: 'node_modules/', why: 'npm install writes it' },
  { prefix: '.cache/', why: 'the build and lint caches, made at run time' },
  { prefix: '.netlify/', why: "Netlify's CLI writes it" },
];

const SOURCE_EXTENSION = /\.(ts|tsx|astro|mjs|js|json|md|mdx|sql|css|ya?ml|toml|svg|jpg|png|txt)$/;

/** The Markdown files whose paths are checked: the README, docs/ and the server modules' READMEs. */
export function docFiles(): string[] {
  return [
    'README.md',
    ...readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...globSync('server/*/README.md').sort(),
  ];
}

/** The repository paths a Markdown text names (see the header for the rule), each as written. */
export function namedPaths(markdown: string, topLevel: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const candidate = (raw: string): string | undefined => {
    const path = raw
      .trim()
      .replace(/^\.\//, '')
      .replace(/[#:][^/]*$/, '')
      .replace(/[.,;]$/, '');
    // Not a path from the root: a URL or site path, a command, a variable, or a path relative to
    // some other file (`../../assets/…` in front-matter).
    if (!path || /\s|^[a-z]+:|^\/|^~|^\$|^-|[=@(){}]|^\.\.?(\/|$)/.test(path)) return undefined;
    const first = path.split('/')[0]!;
    if (topLevel.has(first) || NOT_IN_THE_REPOSITORY.some((n) => path.startsWith(n.prefix))) return path;
    if (path.includes('/') && SOURCE_EXTENSION.test(path)) return path;
    return undefined;
  };
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const path = candidate(m[1]!);
    if (path) found.push(path);
  }
  return found;
}

/** Relative link targets of a Markdown text ([text](target)), anchors dropped. */
export function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.replace(/#.*$/, ''))
    .filter((t) => /^[\w./-]+$/.test(t) && !/^[a-z]+:|^\//.test(t));
}

/** Whether `path` (relative to the repository root) exists, reading `*` and <placeholders> as globs. */
export function pathExists(path: string): boolean {
  const pattern = path.replace(/<[^>]+>/g, '*').replace(/\/$/, '');
  return pattern.includes('*') ? globSync(pattern).length > 0 : existsSync(pattern);
}

const allowed = (path: string) => NOT_IN_THE_REPOSITORY.some((n) => path.startsWith(n.prefix));

describe('the docs name only paths that exist', () => {
  const topLevel = new Set(readdirSync('.').filter((name) => name !== '.git'));

  it.each(docFiles())('%s', (file) => {
    const markdown = readFileSync(file, 'utf8');
    const missing = [
      ...namedPaths(markdown, topLevel),
      ...linkTargets(markdown).map((t) => normalize(join(dirname(file), t))),
    ]
      .filter((p) => !allowed(p))
      .filter((p) => !pathExists(p));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('reads paths, globs and placeholders, and leaves URLs, commands and words alone', () => {
    const top = new Set(['src', 'docs', 'package.json']);
    const md = [
      '`src/shared/messages/` and `src/content/articles/*.mdx`, `netlify/functions/<name>.ts`,',
      '`package.json`, `server/db/migrate.ts:12`, `docs/architecture.md#layers`, `dist/_headers`,',
      'not `../../assets/art/<name>/hero.jpg`, `/api/signups`, `npm run build`, `https://example.com/a.ts`, `SITE_URL`, `Updates`, `a = b`',
      '```\nsrc/inside-a-code-block.ts\n```',
    ].join('\n');
    expect(namedPaths(md, top)).toEqual([
      'src/shared/messages/',
      'src/content/articles/*.mdx',
      'netlify/functions/<name>.ts',
      'package.json',
      'server/db/migrate.ts',
      'docs/architecture.md',
      'dist/_headers',
    ]);
    expect(linkTargets('[a](decisions.md#x) [b](https://x.org) [c](#here) [d](../README.md) ![e](…)')).toEqual([
      'decisions.md',
      '../README.md',
    ]);
  });

  it('finds what exists and what does not', () => {
    expect(pathExists('src/shared/messages/')).toBe(true);
    expect(pathExists('src/content/articles/*.mdx')).toBe(true);
    expect(pathExists('netlify/functions/<name>.ts')).toBe(true);
    expect(pathExists('src/shared/messages.ts')).toBe(false);
    expect(pathExists('src/integrations/precompress.ts')).toBe(false);
  });
});
