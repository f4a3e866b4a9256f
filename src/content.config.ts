// The content schema: the build checks every article and story against it, and the visual editor
// (keystatic.config.ts) offers one field per key with the same rules (a unit test keeps the two in
// step). Messages are written for the editor who reads them in a failed build.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { ARTICLE_SECTIONS, CATEGORIES } from './site';
import { parseWallClock } from './shared/publish-time';

/** Where each collection's files live; hero paths are written relative to these folders. */
export const CONTENT_DIRS = { articles: 'src/content/articles', stories: 'src/content/stories' } as const;

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

/** A draft is built only by `npm run dev` and preview builds; production builds leave it out. */
const draft = z.boolean({ error: 'the draft switch must be true or false' }).default(false);

const httpsUrl = z
  .url({ protocol: /^https$/, error: 'must be a full web address starting with https://' })
  .describe('A stable https URL');

/** Text of at least `min` characters, with a message that says what is missing. */
const text = (what: string, min: number, max?: number) => {
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
    .refine((path) => existsSync(resolve(dir, path)), {
      error: (issue) => `there is no image file at ${String(issue.input)}: upload the hero again or fix the path`,
      abort: true,
    })
    // Astro types image() by its output; with content collections it reads the path string.
    .pipe(image() as unknown as z.ZodType<z.output<ReturnType<SchemaContext['image']>>, string>);

/** Alt text: what the hero shows, for readers who cannot see it. */
const heroAlt = text('the hero alt text (what the image shows)', 10);

/** One entry of an article's References list. */
const referenceEntry = z.strictObject({
  /** Title of the cited work, as published. */
  title: text('a reference title', 3),
  /** Who published it: journal, agency, NGO or industry body. */
  publisher: text('a reference publisher', 2),
  /** Year of publication, or "n.d." for an undated page. */
  year: z.union([z.number().int().min(1800).max(2100), z.literal('n.d.')], {
    error: 'write the year as a number such as 2020, or n.d. for an undated page',
  }),
  /** Where a reader finds it: DOI link or the publisher's page, https only. */
  url: httpsUrl,
});

/** A frequently asked question with its answer. */
const faqEntry = z.strictObject({
  /** The question as a reader would ask it. */
  q: text('an FAQ question', 10),
  /** A short, plain answer (one paragraph). */
  a: text('an FAQ answer', 20),
});

/** A call-to-action card shown after the body. */
const ctaCard = z.strictObject({
  /** Card heading. */
  title: text('the CTA card title', 3),
  /** One or two sentences. */
  text: text('the CTA card text', 10),
  /** Where the button goes (a site path or https URL). */
  href: z
    .string({ error: 'the CTA card link is missing' })
    .regex(/^(\/|https:\/\/)/, 'the CTA card link must be a site path such as /articles or an https:// address'),
  /** Button label. */
  label: text('the CTA card button label', 2),
});

/** A thin bar shown above the header of one page. */
const announcement = z.strictObject({
  /** The message. */
  text: text('the announcement text', 5),
  /** Optional link (site path or https URL). */
  href: z
    .string()
    .regex(/^(\/|https:\/\/)/, 'the announcement link must be a site path such as /articles or an https:// address')
    .optional(),
  /** Link label. */
  label: z.string().optional(),
});

/** A list of `min` to `max` short texts, with a message in the editor's words. */
const list = (what: string, min: number, max: number) =>
  z
    .array(text(`each of the ${what}`, 2), { error: `the ${what} are missing` })
    .min(min, `give at least ${min} ${what}`)
    .max(max, `give at most ${max} ${what}`);

/** One of a fixed set of choices. */
const choice = <const T extends readonly [string, ...string[]]>(what: string, options: T) =>
  z.enum(options, { error: `${what} must be one of: ${options.join(', ')}` });

const SIGNUPS = ['both', 'mid', 'end', 'none'] as const;
const BACK = ['history', 'articles'] as const;

/** Related articles by slug (file name without .mdx); the catalogue checks each exists. */
const relatedArticles = z
  .array(reference('articles'), { error: 'choose 2 related articles (their file names, without .mdx)' })
  .min(2, 'choose at least 2 related articles')
  .max(3, 'choose at most 3 related articles');

const articles = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: `./${CONTENT_DIRS.articles}` }),
  schema: ({ image }) =>
    z.strictObject(
      {
        /** Headline shown on the page, in cards and in the <title>. */
        title: text('the title', 10, 100),
        /** One or two sentences for cards, the meta description and RSS (50-200 characters). */
        excerpt: text('the excerpt', 50, 200),
        /** One of the spec's eight categories. */
        category: choice('the category', CATEGORIES),
        /** Publication: YYYY-MM-DD, or YYYY-MM-DD HH:MM in SITE_TIME_ZONE; a later one is scheduled. */
        publishedDate: publishedAt,
        /** True while the article is a draft: only dev and preview builds show it. */
        draft,
        /** Last substantive revision, YYYY-MM-DD (defaults to publishedDate). */
        updatedDate: isoDate.optional(),
        /** Hero image: a photo (JPEG, PNG, WebP, AVIF) or our SVG artwork, in src/assets/art/<slug>/. */
        hero: heroImage(image, CONTENT_DIRS.articles),
        /** Alt text that says what the hero image shows. */
        heroAlt,
        /** SEO keywords (3 to 12). */
        keywords: list('keywords', 3, 12),
        /** Structured-data articleSection. */
        articleSection: choice('the article section', ARTICLE_SECTIONS),
        /** Topics for structured data "about" (1 to 6). */
        about: list('topics (about)', 1, 6),
        /** The lead paragraph shown under the title. */
        lead: text('the lead paragraph', 80, 600),
        /** Exactly three questions and answers (labelled Q1 to Q3). */
        faq: z
          .array(faqEntry, { error: 'the FAQ is missing: an article has exactly 3 FAQ entries' })
          .length(3, 'an article has exactly 3 FAQ entries'),
        /** At least three real sources, https only. */
        references: z
          .array(referenceEntry, { error: 'the references are missing: an article cites at least 3' })
          .min(3, 'an article cites at least 3 references'),
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
    ),
});

