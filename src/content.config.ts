// The content schema: the build checks every article and story against it. Its limits come from
// the field-rules table (src/content-fields.ts) that the visual editor (keystatic.config.ts) is
// built from too. Messages are written for the editor who reads them in a failed build.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { ARTICLE_SECTIONS, CATEGORIES } from './site';
import { CONTENT_DIRS } from './content-dirs';
import { REFERENCE_ID } from './lib/citations';
import { parseWallClock } from './shared/publish-time';
import {
  ARTICLE_FIELDS,
  SHARED_FIELDS,
  STORY_FIELDS,
  type DateRule,
  type ListRule,
  type SwitchRule,
  type TextRule,
} from './content-fields';

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

/** A date written as YYYY-MM-DD in front-matter (YAML may already have made it a Date). */
const isoDate = z.coerce.date({ error: 'write the date as YYYY-MM-DD, for example 2025-08-04' });

/**
 * An article's publication: a date, or a date and time on the site's calendar (SITE_TIME_ZONE), kept
 * as a wall-clock Date (src/shared/publish-time.ts). A later one is scheduled: production builds
 * leave the article out until it is due.
 */
const publishedAt = z
  .union([z.date(), z.string()], { error: 'write the date as YYYY-MM-DD' })
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

/** The rule's publication date: a day, or (`withTime`) a day or moment that can schedule the entry. */
const publication = ({ withTime }: DateRule) => (withTime ? publishedAt : isoDate);

/** The rule's on/off switch, its default when left out. */
const onOff = ({ what, default: byDefault }: SwitchRule) =>
  z.boolean({ error: `${what} must be true or false` }).default(byDefault);

const httpsUrl = z
  .url({ protocol: /^https$/, error: 'must be a full web address starting with https://' })
  .describe('A stable https URL');

/** Text of the rule's length, with a message that says what is missing. */
const text = ({ what, min, max }: Pick<TextRule, 'what' | 'min' | 'max'>) => {
  const base = z
    .string({ error: `${what} is missing` })
    .min(min, `${what} is too short: write at least ${min} characters`);
  return max === undefined ? base : base.max(max, `${what} is too long: keep it to ${max} characters or fewer`);
};

/**
 * The hero image: a path relative to the content file. Checked here, before Astro resolves it, so a
 * typo or a missing upload fails with the file and the field named rather than a bare path.
 */
const heroImage = (image: SchemaContext['image'], dir: string) =>
  z
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
    .pipe(image() as unknown as z.ZodType<z.output<ReturnType<SchemaContext['image']>>, string>);

/** Alt text: what the hero shows, for readers who cannot see it. */
const heroAlt = text(SHARED_FIELDS.heroAlt);

