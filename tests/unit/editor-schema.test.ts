// The visual editor (keystatic.config.ts) and the content schema (src/content.config.ts) describe the
// same front-matter, both built from the field-rules table (src/content-fields.ts). This proves they
// agree by behaviour, not by reading their source: every schema key has an editor field (and no
// editor field writes a key the schema rejects); every text field in the table gets values one
// character either side of each limit, and the schema's parse and the editor's own validate() accept
// and refuse the same ones; every list gets one item too few and too many, refused by the schema
// exactly where the editor's count stops; the publication dates take a time of day on both sides or
// on neither, and the draft switch defaults alike. Change a limit on one side only and this fails.
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import editor from '../../keystatic.config';
import { collections } from '../../src/content.config';
import {
  ARTICLE_FIELDS,
  SHARED_FIELDS,
  STORY_FIELDS,
  type DateRule,
  type ListRule,
  type TextRule,
} from '../../src/content-fields';
import { loadAll } from '../content/content-files';

type Zod = z.ZodType;

interface EditorField {
  kind: string;
  formKind?: string;
  fields?: Record<string, EditorField>;
  element?: EditorField;
  validation?: { length?: { min?: number; max?: number } };
  /** The keys of an optional card (keystatic/optional-card-field.tsx). */
  partKeys?: string[];
  validate?: (value: unknown) => unknown;
  parse?: (value: unknown) => unknown;
  defaultValue?: () => unknown;
}

const stubImage = () => z.string();

/** The schema of a field, through `.optional()` and `.default()`. */
function unwrap(schema: Zod): Zod {
  const inner = (schema as { unwrap?: () => Zod }).unwrap;
  if ((schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) && inner) return unwrap(inner.call(schema));
  if (schema instanceof z.ZodDefault) return unwrap(schema.def.innerType as Zod);
  return schema;
}

/** Follows a path of keys ('faq', '[]', 'q') through the schema. */
function zodAt(root: Zod, path: string[]): Zod {
  return path.reduce((s, key) => {
    const u = unwrap(s);
    if (key === '[]') return (u as z.ZodArray<Zod>).element;
    return (u as z.ZodObject).shape[key] as Zod;
  }, root);
}

/** Follows the same path through the editor's fields. */
function editorAt(root: Record<string, EditorField>, path: string[]): EditorField {
  let field = root[path[0]!]!;
  for (const key of path.slice(1)) field = key === '[]' ? field.element! : field.fields![key]!;
  return field;
}

/** The title is a slug field, whose value is { name, slug }; the others are plain strings. */
function editorAccepts(field: EditorField, value: string, isSlugField: boolean): boolean {
  try {
    field.validate!(isSlugField ? { name: value, slug: 'a-slug' } : value);
    return true;
  } catch {
    return false;
  }
}

/** Lengths either side of each limit of a rule. */
function probeLengths({ min, max }: { min: number; max?: number }): number[] {
  return [min - 1, min, min + 1, ...(max === undefined ? [min + 500] : [max - 1, max, max + 1])].filter((n) => n >= 0);
}

interface Case {
  collection: 'articles' | 'stories';
  path: string[];
  rule: TextRule | ListRule;
}

