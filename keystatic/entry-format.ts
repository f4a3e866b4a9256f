// One MDX entry written the way Keystatic writes it when an editor saves: every field read and
// written by its own Keystatic field (keystatic.config.ts) in the collection's field order, the
// front-matter dumped by js-yaml with Keystatic's (default) options, the body by Keystatic's MDX
// serializer (mdast-util-to-markdown: `*` bullets, padded tables, one line per paragraph). This
// mirrors @keystatic/core's parseProps/serializeProps and serializeEntryToFiles (app/updating.tsx),
// which it does not export. The repository's files are kept in this form (npm run format:content),
// so a one-word edit in the editor is a one-line change in review.
// Needs Keystatic's browser build of its fields (the Node build leaves the MDX editor out): load it
// through scripts/format-content.ts, which sets that up.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dump, load } from 'js-yaml';
import config from '../keystatic.config.ts';

type Field = {
  kind: 'form' | 'object' | 'array' | 'conditional' | 'child';
  formKind?: 'slug' | 'asset' | 'assets' | 'content';
  fields?: Record<string, Field>;
  element?: Field;
  directory?: string;
  parse: (value: unknown, args?: unknown) => unknown;
  serialize: (value: unknown, args?: unknown) => { value: unknown; content?: Uint8Array };
  serializeWithSlug?: (value: unknown) => { value: unknown };
  filename?: (value: unknown, args: unknown) => string | undefined;
};

export type CollectionName = keyof typeof config.collections;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Front-matter and body, split where Keystatic splits them (`---\n` … `\n---\n`). */
function split(raw: string): { front: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new Error('the file has no front-matter between --- lines');
  return { front: match[1]!, body: match[2]! };
}

/** The files of `directory/slug/` by name: what Keystatic loads for an image field's value. */
function imagesOf(root: string, directory: string, slug: string): Map<string, Uint8Array> {
  const dir = join(root, directory, slug);
  const files = new Map<string, Uint8Array>();
  if (existsSync(dir)) for (const name of readdirSync(dir)) files.set(name, readFileSync(join(dir, name)));
  return files;
}

/**
 * Formats one entry of `collection` (the file's text) as Keystatic would save it. `root` is the
 * project root the image folders are read from.
 */
export function formatEntry(collection: CollectionName, slug: string, raw: string, root: string): string {
  const { schema } = config.collections[collection] as unknown as { schema: Record<string, Field> };
  const slugField = (config.collections[collection] as { slugField?: string }).slugField;
  const { front, body } = split(raw);
  const stored = (load(front) ?? {}) as Record<string, unknown>;

  const read = (field: Field, value: unknown, path: string[]): unknown => {
    if (field.kind === 'object')
      return Object.fromEntries(
        Object.entries(field.fields!).map(([key, inner]) => [
          key,
          read(inner, (value as Record<string, unknown> | undefined)?.[key], [...path, key]),
        ]),
      );
    if (field.kind === 'array')
      return ((value as unknown[] | undefined) ?? []).map((item) => read(field.element!, item, path));
    if (field.formKind === 'slug' && path.length === 1 && path[0] === slugField) return field.parse(value, { slug });
    if (field.formKind === 'asset') {
      const files = imagesOf(root, field.directory ?? '', slug);
      const name = field.filename!(value, { slug, suggestedFilenamePrefix: undefined });
      return field.parse(value, { asset: name ? files.get(name) : undefined, slug });
    }
    if (field.formKind === 'content') {
      const external = new Map<string, Map<string, Uint8Array>>();
      for (const dir of (field as { directories?: string[] }).directories ?? [])
        external.set(dir, imagesOf(root, dir, slug));
      return field.parse(value, { content: encoder.encode(body), other: new Map(), external, slug });
    }
    return field.parse(value);
  };

  let content = '';
  const write = (field: Field, value: unknown, path: string[]): unknown => {
    if (field.kind === 'object') {
      const written = Object.entries(field.fields!).map(
        ([key, inner]) => [key, write(inner, (value as Record<string, unknown>)[key], [...path, key])] as const,
      );
      return Object.fromEntries(written.filter(([, v]) => v !== undefined));
    }
    if (field.kind === 'array') return (value as unknown[]).map((item) => write(field.element!, item, path) ?? null);
    if (field.formKind === 'slug' && path.length === 1 && path[0] === slugField)
      return field.serializeWithSlug!(value).value;
    if (field.formKind === 'asset')
      return field.serialize(value, { suggestedFilenamePrefix: path.join('/'), slug }).value;
    if (field.formKind === 'content') {
      const out = field.serialize(value, { slug });
      content = out.content ? decoder.decode(out.content) : '';
      return out.value;
    }
    return field.serialize(value).value;
  };

  const entry = { kind: 'object', fields: schema } as unknown as Field;
  const data = write(entry, read(entry, stored, []), []) as Record<string, unknown>;
  return `---\n${dump(data)}---\n${content}`;
}
