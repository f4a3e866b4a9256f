// The content schema of articles and stories, built from the field-rules table (src/content-fields.ts)
// for two states. A published entry (the default) must be complete: every rule of the table holds.
// A draft (`draft: true`, articles only) needs only its title: any other field may be missing or
// half-written (too short, too few items), and a missing one gets an empty stand-in so a preview
// still renders; what a field holds must still be the right kind of value (a date, an https
// address, no more than the maximum). Messages are written for the editor who reads them.
// src/content.config.ts gives it Astro's image() and reference(); the editor's check
// (scripts/check-content.ts) gives it stand-ins. No Astro virtual modules here for that reason.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { ARTICLE_SECTIONS, CATEGORIES } from './site.ts';
import { CONTENT_DIRS } from './content-dirs.ts';
import { REFERENCE_ID } from './lib/citations.ts';
import { parseWallClock } from './shared/publish-time.ts';
import {
  ARTICLE_FIELDS,
  DRAFT_PLACEHOLDER_HERO,
  SHARED_FIELDS,
  STORY_FIELDS,
  type DateRule,
  type ListRule,
  type TextRule,
} from './content-fields.ts';

/** Complete (published or scheduled) or a draft. */
export type Completeness = 'published' | 'draft';

/** What Astro gives a schema: image() turns a path into image metadata, reference() a slug into a link. */
export interface SchemaParts<Image extends z.ZodType = z.ZodType, Ref extends z.ZodType = z.ZodType> {
  image: () => Image;
  reference: (collection: 'articles') => Ref;
}

/** The project's root, so hero paths resolve the same whatever directory the build started in. */
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Image formats a hero may have: photos go through the image pipeline, SVG artwork is shown as is. */
export const HERO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'svg'] as const;

const HERO_FILE = new RegExp(`\\.(${HERO_EXTENSIONS.join('|')})$`, 'i');

/** Unknown keys are usually a misspelt field name. */
const unknownFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `unknown field ${issue.keys?.join(', ')}: check the spelling against the guide (docs/writing-articles.md)`
      : undefined,
};

/** In a draft a missing value is allowed and stands in as `fallback`; when published it is required. */
function needed<T extends z.ZodType>(schema: T, mode: Completeness, fallback: z.output<T> | (() => z.output<T>)) {
  return mode === 'draft' ? schema.default(fallback as never) : schema;
}

/** A date written as YYYY-MM-DD in front-matter (YAML may already have made it a Date). */
const isoDate = z.coerce.date({ error: 'write the date as YYYY-MM-DD, for example 2025-08-04' });

/**
 * An article's publication: a date, or a date and time on the site's calendar (SITE_TIME_ZONE), kept
 * as a wall-clock Date (src/shared/publish-time.ts). A later one is scheduled: production builds
 * leave the article out until it is due.
 */
const publishedAt = z
  .union([z.date(), z.string()], { error: 'add the publication date (YYYY-MM-DD)' })
  .transform((value, ctx) => {
    const wallClock = value instanceof Date ? value : parseWallClock(value);
    if (wallClock && !Number.isNaN(wallClock.getTime())) return wallClock;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message:
        'write the date as YYYY-MM-DD, or YYYY-MM-DD HH:MM to publish at a set time (site time zone), e.g. 2026-03-02 09:00',
    });
    return z.NEVER;
  });

/** The rule's publication date; a draft without one sorts as written today. */
const publication = ({ withTime }: DateRule, mode: Completeness) =>
  needed(withTime ? publishedAt : isoDate, mode, () => new Date());

const httpsUrl = z
  .url({ protocol: /^https$/, error: 'must be a full web address starting with https://' })
  .describe('A stable https URL');

/** Text of the rule's length (a draft's may be shorter), with a message that says what is missing. */
export function text({ what, min, max }: Pick<TextRule, 'what' | 'min' | 'max'>, mode: Completeness = 'published') {
  let base = z.string({ error: `${what} is missing` });
  if (mode === 'published')
    base = base.min(min, {
      error: (issue) =>
        issue.input === '' ? `${what} is missing` : `${what} is too short: write at least ${min} characters`,
    });
  return max === undefined ? base : base.max(max, `${what} is too long: keep it to ${max} characters or fewer`);
}

