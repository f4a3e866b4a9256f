// The visual editor exists only under `npm run dev`: the public build (served by `npm start` and
// Netlify) has no /keystatic or /api/keystatic route and none of the editor's code. Reads dist/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = 'dist';

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name));
}

describe('the public build', () => {
  it('has no editor route, file or script', () => {
    expect(existsSync(join(DIST, 'index.html')), 'build the site first').toBe(true);
    const all = files(DIST);
    expect(all.filter((f) => /keystatic/i.test(relative(DIST, f)))).toEqual([]);
    const mentioning = all
      .filter((f) => /\.(html|js|mjs|css|json|xml|txt|map)$|_headers$|_redirects$/.test(f))
      .filter((f) => /keystatic|keystar/i.test(readFileSync(f, 'utf8')));
    expect(mentioning).toEqual([]);
  });
});
