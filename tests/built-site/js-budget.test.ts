// JavaScript size budget per page type, read from the build: what a page runs before any
// interaction (inline scripts; no script file may load), and everything its islands can pull in
// (component and renderer chunks with their static imports), gzipped. The only script that runs
// before the first paint is the theme script in <head>: at most 600 bytes, allowed by its hash.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT, THEME_SCRIPT_HASH } from '../../src/lib/theme-script.ts';

const DIST = 'dist';
const KB = 1024;

/** Budgets in gzipped bytes. */
const BUDGETS: Record<string, { file: string; inline: number; islands: number }> = {
  home: { file: 'index.html', inline: 3 * KB, islands: 90 * KB },
  articles: { file: 'articles.html', inline: 3 * KB, islands: 90 * KB },
  article: { file: 'articles/hemp-vs-cotton.html', inline: 3 * KB, islands: 90 * KB },
  story: { file: 'stories/plant-power.html', inline: 3 * KB, islands: 90 * KB },
  contact: { file: 'contact.html', inline: 3 * KB, islands: 90 * KB },
  // Staff only, never a reader's page: React as one chunk shared with the editor's page, the lists
  // with the message reader and the deletion notice; the views load on their tab (issue 39).
  admin: { file: 'admin.html', inline: 3 * KB, islands: 104 * KB },
  '404': { file: '404.html', inline: 3 * KB, islands: 90 * KB },
};

const gz = (s: string | Buffer) => gzipSync(s).length;

/** A chunk and every chunk it statically imports. */
function closure(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const code = readFileSync(join(DIST, url), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    closure(new URL(m[1]!, 'http://x' + url).pathname, seen);
  }
  return seen;
}

function measure(file: string) {
  const html = readFileSync(join(DIST, file), 'utf8');
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  const inline = scripts
    .filter(([, attrs]) => !/src=|type="application\/ld\+json"/.test(attrs!))
    .map(([, , body]) => body!)
    .join('');
  const external = scripts.filter(([, attrs]) => /src=/.test(attrs!)).length;
  const roots = [...html.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1]!);
  const chunks = new Set<string>();
  for (const r of roots) closure(r, chunks);
  const islands = [...chunks].reduce((sum, c) => sum + gz(readFileSync(join(DIST, c))), 0);
  return { inline: gz(inline), external, islands, chunks: chunks.size };
}

const THEME_SCRIPT_MAX_BYTES = 600;

/** Classic (render-blocking) inline scripts of the <head>: not modules, not data. */
function headScripts(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/type=/.test(attrs!) && !/src=/.test(attrs!))
    .map(([, , body]) => body!);
}

describe('JavaScript budget', () => {
  it('runs one script before the first paint: the theme script, at most 600 bytes, allowed by its hash', () => {
    expect(Buffer.byteLength(THEME_SCRIPT)).toBeLessThanOrEqual(THEME_SCRIPT_MAX_BYTES);
    const headers = readFileSync(join(DIST, '_headers'), 'utf8');
    for (const budget of Object.values(BUDGETS)) {
      const html = readFileSync(join(DIST, budget.file), 'utf8');
      expect(headScripts(html), budget.file).toEqual([THEME_SCRIPT]);
      const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)?.[1] ?? '';
      expect(meta, budget.file).toContain(THEME_SCRIPT_HASH);
    }
    expect(headers.match(new RegExp(THEME_SCRIPT_HASH.replace(/[+/=]/g, '\\$&'), 'g'))?.length).toBe(
      headers.match(/Content-Security-Policy/g)?.length,
    );
  });

  it.each(Object.entries(BUDGETS))('%s stays within budget', (_, budget) => {
    expect(existsSync(join(DIST, budget.file)), 'build the site first').toBe(true);
    const m = measure(budget.file);
    expect(m.external, 'no script file loads before interaction').toBe(0);
    expect(m.inline).toBeLessThanOrEqual(budget.inline);
    expect(m.islands).toBeLessThanOrEqual(budget.islands);
  });
});
