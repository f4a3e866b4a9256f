// The visual editor (keystatic.config.ts) and the content schema (src/content.config.ts) describe the
// same front-matter: every schema key has an editor field and no editor field writes a key the schema
// rejects, nested groups (FAQ, references, CTA card, announcement) included, and the lists allow the
// same number of items. A change to one without the other fails here, not in an editor's build.
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import editor from '../../keystatic.config';
import { collections } from '../../src/content.config';

/** The shape of a field: a leaf, a group of named fields, or a list with its allowed length. */
type Shape = 'leaf' | { group: Record<string, Shape> } | { list: Shape; min?: number; max?: number };

interface ZodIntrospect {
  _zod: {
    def: {
      type: string;
      innerType?: ZodIntrospect;
      in?: ZodIntrospect;
      element?: ZodIntrospect;
      shape?: Record<string, ZodIntrospect>;
      checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[];
    };
  };
}

/** The item count a zod array allows, from its min/max/length checks. */
function lengthOf(schema: ZodIntrospect): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const { _zod } of schema._zod.def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'min_length') out.min = check.minimum;
    if (check.check === 'max_length') out.max = check.maximum;
    if (check.check === 'length_equals') out.min = out.max = check.length;
  }
  return out;
}

function zodShape(schema: ZodIntrospect): Shape {
  const { def } = schema._zod;
  switch (def.type) {
    case 'optional':
    case 'default':
      return zodShape(def.innerType!);
    case 'pipe':
      return zodShape(def.in!);
    case 'object':
      return { group: Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, zodShape(v)])) };
    case 'array':
      return { list: zodShape(def.element!), ...lengthOf(schema) };
    default:
      return 'leaf';
  }
}

interface EditorField {
  kind: string;
  formKind?: string;
  fields?: Record<string, EditorField>;
  element?: EditorField;
  validation?: { length?: { min?: number; max?: number } };
  /** The keys of an optional card (keystatic/optional-card-field.tsx). */
  partKeys?: string[];
}

function editorShape(field: EditorField): Shape {
  if (field.kind === 'object') {
    return { group: Object.fromEntries(Object.entries(field.fields!).map(([k, v]) => [k, editorShape(v)])) };
  }
  if (field.kind === 'array') {
    const { min, max } = field.validation?.length ?? {};
    return { list: editorShape(field.element!), ...(min ? { min } : {}), ...(max ? { max } : {}) };
  }
  if (field.partKeys) return { group: Object.fromEntries(field.partKeys.map((k) => [k, 'leaf'])) };
  return 'leaf';
}

const stubImage = () => z.string();

describe.each(['articles', 'stories'] as const)('the editor for %s', (name) => {
  const makeSchema = collections[name].schema as unknown as (context: { image: typeof stubImage }) => ZodIntrospect;
  const schema = makeSchema({ image: stubImage });
  const editorCollection = editor.collections[name];
  const editorFields = editorCollection.schema as Record<string, EditorField>;
  const contentField = (editorCollection.format as { contentField: string }).contentField;
  const frontMatterFields = Object.fromEntries(Object.entries(editorFields).filter(([k]) => k !== contentField));

  it('edits the MDX files of the collection, with the body as the content', () => {
    expect(editorCollection.path).toBe(`src/content/${name}/*`);
    expect(editorFields[contentField]?.formKind).toBe('content');
  });

  it('has exactly one field for every front-matter key of the schema', () => {
    const schemaKeys = Object.keys((zodShape(schema) as { group: object }).group).sort();
    expect(Object.keys(frontMatterFields).sort()).toEqual(schemaKeys);
  });

  it('has the same nested fields and list lengths as the schema', () => {
    const fromEditor = Object.fromEntries(Object.entries(frontMatterFields).map(([k, f]) => [k, editorShape(f)]));
    expect(fromEditor).toEqual((zodShape(schema) as { group: object }).group);
  });
});