/** One entry of an article's References list. */
const referenceEntry = z.strictObject({
  /** Short key the text cites it by, <Cite to="sei-2005" />: lower case, digits and hyphens, unique in the file. */
  id: z
    .string()
    .regex(
      REFERENCE_ID,
      'a reference id is a short key of lower-case words and digits joined by hyphens, e.g. sei-2005',
    )
    .optional(),
  /** Title of the cited work, as published. */
  title: text(SHARED_FIELDS.referenceTitle),
  /** Who published it: journal, agency, NGO or industry body. */
  publisher: text(SHARED_FIELDS.referencePublisher),
  /** Year of publication, or "n.d." for an undated page. */
  year: z.union([z.number().int().min(1800).max(2100), z.literal('n.d.')], {
    error: 'write the year as a number such as 2020, or n.d. for an undated page',
  }),
  /** Where a reader finds it: DOI link or the publisher's page, https only. */
  url: httpsUrl,
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
const correctionsNeedUpdatedDate = (
  data: { updatedDate?: Date; corrections?: { date: Date }[] },
  ctx: z.core.$RefinementCtx,
) => {
  const latest = Math.max(...(data.corrections ?? []).map((c) => c.date.getTime()));
  if (data.corrections?.length && (!data.updatedDate || data.updatedDate.getTime() < latest))
    ctx.addIssue({
      code: 'custom',
      path: ['updatedDate'],
      message: 'a page with corrections needs updatedDate, on or after the date of its latest correction',
    });
};

/** A frequently asked question with its answer. */
const faqEntry = z.strictObject({
  /** The question as a reader would ask it. */
  q: text(ARTICLE_FIELDS.faqQuestion),
  /** A short, plain answer (one paragraph). */
  a: text(ARTICLE_FIELDS.faqAnswer),
});

/** A call-to-action card shown after the body. */
const ctaCard = z.strictObject({
  /** Card heading. */
  title: text(SHARED_FIELDS.ctaTitle),
  /** One or two sentences. */
  text: text(SHARED_FIELDS.ctaText),
  /** Where the button goes (a site path or https URL). */
  href: z
    .string({ error: 'the CTA card link is missing' })
    .regex(/^(\/|https:\/\/)/, 'the CTA card link must be a site path such as /articles or an https:// address'),
  /** Button label. */
  label: text(SHARED_FIELDS.ctaLabel),
});

/** A thin bar shown above the header of one page. */
const announcement = z.strictObject({
  /** The message. */
  text: text(SHARED_FIELDS.announcementText),
  /** Optional link (site path or https URL). */
  href: z
    .string()
    .regex(/^(\/|https:\/\/)/, 'the announcement link must be a site path such as /articles or an https:// address')
    .optional(),
  /** Link label. */
  label: z.string().optional(),
});

/** A list of the rule's count of texts, with a message in the editor's words. */
const list = ({ what, min, max, itemMin = 1 }: ListRule) => {
  const base = z
    .array(text({ what: `each of the ${what}`, min: itemMin }), { error: `the ${what} are missing` })
    .min(min, `give at least ${min} ${what}`);
  return max === undefined ? base : base.max(max, `give at most ${max} ${what}`);
};

/** One of a fixed set of choices. */
const choice = <const T extends readonly [string, ...string[]]>(what: string, options: T) =>
  z.enum(options, { error: `${what} must be one of: ${options.join(', ')}` });

const SIGNUPS = ['both', 'mid', 'end', 'none'] as const;
const BACK = ['history', 'articles'] as const;

/** Related articles by slug (file name without .mdx); the catalogue checks each exists. */
const relatedArticles = z
  .array(reference('articles'), {
    error: `choose ${SHARED_FIELDS.related.min} related articles (their file names, without .mdx)`,
  })
  .min(SHARED_FIELDS.related.min, `choose at least ${SHARED_FIELDS.related.min} related articles`)
  .max(SHARED_FIELDS.related.max, `choose at most ${SHARED_FIELDS.related.max} related articles`);

const articles = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: `./${CONTENT_DIRS.articles}` }),
  schema: ({ image }) =>
    z
      .strictObject(
        {
          /** Headline shown on the page, in cards and in the <title>. */
          title: text(ARTICLE_FIELDS.title),
          /** One or two sentences for cards, the meta description and RSS (50-200 characters). */
          excerpt: text(ARTICLE_FIELDS.excerpt),
          /** One of the spec's eight categories. */
          category: choice('the category', CATEGORIES),
          /** First publication: YYYY-MM-DD, or YYYY-MM-DD HH:MM in SITE_TIME_ZONE to schedule it. */
          publishedDate: publication(ARTICLE_FIELDS.publishedDate),
          /** True while the article is a draft: only dev and preview builds show it; production builds leave it out. */
          draft: onOff(ARTICLE_FIELDS.draft),
          /** Last substantive revision, YYYY-MM-DD (defaults to publishedDate); shown as "Updated". */
          updatedDate: isoDate.optional(),
          /** Corrections made in the open: shown at the end of the page. */
          corrections,
          /** Hero image: a photo (JPEG, PNG, WebP, AVIF) or our SVG artwork, in src/assets/art/<slug>/. */
          hero: heroImage(image, CONTENT_DIRS.articles),
          /** Alt text that says what the hero image shows. */
          heroAlt,
          /** SEO keywords (3 to 12). */
          keywords: list(SHARED_FIELDS.keywords),
          /** Structured-data articleSection. */
          articleSection: choice('the article section', ARTICLE_SECTIONS),
          /** Topics for structured data "about" (1 to 6). */
          about: list(SHARED_FIELDS.about),
          /** The lead paragraph shown under the title. */
          lead: text(SHARED_FIELDS.lead),
          /** Exactly three questions and answers (labelled Q1 to Q3). */
          faq: z
            .array(faqEntry, {
              error: `the FAQ is missing: an article has exactly ${ARTICLE_FIELDS.faq.min} FAQ entries`,
            })
            .length(ARTICLE_FIELDS.faq.min, `an article has exactly ${ARTICLE_FIELDS.faq.min} FAQ entries`),
          /** At least three real sources, https only. */
          references: z
            .array(referenceEntry, {
              error: `the references are missing: an article cites at least ${ARTICLE_FIELDS.references.min}`,
            })
            .min(
              ARTICLE_FIELDS.references.min,
              `an article cites at least ${ARTICLE_FIELDS.references.min} references`,
            ),
          /** Related article slugs: 2 (3 on cotton-blends-vs-natural-fibers); checked at build. */
          related: relatedArticles,
          /** Where the sign-up forms go: both (Updates mid, Movement end), mid, end or none. */
          signups: choice('the sign-up placement', SIGNUPS).default('both'),
          /** Optional call-to-action card after the body. */
          cta: ctaCard.optional(),
          /** Show the house promotion slot at the <Midpoint /> marker. */
          adSlot: z.boolean({ error: 'the house promotion switch must be true or false' }).default(false),
          /** Back control: browser history (falls back to /articles) or a 'Back to Articles' link. */
          back: choice('the back control', BACK).default('history'),
          /** Optional announcement bar above the header. */
          announcement: announcement.optional(),
        },
        unknownFields,
      )
      .superRefine(correctionsNeedUpdatedDate),
});