const text: Case[] = [
  { collection: 'articles', path: ['title'], rule: ARTICLE_FIELDS.title },
  { collection: 'articles', path: ['excerpt'], rule: ARTICLE_FIELDS.excerpt },
  { collection: 'articles', path: ['heroAlt'], rule: SHARED_FIELDS.heroAlt },
  { collection: 'articles', path: ['lead'], rule: SHARED_FIELDS.lead },
  { collection: 'articles', path: ['faq', '[]', 'q'], rule: ARTICLE_FIELDS.faqQuestion },
  { collection: 'articles', path: ['faq', '[]', 'a'], rule: ARTICLE_FIELDS.faqAnswer },
  { collection: 'articles', path: ['references', '[]', 'title'], rule: SHARED_FIELDS.referenceTitle },
  { collection: 'articles', path: ['references', '[]', 'publisher'], rule: SHARED_FIELDS.referencePublisher },
  { collection: 'articles', path: ['keywords', '[]'], rule: { ...SHARED_FIELDS.keywords, min: 2, max: undefined } },
  { collection: 'stories', path: ['title'], rule: STORY_FIELDS.title },
  { collection: 'stories', path: ['tagline'], rule: STORY_FIELDS.tagline },
  { collection: 'stories', path: ['excerpt'], rule: STORY_FIELDS.excerpt },
  { collection: 'stories', path: ['heroAlt'], rule: SHARED_FIELDS.heroAlt },
  { collection: 'stories', path: ['lead'], rule: SHARED_FIELDS.lead },
  { collection: 'stories', path: ['bullets', '[]'], rule: { ...STORY_FIELDS.bullets, min: 5, max: undefined } },
];

const lists: Case[] = [
  { collection: 'articles', path: ['keywords'], rule: SHARED_FIELDS.keywords },
  { collection: 'articles', path: ['about'], rule: SHARED_FIELDS.about },
  { collection: 'articles', path: ['related'], rule: SHARED_FIELDS.related },
  { collection: 'articles', path: ['faq'], rule: ARTICLE_FIELDS.faq },
  { collection: 'articles', path: ['references'], rule: ARTICLE_FIELDS.references },
  { collection: 'stories', path: ['keywords'], rule: SHARED_FIELDS.keywords },
  { collection: 'stories', path: ['about'], rule: SHARED_FIELDS.about },
  { collection: 'stories', path: ['related'], rule: SHARED_FIELDS.related },
  { collection: 'stories', path: ['bullets'], rule: STORY_FIELDS.bullets },
  { collection: 'stories', path: ['references'], rule: STORY_FIELDS.references },
];

function setup(name: 'articles' | 'stories') {
  const makeSchema = collections[name].schema as unknown as (context: { image: typeof stubImage }) => Zod;
  const editorCollection = editor.collections[name];
  const fields = editorCollection.schema as unknown as Record<string, EditorField>;
  const contentField = (editorCollection.format as { contentField: string }).contentField;
  return { schema: makeSchema({ image: stubImage }), fields, contentField, editorCollection };
}

/** A real entry's front-matter, for valid list items. */
const samples = {
  articles: loadAll<Record<string, unknown[]>>('src/content/articles')[0]!.front,
  stories: loadAll<Record<string, unknown[]>>('src/content/stories')[0]!.front,
};

describe.each(['articles', 'stories'] as const)('the editor for %s', (name) => {
  const { schema, fields, contentField, editorCollection } = setup(name);

  it('edits the MDX files of the collection, with the body as the content', () => {
    expect(editorCollection.path).toBe(`src/content/${name}/*`);
    expect(fields[contentField]?.formKind).toBe('content');
  });

  it('has exactly one field for every front-matter key of the schema, nested groups included', () => {
    const keys = (s: Zod) => Object.keys((unwrap(s) as z.ZodObject).shape).sort();
    const editorKeys = (f: EditorField) => (f.partKeys ?? Object.keys(f.fields!)).sort();
    expect(
      Object.keys(fields)
        .filter((k) => k !== contentField)
        .sort(),
    ).toEqual(keys(schema));
    for (const [key, inner] of [
      ['cta', []],
      ['references', ['[]']],
      ...(name === 'articles' ? [['faq', ['[]']] as const, ['announcement', []] as const] : []),
    ] as const) {
      expect(editorKeys(editorAt(fields, [key, ...inner])), key).toEqual(keys(zodAt(schema, [key, ...inner])));
    }
  });
});

