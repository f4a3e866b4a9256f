// Adding a page is one entry in src/site.ts (docs/architecture.md, "Where things go"): every page file
// under src/pages is either in STATIC_PAGES (so the sitemap, the dashboard's titles and its own title
// follow) or deliberately in UNLISTED_PAGES. A page in neither fails here; so does a stale entry.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATIC_PAGES, UNLISTED_PAGES } from '../../src/site.ts';

const PAGES = 'src/pages';

/** The URL path of every page file that is not a dynamic route ([slug]) or an endpoint (.ts). */
function pagePaths(): string[] {
  return readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.astro') && !f.includes('['))
    .map((f) => '/' + f.replace(/\.astro$/, '').replace(/(^|\/)index$/, ''))
    .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
    .sort();
}

describe('every page is listed', () => {
  it('is in STATIC_PAGES or UNLISTED_PAGES, and each entry has a page', () => {
    const listed = [...STATIC_PAGES.map((p) => p.path), ...UNLISTED_PAGES].sort();
    expect(pagePaths()).toEqual(listed);
  });

  it('keeps every unlisted page out of search engines', () => {
    for (const path of UNLISTED_PAGES) {
      const source = readFileSync(join(PAGES, `${path.slice(1)}.astro`), 'utf8');
      // The 404 page is noindex by its status; the others say so.
      if (path !== '/404') expect(source, path).toMatch(/\bnoindex\b/);
    }
  });
});