const stories = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: `./${CONTENT_DIRS.stories}` }),
  schema: ({ image }) =>
    z
      .strictObject(
        {
          /** Headline of the story page and its home card. */
          title: text(STORY_FIELDS.title),
          /** The card's one-line description. */
          tagline: text(STORY_FIELDS.tagline),
          /** Meta description and RSS text (50-200 characters). */
          excerpt: text(STORY_FIELDS.excerpt),
          /** Exactly three bullet lines for the home card. */
          bullets: z
            .array(text({ what: 'each bullet', min: STORY_FIELDS.bullets.itemMin }), {
              error: `the bullets are missing: a story has exactly ${STORY_FIELDS.bullets.min}`,
            })
            .length(STORY_FIELDS.bullets.min, `a story has exactly ${STORY_FIELDS.bullets.min} bullets`),
          /** Order of the card on the home page (1-3). */
          order: z.number({ error: 'the order must be a whole number (1, 2 or 3)' }).int().min(1),
          /** Publication date, YYYY-MM-DD. */
          publishedDate: publication(STORY_FIELDS.publishedDate),
          /** Last substantive revision, YYYY-MM-DD; shown as "Updated". */
          updatedDate: isoDate.optional(),
          /** Corrections made in the open: shown at the end of the page. */
          corrections,
          /** Hero image: a photo (JPEG, PNG, WebP, AVIF) or our SVG artwork, in src/assets/art/<slug>/. */
          hero: heroImage(image, CONTENT_DIRS.stories),
          /** Alt text for the hero image. */
          heroAlt,
          /** SEO keywords. */
          keywords: list(SHARED_FIELDS.keywords),
          /** Structured-data articleSection. */
          articleSection: choice('the article section', ARTICLE_SECTIONS),
          /** Topics for structured data "about". */
          about: list(SHARED_FIELDS.about),
          /** Lead paragraph. */
          lead: text(SHARED_FIELDS.lead),
          /** Sources (https only); stories cite what their figures rest on. */
          references: z
            .array(referenceEntry, {
              error: `the references are missing: a story cites at least ${STORY_FIELDS.references.min}`,
            })
            .min(STORY_FIELDS.references.min, `a story cites at least ${STORY_FIELDS.references.min} reference`),
          /** Articles to read next (2 or 3 slugs). */
          related: relatedArticles,
          /** Sign-up placement (default: Movement at the end only). */
          signups: choice('the sign-up placement', SIGNUPS).default('end'),
          /** Back control. */
          back: choice('the back control', BACK).default('history'),
          /** Optional call-to-action card. */
          cta: ctaCard.optional(),
        },
        unknownFields,
      )
      .superRefine(correctionsNeedUpdatedDate),
});

export const collections = { articles, stories };