describe('every text limit of the table holds in both the schema and the editor', () => {
  it.each(text.map((c) => [`${c.collection} ${c.path.join('.')}`, c] as const))('%s', (_label, c) => {
    const { schema, fields } = setup(c.collection);
    const zodField = zodAt(schema, c.path);
    const editorField = editorAt(fields, c.path);
    expect(editorField.validate, 'the editor field validates').toBeTypeOf('function');
    for (const n of probeLengths(c.rule)) {
      const value = 'x'.repeat(n);
      const expected = n >= c.rule.min && (c.rule.max === undefined || n <= c.rule.max);
      expect([n, zodField.safeParse(value).success], 'schema').toEqual([n, expected]);
      expect([n, editorAccepts(editorField, value, c.path.join('.') === 'title')], 'editor').toEqual([n, expected]);
    }
  });
});

describe('every list count of the table holds in both the schema and the editor', () => {
  it.each(lists.map((c) => [`${c.collection} ${c.path.join('.')}`, c] as const))('%s', (_label, c) => {
    const { schema, fields } = setup(c.collection);
    const zodField = zodAt(schema, c.path);
    const item = samples[c.collection][c.path[0]!]![0];
    for (const n of probeLengths(c.rule)) {
      const expected = n >= c.rule.min && (c.rule.max === undefined || n <= c.rule.max);
      expect([n, zodField.safeParse(Array(n).fill(item)).success], 'schema').toEqual([n, expected]);
    }
    const { min, max } = editorAt(fields, c.path).validation?.length ?? {};
    expect({ min, max }, 'editor').toEqual({ min: c.rule.min, max: c.rule.max });
  });
});

describe('every publication date of the table is the same kind of value in the schema and the editor', () => {
  const dates: [string, 'articles' | 'stories', DateRule][] = [
    ['articles publishedDate', 'articles', ARTICLE_FIELDS.publishedDate],
    ['stories publishedDate', 'stories', STORY_FIELDS.publishedDate],
  ];
  it.each(dates)('%s', (_label, collection, rule) => {
    const { schema, fields } = setup(collection);
    const zodField = zodAt(schema, ['publishedDate']);
    const editorField = editorAt(fields, ['publishedDate']);
    const accepts = (value: unknown) => editorAccepts(editorField, value as string, false);
    // Required on both sides.
    expect(zodField.safeParse(undefined).success, 'schema').toBe(false);
    expect(accepts(null), 'editor').toBe(false);
    // What the editor writes, the schema reads as that wall-clock day or moment.
    const [written, wallClock] = rule.withTime
      ? ['2026-03-02T09:30', Date.UTC(2026, 2, 2, 9, 30)]
      : ['2026-03-02', Date.UTC(2026, 2, 2)];
    expect(accepts(written), `the editor takes ${written}`).toBe(true);
    expect((zodField.parse(written) as Date).getTime(), `the schema reads ${written}`).toBe(wallClock);
    // A time of day only where the rule allows one.
    expect(accepts('2026-03-02T09:30'), 'the editor takes a time of day').toBe(rule.withTime);
    expect(accepts('2026-03-02'), 'the editor takes a bare day').toBe(!rule.withTime);
  });
});

describe('the draft switch of the table defaults alike in the schema and the editor', () => {
  it('articles draft', () => {
    const rule = ARTICLE_FIELDS.draft;
    const { schema, fields } = setup('articles');
    const zodField = zodAt(schema, ['draft']);
    const editorField = editorAt(fields, ['draft']);
    expect(zodField.parse(undefined), 'schema, left out').toBe(rule.default);
    expect(editorField.parse!(undefined), 'editor, left out').toBe(rule.default);
    expect(editorField.defaultValue!(), 'editor, a new entry').toBe(rule.default);
    for (const value of [true, false]) {
      expect(zodField.parse(value)).toBe(value);
      expect(editorField.parse!(value)).toBe(value);
    }
    expect(zodField.safeParse('yes').success, 'schema').toBe(false);
    expect(() => editorField.parse!('yes'), 'editor').toThrow();
  });
});
