// The repository's MDX files are kept in the form Keystatic writes (npm run format:content runs
// Keystatic's own field readers and writers, keystatic/entry-format.ts), so saving in the editor
// changes only what the editor changed: every file is already in that form, and on a copy, a
// one-word edit to the body, a retitle, a new date and publishing a draft are each one line.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve('.');
/** Each run loads Keystatic's editor build: some seconds, more on a busy machine. */
const SLOW = 180_000;

function formatContent(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--experimental-strip-types', join(ROOT, 'scripts/format-content.ts'), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** The lines of `after` that differ from `before` (same line count expected). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length, 'no line added or removed').toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

describe('the content files', () => {
  it(
    "are all in the editor's form already",
    () => {
      const { status, output } = formatContent('--check');
      expect(output).toMatch(/All \d+ files are in the editor's form\./);
      expect(status, output).toBe(0);
    },
    SLOW,
  );
});

describe('an edit saved through the editor', () => {
  const copy = mkdtempSync(join(tmpdir(), 'rt-format-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  for (const dir of ['src/content', 'src/assets/art']) cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
  const file = (slug: string) => join(copy, 'src/content/articles', `${slug}.mdx`);

  it(
    'changes one line per one-word change',
    () => {
      const slug = 'linen-vs-cotton';
      const before = readFileSync(file(slug), 'utf8');
      const lines = before.split('\n');
      // The first body paragraph after the front-matter, one word changed.
      const at = lines.findIndex((line, i) => i > lines.indexOf('---', 1) && /^[A-Z][^|<#*-].{80,}/.test(line));
      expect(at).toBeGreaterThan(0);
      const word = /\b(the|and|of)\b/.exec(lines[at]!)![0];
      lines[at] = lines[at]!.replace(new RegExp(`\\b${word}\\b`), word === 'the' ? 'this' : 'plus');
      const edited = lines
        .join('\n')
        .replace(/^title: (.*)Cotton(.*)$/m, 'title: $1Cottons$2')
        .replace(/^publishedDate: 2025-08-11$/m, 'publishedDate: 2025-08-12 09:30');
      writeFileSync(file(slug), edited);
      // A draft, as the editor writes one: the Draft line sits after the category.
      const published = readFileSync(file('hemp-blends'), 'utf8');
      const draft = published.replace(/^category: .*$/m, '$&\ndraft: true');
      writeFileSync(file('hemp-blends'), draft);
      const { status, output } = formatContent(copy);
      expect(status, output).toBe(0);
      const saved = readFileSync(file(slug), 'utf8');
      expect(saved, 'what the editor saves is what was edited').toBe(edited);
      const changed = changedLines(before, saved);
      expect(changed).toHaveLength(3);
      expect(changed[0]).toMatch(/^title: .*Cottons/);
      expect(changed[1]).toBe('publishedDate: 2025-08-12 09:30');
      expect(changed[2]).toBe(lines[at]);
      expect(readFileSync(file('hemp-blends'), 'utf8'), 'a draft saved as it was').toBe(draft);
      // Publishing it (unticking Draft) writes the file without that one line.
      writeFileSync(file('hemp-blends'), published);
      expect(formatContent('--check', copy).status).toBe(0);
    },
    2 * SLOW,
  );
});
