// The titles of the site's pages, read from the build (dist/page-titles.json, written from the
// catalogue by src/pages/page-titles.json.ts). Looked for in the built site the server serves
// (ROOT_DIR), next to this module's checkout, then the working directory (Netlify runs functions
// from the site's base directory and ships the file with them: netlify.toml, included_files).
// Read once per process: a deploy brings a new process. Without a build, titles are unknown (null)
// and that is logged once; the insights still answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_TITLES_FILE, type PageTitles } from '../src/shared/page-titles.ts';
import { rootDir } from './settings.ts';

function candidates(): string[] {
  const roots: string[] = [];
  const served = rootDir();
  if (served) roots.push(served);
  try {
    roots.push(fileURLToPath(new URL('..', import.meta.url)));
  } catch {
    // A bundle without a file URL (some function bundlers): the working directory below.
  }
  roots.push(process.cwd());
  return roots.map((root) => join(root, 'dist', PAGE_TITLES_FILE));
}

function load(): PageTitles {
  for (const file of candidates()) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${file} is not a map of page titles`);
    }
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  console.error(`page titles: no dist/${PAGE_TITLES_FILE} (build the site); insights show paths without titles`);
  return {};
}

let titles: PageTitles | undefined;

/** The title of the page at `path`, or null when the build lists no such page. */
export function pageTitle(path: string): string | null {
  titles ??= load();
  return Object.hasOwn(titles, path) ? titles[path]! : null;
}
