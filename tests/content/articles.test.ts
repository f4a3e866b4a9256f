// The content check CI runs is the editor's own (`npm run check:content`, scripts/content-check/):
// every article and story held to the rules, the specification's pieces to their facts, and any
// number of further articles welcome. Here it runs on the real content, then on a copy of it with
// a complete 29th article and a half-written draft (both accepted), and through the command on a
// broken non-draft, whose every problem it must name in plain words without a stack trace.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dump, load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent, readPieces } from '../../scripts/content-check/rules';
import { SPEC_ARTICLES, SPEC_STORIES } from '../../scripts/content-check/specification';

const ROOT = resolve('.');
const ONLY = process.env.ARTICLE ? new Set(process.env.ARTICLE.split(',')) : null;

/** The editor's command, run on `root`. */
function runCheck(root: string) {
  const r = spawnSync(process.execPath, ['--experimental-strip-types', join(ROOT, 'scripts/check-content.ts'), root], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('the real content', () => {
  const problems = checkContent(ROOT).filter((p) => !ONLY || ONLY.has(p.file.replace(/^.*\/|\.mdx$/g, '')));

  it('follows every rule: nothing to fix', () => {
    expect(problems.map((p) => `${p.file}: ${p.message}`)).toEqual([]);
  });

  it.runIf(!ONLY)('has every article and story of the specification', () => {
    const slugs = (kind: 'articles' | 'stories') => readPieces(ROOT, kind).pieces.map((p) => p.slug);
    expect(slugs('articles')).toEqual(expect.arrayContaining(Object.keys(SPEC_ARTICLES)));
    expect(slugs('stories').sort()).toEqual(Object.keys(SPEC_STORIES).sort());
  });
});

describe('a copy of the content with more articles', () => {
  let copy: string;
  const article = (slug: string) => join(copy, 'src/content/articles', `${slug}.mdx`);
  const write = (slug: string, text: string) => writeFileSync(article(slug), text);
  const draft = [
    '---',
    'title: Caring for linen shirts at home',
    'draft: true',
    'excerpt: Linen gets softer with every wash',
    'faq:',
    '  - q: How hot can I wash linen?',
    '---',
    '',
    'Half a paragraph about washing linen at 40 degrees, and 36% of',
    '',
  ].join('\n');

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'rt-content-'));
    for (const dir of ['src/content', 'src/assets/art']) cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
    // A complete 29th article: a published one's rules, its own title, excerpt, date and category.
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(
      readFileSync(article('merino-wool-care'), 'utf8'),
    )!;
    const fields = {
      ...(load(front!) as Record<string, unknown>),
      title: 'Washing Wool by Hand: A Calm Ten-Minute Routine',
      excerpt:
        'How to hand-wash a wool sweater in ten minutes, with the water, the soap and the drying that keep it soft.',
      publishedDate: '2026-01-12',
      category: 'Education',
    };
    const source = `---\n${dump(fields)}---\n${body!}`;
    write('washing-wool-by-hand', source);
    write('caring-for-linen-shirts-at-home', draft);
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('accepts a complete 29th article and a half-written draft', () => {
    expect(readPieces(copy, 'articles').pieces).toHaveLength(Object.keys(SPEC_ARTICLES).length + 2);
    expect(checkContent(copy).map((p) => `${p.file}: ${p.message}`)).toEqual([]);
    const { status, output } = runCheck(copy);
    expect(output).toContain('All is well: 30 articles (1 draft) and 3 stories follow the rules.');
    expect(status).toBe(0);
  });

  it('names, in plain words, everything a non-draft is missing, and fails', () => {
    write('caring-for-linen-shirts-at-home', draft.replace('draft: true\n', ''));
    const { status, output } = runCheck(copy);
    const file = 'src/content/articles/caring-for-linen-shirts-at-home.mdx';
    for (const message of [
      'the excerpt is too short: write at least 50 characters',
      'the FAQ list has 1 question; it needs exactly 3',
      'FAQ entry 1, answer: an FAQ answer is missing',
      'publishedDate: add the publication date (YYYY-MM-DD)',
      'add a hero image (a JPEG, PNG, WebP, AVIF or SVG file)',
      'the hero alt text (what the image shows) is missing',
      'the keywords list is missing; it needs at least 3',
      'the references list is missing; it needs at least 3',
      'the related articles list is missing; it needs at least 2',
      'the lead paragraph is missing',
      'the body has 12 words; it needs 1,200 to 2,000',
      'the body has 0 sections (Heading 2); it needs at least 3',
    ])
      expect(output).toContain(`${file}: ${message.startsWith('publishedDate') ? message.slice(15) : message}`);
    expect(output).toMatch(/states a figure \(36%\) without a citation after it/);
    expect(output).not.toMatch(/^\s+at /m);
    expect(status).toBe(1);
    write('caring-for-linen-shirts-at-home', draft);
  });

  it('says where a "#" in a hand-written field cut its value short, and not for one in quotes', () => {
    const original = readFileSync(article('linen-vs-cotton'), 'utf8');
    const quoted = "    publisher: 'Water Playbook (training site), Step #3'";
    expect(original).toContain(quoted);
    const lines = original.split('\n');
    const line = lines.indexOf(quoted);
    write('linen-vs-cotton', original.replace(quoted, '    publisher: Water Playbook (training site), Step #3'));
    const problems = checkContent(copy).map((p) => `${p.file}: ${p.message}`);
    expect(problems).toEqual([
      `src/content/articles/linen-vs-cotton.mdx: line ${line + 1}: a "#" after a space starts a comment, so the rest of the line is not read (a value with "#" in it needs quotes: '…')`,
    ]);
    write('linen-vs-cotton', original);
    expect(checkContent(copy)).toEqual([]);
  });

  it("holds the specification's articles to their facts", () => {
    const original = readFileSync(article('hemp-vs-cotton'), 'utf8');
    write('hemp-vs-cotton', original.replace(/^publishedDate: .*$/m, 'publishedDate: 2025-08-24'));
    rmSync(article('wool-vs-fleece'));
    const problems = checkContent(copy).map((p) => `${p.file}: ${p.message}`);
    expect(problems).toContain(
      'src/content/articles/hemp-vs-cotton.mdx: the specification dates this article 2025-08-23; it says 2025-08-24',
    );
    expect(problems).toContain(
      'src/content/articles/wool-vs-fleece.mdx: this article of the specification is missing: restore the file (its address must not change)',
    );
    // Articles that related to the removed one are told so, by name.
    expect(
      problems.some((p) =>
        p.endsWith('the related article "wool-vs-fleece" does not exist (no src/content/articles/wool-vs-fleece.mdx)'),
      ),
    ).toBe(true);
    write('hemp-vs-cotton', original);
    cpSync(join(ROOT, 'src/content/articles/wool-vs-fleece.mdx'), article('wool-vs-fleece'));
  });
});