const stories = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: `./${CONTENT_DIRS.stories}` }),
  schema: ({ image }) =>
    z.strictObject(
      {
        /** Headline of the story page and its home card. */
        title: text('the title', 5, 100),
        /** The card's one-line description. */
        tagline: text('the tagline', 10, 120),
        /** Meta description and RSS text (50-200 characters). */
        excerpt: text('the excerpt', 50, 200),
        /** Exactly three bullet lines for the home card. */
        bullets: z
          .array(text('each bullet', 5), { error: 'the bullets are missing: a story has exactly 3' })
          .length(3, 'a story has exactly 3 bullets'),
        /** Order of the card on the home page (1-3). */
        order: z.number({ error: 'the order must be a whole number (1, 2 or 3)' }).int().min(1),
        /** Publication date, YYYY-MM-DD. */
        publishedDate: isoDate,
        /** Last substantive revision, YYYY-MM-DD. */
        updatedDate: isoDate.optional(),
        /** Hero image: a photo (JPEG, PNG, WebP, AVIF) or our SVG artwork, in src/assets/art/<slug>/. */
        hero: heroImage(image, CONTENT_DIRS.stories),
        /** Alt text for the hero image. */
        heroAlt,
        /** SEO keywords. */
        keywords: list('keywords', 3, 12),
        /** Structured-data articleSection. */
        articleSection: choice('the article section', ARTICLE_SECTIONS),
        /** Topics for structured data "about". */
        about: list('topics (about)', 1, 6),
        /** Lead paragraph. */
        lead: text('the lead paragraph', 80, 600),
        /** Sources (https only); stories cite what their figures rest on. */
        references: z
          .array(referenceEntry, { error: 'the references are missing: a story cites at least 1' })
          .min(1, 'a story cites at least 1 reference'),
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
    ),
});

export const collections = { articles, stories };
