// The titles of the site's pages, read from the build (dist/page-titles.json, written from the
// catalogue by src/pages/page-titles.json.ts) through build-data.ts, which finds it and reads it
// again when a new build replaces it. Without a build, titles are unknown (null) and that is
// logged once; the insights still answer.
import { PAGE_TITLES_FILE, type PageTitles } from '../src/shared/page-titles.ts';
import { buildData } from './build-data.ts';

function parseTitles(json: unknown, path: string): PageTitles {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error(`${path} is not a map of page titles`);
  }
  return Object.fromEntries(
    Object.entries(json).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

let missingLogged = false;

function titles(): PageTitles {
  const found = buildData(PAGE_TITLES_FILE, parseTitles);
  if (found) return found;
  if (!missingLogged) {
    missingLogged = true;
    console.error(`page titles: no dist/${PAGE_TITLES_FILE} (build the site); insights show paths without titles`);
  }
  return {};
}

/** The title of the page at `path`, or null when the build lists no such page. */
export function pageTitle(path: string): string | null {
  const all = titles();
  return Object.hasOwn(all, path) ? all[path]! : null;
}

/** Every path the build lists: the only pages the dashboard links to. */
export function knownPages(): string[] {
  return Object.keys(titles());
}
