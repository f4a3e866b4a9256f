// UI strings live in one place, src/shared/messages/ (docs/architecture.md, "Where things go"). This scans the
// templates of every component and layout for text a reader sees or hears (text nodes, and the aria-label,
// alt, title and placeholder attributes) written as a literal instead of read from the messages. Pages are
// not scanned: their prose (privacy, terms, the home page's copy) is the page's content, not UI.
// Islands (.tsx) are covered by the lint gate (eslint.config.js, no JSX text literals in src/islands/).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/components', 'src/layouts'];

/** Literals that are not words: symbols and the like. */
const ALLOWED = new Set<string>([]);

/** The text a reader meets in an .astro template, written as literals. */
export function templateLiterals(source: string): string[] {
  const template = source
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<style\b[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const found: string[] = [];
  for (const m of template.matchAll(/>([^<>]*)</g)) {
    const text = m[1]!.replace(/&[a-z]+;|&#\d+;/gi, '').trim();
    // A segment with braces, arrows or a ternary's joints is an expression ({LABEL}, {items.map((x) => (,
    // ) : (), not a literal.
    if (!text || /[{}]|=>|\)\s*:|\?\s*\(/.test(text)) continue;
    if (/\p{L}/u.test(text)) found.push(text);
  }
  for (const m of template.matchAll(/\s(aria-label|alt|title|placeholder)="([^"]*)"/g)) {
    if (/\p{L}/u.test(m[2]!)) found.push(`${m[1]}="${m[2]}"`);
  }
  return found.filter((t) => !ALLOWED.has(t));
}

describe('UI strings come from src/shared/messages/', () => {
  const files = ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.astro'))
      .map((f) => join(root, f)),
  );

  it('finds the templates', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)('%s has no literal text', (file) => {
    expect(templateLiterals(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('the scanner catches a literal text node and a literal label, and passes expressions', () => {
    expect(templateLiterals('---\nconst a = 1;\n---\n<p>Hello there</p>')).toEqual(['Hello there']);
    expect(templateLiterals('<a aria-label="Newsletter" href="#n"></a>')).toEqual(['aria-label="Newsletter"']);
    expect(templateLiterals('<p>{READER.back}</p><Icon name="x" /> {x}')).toEqual([]);
  });
});
