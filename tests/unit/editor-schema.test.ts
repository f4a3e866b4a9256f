// The visual editor (keystatic.config.ts) and the content schema (src/content-schema.ts) describe the
// same front-matter, both built from the field-rules table (src/content-fields.ts). This proves they
// agree by behaviour, not by reading their source: every schema key has an editor field (and no
// editor field writes a key the schema rejects); every text field in the table gets values one
// character either side of each limit; every list gets one item too few and too many. An article
// can be saved as a draft with only its title, so the editor holds an article's fields to the draft
// rule: it accepts and refuses exactly what the schema's draft branch does (no minimums, the same
// maximums), while the published branch refuses exactly below the table's minimums; stories have
// no drafts, and the editor and the schema hold them to the same full rule. The publication dates
// take a time of day on both sides or on neither, and the draft switch reads alike.
// Change a limit on one side only and this fails.
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
  const whole = makeSchema({ image: stubImage });
  // An article is a draft or a published entry, told apart by `draft`; a story is always complete.
  const branches = (whole as unknown as { options?: Zod[] }).options;
  const published = branches ? branches.find((b) => zodAt(b, ['draft']).safeParse(undefined).success)! : whole;
  const draft = branches ? branches.find((b) => b !== published)! : undefined;
  /** The rule the editor holds the fields to: the draft rule where there is one. */
  const editorRule = draft ?? published;
  return { whole, schema: published, draft, editorRule, fields, contentField, editorCollection };
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
    const { schema, editorRule, fields } = setup(c.collection);
    const isTitle = c.path.join('.') === 'title';
    const zodField = zodAt(schema, c.path);
    // The title is needed even by a draft; every other field of a draft may be short.
    const editorZod = isTitle ? zodField : zodAt(editorRule, c.path);
    const editorField = editorAt(fields, c.path);
    expect(editorField.validate, 'the editor field validates').toBeTypeOf('function');
    for (const n of probeLengths(c.rule)) {
      const value = 'x'.repeat(n);
      const complete = n >= c.rule.min && (c.rule.max === undefined || n <= c.rule.max);
      expect([n, zodField.safeParse(value).success], 'schema, published').toEqual([n, complete]);
      const editorTakes = editorAccepts(editorField, value, isTitle);
      expect([n, editorTakes], 'editor = the schema of what it saves').toEqual([n, editorZod.safeParse(value).success]);
      if (editorZod !== zodField)
        expect([n, editorTakes], 'a draft only has a maximum').toEqual([n, n <= (c.rule.max ?? Infinity)]);
    }
  });
});

describe('every list count of the table holds in both the schema and the editor', () => {
  it.each(lists.map((c) => [`${c.collection} ${c.path.join('.')}`, c] as const))('%s', (_label, c) => {
    const { schema, editorRule, fields } = setup(c.collection);
    const zodField = zodAt(schema, c.path);
    const editorZod = zodAt(editorRule, c.path);
    const item = samples[c.collection][c.path[0]!]![0];
    const { min = 0, max = Infinity } = editorAt(fields, c.path).validation?.length ?? {};
    for (const n of probeLengths(c.rule)) {
      const expected = n >= c.rule.min && (c.rule.max === undefined || n <= c.rule.max);
      expect([n, zodField.safeParse(Array(n).fill(item)).success], 'schema, published').toEqual([n, expected]);
      expect([n, n >= min && n <= max], 'editor = the schema of what it saves').toEqual([
        n,
        editorZod.safeParse(Array(n).fill(item)).success,
      ]);
    }
    expect(max, 'editor maximum').toBe(c.rule.max ?? Infinity);
    expect(min, 'editor minimum').toBe(editorRule === schema ? c.rule.min : 0);
  });
});

describe('every publication date of the table is the same kind of value in the schema and the editor', () => {
  const dates: [string, 'articles' | 'stories', DateRule][] = [
    ['articles publishedDate', 'articles', ARTICLE_FIELDS.publishedDate],
    ['stories publishedDate', 'stories', STORY_FIELDS.publishedDate],
  ];
  it.each(dates)('%s', (_label, collection, rule) => {
    const { schema, editorRule, fields } = setup(collection);
    const zodField = zodAt(schema, ['publishedDate']);
    const editorField = editorAt(fields, ['publishedDate']);
    const accepts = (value: unknown) => editorAccepts(editorField, value as string, false);
    // Required to publish; a draft may leave it empty, in the editor as in the schema.
    expect(zodField.safeParse(undefined).success, 'schema, published').toBe(false);
    expect(accepts(null), 'editor').toBe(zodAt(editorRule, ['publishedDate']).safeParse(undefined).success);
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

describe('the draft switch of the table reads alike in the schema and the editor', () => {
  it('articles draft', () => {
    const rule = ARTICLE_FIELDS.draft;
    const { whole, fields } = setup('articles');
    const editorField = editorAt(fields, ['draft']);
    const title = 'A title long enough';
    const draftOf = (front: Record<string, unknown>) => (whole.parse(front) as { draft: boolean }).draft;
    expect(rule.default, 'a file without the switch is published').toBe(false);
    expect(editorField.parse!(undefined), 'editor, left out').toBe(rule.default);
    expect(editorField.defaultValue!(), 'editor, a new entry starts as a draft').toBe(rule.newEntry);
    expect(rule.newEntry).toBe(true);
    expect(draftOf({ title, draft: true }), 'schema, a draft with only a title').toBe(true);
    for (const value of [true, false]) expect(editorField.parse!(value)).toBe(value);
    expect(whole.safeParse({ title, draft: 'yes' }).success, 'schema').toBe(false);
    expect(() => editorField.parse!('yes'), 'editor').toThrow();
  });
});

describe('a new article in the editor', () => {
  const { whole, fields, contentField } = setup('articles');
  const editorKeys = Object.keys(fields).filter((k) => k !== contentField && k !== 'title');

  it('can be saved with only a title: every other field accepts its empty start', () => {
    for (const key of editorKeys) {
      const field = fields[key]!;
      // A list starts empty and may stay so; a box starts with its default value.
      if (field.kind === 'array') expect(field.validation?.length?.min ?? 0, key).toBe(0);
      else expect(() => field.validate!(field.defaultValue!()), key).not.toThrow();
    }
    const title = fields.title!;
    expect(editorAccepts(title, 'A new article about linen', true), 'a title').toBe(true);
    expect(editorAccepts(title, '', true), 'no title').toBe(false);
  });

  it('is read by the schema as a draft with only a title, and named field by field once published', () => {
    const draft = whole.safeParse({ title: 'A new article about linen', draft: true });
    expect(draft.success, JSON.stringify(draft.error?.issues)).toBe(true);
    const published = whole.safeParse({ title: 'A new article about linen' });
    const missing = new Set(published.error?.issues.map((i) => String(i.path[0])));
    expect([...missing].sort()).toEqual(
      [
        'about',
        'articleSection',
        'category',
        'excerpt',
        'faq',
        'hero',
        'heroAlt',
        'keywords',
        'lead',
        'publishedDate',
        'references',
        'related',
      ].sort(),
    );
    expect(whole.safeParse({ draft: true }).success, 'a draft still needs its title').toBe(false);
  });
});
