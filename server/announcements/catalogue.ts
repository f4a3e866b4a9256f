// The articles and stories an announcement can be made from, read from the build
// (dist/announceable.json, written by src/pages/announceable.json.ts) through build-data.ts, which
// finds it and reads it again when a new build replaces it.
import { ANNOUNCEABLE_FILE, type Announceable } from '../../src/shared/announceable.ts';
import { buildData } from '../build-data.ts';

function parseItems(json: unknown, path: string): Announceable[] {
  if (!Array.isArray(json)) throw new Error(`${path} is not a list of articles`);
  return json as Announceable[];
}

/** Every announceable article and story, newest first; empty without a build (logged). */
export function announceableItems(): Announceable[] {
  const items = buildData(ANNOUNCEABLE_FILE, parseItems);
  if (items) return items;
  console.error(`announcements: no dist/${ANNOUNCEABLE_FILE} (build the site); only notes can be sent`);
  return [];
}

export function findAnnounceable(path: string): Announceable | undefined {
  return announceableItems().find((item) => item.path === path);
}
