// Reads the MDX content files the way the content tests need them: front-matter parsed as YAML,
// body kept as written. Shared by the content tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface ReferenceEntry {
  title: string;
  publisher: string;
  year: number | string;
  url: string;
}

export interface ContentFile<F> {
  slug: string;
  file: string;
  front: F;
  body: string;
}

/** One MDX file: front-matter (parsed) and body (raw). */
export function loadMdx<F>(dir: string, file: string): ContentFile<F> {
  const raw = readFileSync(join(dir, file), 'utf8');
  const m = raw.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  if (!m) throw new Error(`${file}: no front-matter`);
  return { slug: file.replace(/\.mdx$/, ''), file, front: parse(m[1]!) as F, body: m[2]! };
}

/** Every MDX file of a content folder, in name order; `drafts: false` leaves drafts out (they may be half-written). */
export function loadAll<F>(dir: string, { drafts = true }: { drafts?: boolean } = {}): ContentFile<F>[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mdx'))
    .sort()
    .map((f) => loadMdx<F>(dir, f))
    .filter((f) => drafts || (f.front as { draft?: unknown }).draft !== true);
}
