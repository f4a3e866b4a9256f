// What src/content.config.ts and src/lib/catalogue.ts need from Astro's virtual 'astro:content'
// module when a test imports them outside Astro: collections as plain objects, references as slugs,
// and getCollection() answering with the entries a test set (setCollections), as Astro's loader
// would after parsing each file against the schema.
import { z } from 'astro/zod';

export const defineCollection = <T>(collection: T): T => collection;
export const reference = (_collection: string) => z.string();

export interface StubEntry {
  id: string;
  filePath: string;
  data: unknown;
  body: string;
}

const KEY = Symbol.for('rooted-threads.test-collections');
type Registry = Record<string, StubEntry[]>;
const registry = (): Registry => ((globalThis as Record<symbol, Registry | undefined>)[KEY] ??= {});

/** The entries getCollection() answers with (kept on globalThis: tests re-import modules). */
export function setCollections(collections: Registry): void {
  (globalThis as Record<symbol, Registry>)[KEY] = collections;
}

export async function getCollection(name: string): Promise<StubEntry[]> {
  return registry()[name] ?? [];
}
