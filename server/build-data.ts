// The build's data the server reads (dist/page-titles.json, dist/announceable.json,
// dist/next-publish.json), all through this one reader with one lookup rule:
//   ROOT_DIR's dist/ (the built site `npm start` serves), then `dist/` beside this module or in any
//   folder above it: in the checkout that is the project root; in a Netlify function bundle, where
//   this module may sit at server/ or be bundled into the function's own file, it is the bundle
//   root, which holds the files (netlify.toml, included_files). Never the working directory: a
//   function's is not ours to choose.
// A file is read again when it changes (another inode, size or mtime), so a server that keeps
// running sees a new build at once: the scheduled rebuild of `npm start` (runtime/scheduled-rebuild.ts)
// moves the new build to dist/ and the next read finds it.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rootDir } from './settings.ts';

/** When the next scheduled article comes due (src/pages/next-publish.json.ts). */
export const NEXT_PUBLISH_FILE = 'next-publish.json';

const candidates = new Map<string, { root: string | undefined; paths: string[] }>();

/** Where `file` may be, in the order looked (worked out again only when ROOT_DIR changes). */
export function buildDataCandidates(file: string): string[] {
  const root = rootDir();
  const known = candidates.get(file);
  if (known && known.root === root) return known.paths;
  const paths = lookupPaths(file, root);
  candidates.set(file, { root, paths });
  return paths;
}

function lookupPaths(file: string, served: string | undefined): string[] {
  const roots: string[] = [];
  if (served) roots.push(served);
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    roots.push(dir);
    if (dirname(dir) === dir) break;
  }
  return roots.map((root) => join(root, 'dist', file));
}

interface Cached {
  path: string;
  version: string;
  bytes: Buffer;
  parsed: Map<unknown, unknown>;
}

const cache = new Map<string, Cached>();

function current(file: string): Cached | undefined {
  for (const path of buildDataCandidates(file)) {
    let version: string;
    try {
      // A missing candidate is the common case (a folder above ours): no error is made for it.
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      continue;
    }
    const known = cache.get(file);
    if (known?.path === path && known.version === version) return known;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // Replaced between the stat and the read: look again next time.
    }
    const fresh: Cached = { path, version, bytes, parsed: new Map() };
    cache.set(file, fresh);
    return fresh;
  }
  cache.delete(file);
  return undefined;
}

/** The bytes of dist/`file` as the build wrote it, or undefined when no build has it. */
export function buildFile(file: string): Buffer | undefined {
  return current(file)?.bytes;
}

/**
 * dist/`file` as JSON, shaped by `parse` (which throws, naming the file, when the shape is wrong),
 * parsed once per version of the file; undefined when no build has it.
 */
export function buildData<T>(file: string, parse: (json: unknown, path: string) => T): T | undefined {
  const found = current(file);
  if (!found) return undefined;
  if (!found.parsed.has(parse)) found.parsed.set(parse, parse(JSON.parse(found.bytes.toString('utf8')), found.path));
  return found.parsed.get(parse) as T;
}
