// One job per file: no source file in server/ or netlify/ grows past 350 lines (the layout's
// limit); a file that does is split along its seams, as server/mail/ was.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LIMIT = 350;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('server and function sources', () => {
  it(`are at most ${LIMIT} lines each`, () => {
    const files = [...sources('server'), ...sources('netlify')];
    expect(files.length).toBeGreaterThan(50);
    const long = files
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > LIMIT)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
