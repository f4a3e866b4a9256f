// The articles and stories an announcement can be made from, read from the build
// (dist/announceable.json, written by src/pages/announceable.json.ts), looked for where
// server/page-titles.ts looks. Read again when the file changes, so a new build's articles are
// seen by a server that keeps running.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANNOUNCEABLE_FILE, type Announceable } from '../../src/shared/announceable.ts';
import { rootDir } from '../settings.ts';

function candidates(): string[] {
  const roots: string[] = [];
  const served = rootDir();
  if (served) roots.push(served);
  try {
    roots.push(fileURLToPath(new URL('../..', import.meta.url)));
  } catch {
    // A bundle without a file URL: the working directory below.
  }
  roots.push(process.cwd());
  return roots.map((root) => join(root, 'dist', ANNOUNCEABLE_FILE));
}

let cache: { file: string; mtimeMs: number; items: Announceable[] } | undefined;

/** Every announceable article and story, newest first; empty without a build (logged). */
export function announceableItems(): Announceable[] {
  for (const file of candidates()) {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      continue;
    }
    if (cache?.file === file && cache.mtimeMs === mtimeMs) return cache.items;
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(parsed)) throw new Error(`${file} is not a list of articles`);
    cache = { file, mtimeMs, items: parsed as Announceable[] };
    return cache.items;
  }
  console.error(`announcements: no dist/${ANNOUNCEABLE_FILE} (build the site); only notes can be sent`);
  return [];
}

export function findAnnounceable(path: string): Announceable | undefined {
  return announceableItems().find((item) => item.path === path);
}