/** A text field of an entry: in a draft it may be left out (an empty text stands in). */
const textField = (rule: Pick<TextRule, 'what' | 'min' | 'max'>, mode: Completeness) =>
  needed(text(rule, mode), mode, '');

const plural = (word: string, n: number) =>
  n === 1 ? word : word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`;
const named = (label: string) => (label === label.toUpperCase() ? label : label.toLowerCase());

/** "the FAQ list has 2 questions; it needs exactly 3": the count a list has, against the rule's. */
function countMessage({ label, itemLabel, min, max }: ListRule, input: unknown): string {
  const n = Array.isArray(input) ? input.length : 0;
  const needs = min === max ? `exactly ${min}` : n < min ? `at least ${min}` : `at most ${max}`;
  return `the ${named(label)} list has ${n} ${plural(named(itemLabel), n)}; it needs ${needs}`;
}

/** A list of the rule's count of `item`s (a draft's may have fewer, or none). */
function counted<T extends z.ZodType>(item: T, rule: ListRule, mode: Completeness) {
  let base = z.array(item, {
    error: `the ${named(rule.label)} list is missing; it needs ${rule.min === rule.max ? 'exactly' : 'at least'} ${rule.min}`,
  });
  if (mode === 'published') base = base.min(rule.min, { error: (issue) => countMessage(rule, issue.input) });
  if (rule.max !== undefined) base = base.max(rule.max, { error: (issue) => countMessage(rule, issue.input) });
  return needed(base, mode, () => []);
}

/** A list of short texts (keywords, topics, bullets). */
const textList = (rule: ListRule, mode: Completeness) =>
  counted(text({ what: `each of the ${named(rule.label)}`, min: rule.itemMin ?? 1 }, mode), rule, mode);

/** One of a fixed set of choices; a draft without one takes the editor's default. */
const choice = <const T extends readonly [string, ...string[]]>(
  what: string,
  options: T,
  mode: Completeness,
  fallback: T[number],
) => needed(z.enum(options, { error: `${what} must be one of: ${options.join(', ')}` }), mode, fallback);

/**
 * The hero image: a path relative to the content file. Checked here, before Astro resolves it, so a
 * typo or a missing upload fails with the file and the field named rather than a bare path. A
 * draft without one is previewed with the site's own artwork.
 */
function heroImage<Image extends z.ZodType>(image: () => Image, dir: string, mode: Completeness) {
  const path = z
    .string({ error: 'add a hero image (a JPEG, PNG, WebP, AVIF or SVG file)' })
    .refine((path) => HERO_FILE.test(path), {
      error: 'the hero image must be a JPEG, PNG, WebP, AVIF or SVG file',
      abort: true,
    })
    .refine((path) => existsSync(resolve(PROJECT_ROOT, dir, path)), {
      error: (issue) => `there is no image file at ${String(issue.input)}: upload the hero again or fix the path`,
      abort: true,
    })
    // Astro types image() by its output; with content collections it reads the path string.
    .pipe(image() as unknown as z.ZodType<z.output<Image>, string>);
  if (mode === 'published') return path;
  const standIn = relative(resolve(PROJECT_ROOT, dir), resolve(PROJECT_ROOT, DRAFT_PLACEHOLDER_HERO));
  return z.preprocess((value) => value ?? standIn, path);
}

/** One entry of a References list: in a draft every part may still be empty. */
const referenceEntry = (mode: Completeness) =>
  z.strictObject({
    /** Short key the text cites it by, <Cite to="sei-2005" />: lower case, digits and hyphens, unique in the file. */
    id: z
      .string()
      .regex(
        REFERENCE_ID,
        'a reference id is a short key of lower-case words and digits joined by hyphens, e.g. sei-2005',
      )
      .optional(),
    /** Title of the cited work, as published. */
    title: textField(SHARED_FIELDS.referenceTitle, mode),
    /** Who published it: journal, agency, NGO or industry body. */
    publisher: textField(SHARED_FIELDS.referencePublisher, mode),
    /** Year of publication, or "n.d." for an undated page. */
    year: needed(
      z.union([z.number().int().min(1800).max(2100), z.literal('n.d.')], {
        error: 'write the year as a number such as 2020, or n.d. for an undated page',
      }),
      mode,
      'n.d.',
    ),
    /** Where a reader finds it: DOI link or the publisher's page, https only. */
    url: mode === 'draft' ? httpsUrl.optional() : z.string({ error: 'a reference address is missing' }).pipe(httpsUrl),
  });

/** One correction: what was wrong and what the page says now, dated. */
const correction = z.strictObject({
  /** The day the correction was made, YYYY-MM-DD. */
  date: isoDate,
  /** One or two sentences: what the page said, what it says now, and why. */
  text: text({ what: 'a correction note', min: 20, max: 600 }),
});

/** Corrections shown at the end of the page; each needs updatedDate on or after its date. */
const corrections = z
  .array(correction, { error: 'corrections must be a list of notes, each with a date and a text' })
  .optional();

/** An entry with corrections shows "Updated <date>": updatedDate must be set, not before the latest one. */
function correctionsNeedUpdatedDate(
  data: { updatedDate?: Date; corrections?: { date: Date }[] },
  ctx: z.core.$RefinementCtx,
) {
  const latest = Math.max(...(data.corrections ?? []).map((c) => c.date.getTime()));
  if (data.corrections?.length && (!data.updatedDate || data.updatedDate.getTime() < latest))
    ctx.addIssue({
      code: 'custom',
      path: ['updatedDate'],
      message: 'a page with corrections needs updatedDate, on or after the date of its latest correction',
    });
}

/** A frequently asked question with its answer. */
const faqEntry = (mode: Completeness) =>
  z.strictObject({
    /** The question as a reader would ask it. */
    q: textField(ARTICLE_FIELDS.faqQuestion, mode),
    /** A short, plain answer (one paragraph). */
    a: textField(ARTICLE_FIELDS.faqAnswer, mode),
  });

const SITE_PATH_OR_HTTPS = /^(\/|https:\/\/)/;

/** A call-to-action card shown after the body. */
const ctaCard = z.strictObject({
  title: text(SHARED_FIELDS.ctaTitle),
  text: text(SHARED_FIELDS.ctaText),
  href: z
    .string({ error: 'the CTA card link is missing' })
    .regex(SITE_PATH_OR_HTTPS, 'the CTA card link must be a site path such as /articles or an https:// address'),
  label: text(SHARED_FIELDS.ctaLabel),
});

/** A thin bar shown above the header of one page. */
const announcement = z.strictObject({
  text: text(SHARED_FIELDS.announcementText),
  href: z
    .string()
    .regex(SITE_PATH_OR_HTTPS, 'the announcement link must be a site path such as /articles or an https:// address')
    .optional(),
  label: z.string().optional(),
});

const SIGNUPS = ['both', 'mid', 'end', 'none'] as const;
const BACK = ['history', 'articles'] as const;

/** The fields articles and stories share, for one state. */
function sharedFields<I extends z.ZodType, R extends z.ZodType>(
  { image, reference }: SchemaParts<I, R>,
  dir: string,
  mode: Completeness,
) {
  return {
    /** Last substantive revision, YYYY-MM-DD (defaults to publishedDate); shown as "Updated". */
    updatedDate: isoDate.optional(),
    /** Corrections made in the open: shown at the end of the page. */
    corrections,
    /** Hero image: a photo (JPEG, PNG, WebP, AVIF) or our SVG artwork, in src/assets/art/<slug>/. */
    hero: heroImage(image, dir, mode),
    /** Alt text that says what the hero image shows. */
    heroAlt: textField(SHARED_FIELDS.heroAlt, mode),
    /** SEO keywords (3 to 12). */
    keywords: textList(SHARED_FIELDS.keywords, mode),
    /** Structured-data articleSection. */
    articleSection: choice('the article section', ARTICLE_SECTIONS, mode, ARTICLE_SECTIONS[1]),
    /** Topics for structured data "about" (1 to 6). */
    about: textList(SHARED_FIELDS.about, mode),
    /** The lead paragraph shown under the title. */
    lead: textField(SHARED_FIELDS.lead, mode),
    /** Related article slugs (2, or 3 on cotton-blends-vs-natural-fibers); the catalogue checks each exists. */
    related: counted(reference('articles'), SHARED_FIELDS.related, mode),
    /** Back control: browser history (falls back to /articles) or a 'Back to Articles' link. */
    back: z.enum(BACK, { error: `the back control must be one of: ${BACK.join(', ')}` }).default('history'),
    /** Optional call-to-action card after the body. */
    cta: ctaCard.optional(),
  };
}

const signups = (byDefault: (typeof SIGNUPS)[number]) =>
  z.enum(SIGNUPS, { error: `the sign-up placement must be one of: ${SIGNUPS.join(', ')}` }).default(byDefault);

/** An article in one state; `draft` tells the two apart. */
function articleObject<I extends z.ZodType, R extends z.ZodType>(parts: SchemaParts<I, R>, mode: Completeness) {
  return z.strictObject(
    {
      /** Headline shown on the page, in cards and in the <title>: needed even by a draft. */
      title: text(ARTICLE_FIELDS.title),
      /** True while the article is a draft: only dev and preview builds show it. */
      draft:
        mode === 'draft'
          ? z.literal(true)
          : z.literal(false, { error: `${ARTICLE_FIELDS.draft.what} must be true or false` }).default(false),
      /** One or two sentences for cards, the meta description and RSS (50-200 characters). */
      excerpt: textField(ARTICLE_FIELDS.excerpt, mode),
      /** One of the spec's eight categories. */
      category: choice('the category', CATEGORIES, mode, CATEGORIES[0]),
      /** First publication: YYYY-MM-DD, or YYYY-MM-DD HH:MM in SITE_TIME_ZONE to schedule it. */
      publishedDate: publication(ARTICLE_FIELDS.publishedDate, mode),
      ...sharedFields(parts, CONTENT_DIRS.articles, mode),
      /** Exactly three questions and answers (labelled Q1 to Q3). */
      faq: counted(faqEntry(mode), ARTICLE_FIELDS.faq, mode),
      /** At least three real sources, https only. */
      references: counted(referenceEntry(mode), ARTICLE_FIELDS.references, mode),
      /** Where the sign-up forms go: both (Updates mid, Movement end), mid, end or none. */
      signups: signups('both'),
      /** Show the house promotion slot at the <Midpoint /> marker. */
      adSlot: z.boolean({ error: 'the house promotion switch must be true or false' }).default(false),
      /** Optional announcement bar above the header. */
      announcement: announcement.optional(),
    },
    unknownFields,
  );
}

/**
 * An article: a draft (`draft: true`) needs only its title; any other article must be complete.
 * Typed as the complete article, which a draft's stand-ins make it look like.
 */
export function articleSchema<I extends z.ZodType, R extends z.ZodType>(parts: SchemaParts<I, R>) {
  const published = articleObject(parts, 'published');
  return z
    .discriminatedUnion('draft', [articleObject(parts, 'draft'), published], {
      error: `${ARTICLE_FIELDS.draft.what} must be true or false`,
    })
    .superRefine(correctionsNeedUpdatedDate) as unknown as typeof published;
}

/** A story: one of the three fixed pieces, always complete. */
export function storySchema<I extends z.ZodType, R extends z.ZodType>(parts: SchemaParts<I, R>) {
  const mode = 'published';
  return z
    .strictObject(
      {
        /** Headline of the story page and its home card. */
        title: text(STORY_FIELDS.title),
        /** The card's one-line description. */
        tagline: text(STORY_FIELDS.tagline),
        /** Meta description and RSS text (50-200 characters). */
        excerpt: text(STORY_FIELDS.excerpt),
        /** Exactly three bullet lines for the home card. */
        bullets: textList(STORY_FIELDS.bullets, mode),
        /** Order of the card on the home page (1-3). */
        order: z.number({ error: 'the order must be a whole number (1, 2 or 3)' }).int().min(1),
        /** Publication date, YYYY-MM-DD. */
        publishedDate: publication(STORY_FIELDS.publishedDate, mode),
        ...sharedFields(parts, CONTENT_DIRS.stories, mode),
        /** Sources (https only); stories cite what their figures rest on. */
        references: counted(referenceEntry(mode), STORY_FIELDS.references, mode),
        /** Sign-up placement (default: Movement at the end only). */
        signups: signups('end'),
      },
      unknownFields,
    )
    .superRefine(correctionsNeedUpdatedDate);
}
