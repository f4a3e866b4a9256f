import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { ARTICLE_SECTIONS, CATEGORIES } from './site';

/** A date written as YYYY-MM-DD in front-matter (YAML may already have made it a Date). */
const isoDate = z.coerce.date();

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).describe('A stable https URL');

/** One entry of an article's References list. */
const referenceEntry = z.strictObject({
  /** Title of the cited work, as published. */
  title: z.string().min(3),
  /** Who published it: journal, agency, NGO or industry body. */
  publisher: z.string().min(2),
  /** Year of publication, or "n.d." for an undated page. */
  year: z.union([z.number().int().min(1800).max(2100), z.literal('n.d.')]),
  /** Where a reader finds it: DOI link or the publisher's page, https only. */
  url: httpsUrl,
});

/** A frequently asked question with its answer. */
const faqEntry = z.strictObject({
  /** The question as a reader would ask it. */
  q: z.string().min(10),
  /** A short, plain answer (one paragraph). */
  a: z.string().min(20),
});

/** A call-to-action card shown after the body. */
const ctaCard = z.strictObject({
  /** Card heading. */
  title: z.string().min(3),
  /** One or two sentences. */
  text: z.string().min(10),
  /** Where the button goes (a site path or https URL). */
  href: z.string().regex(/^(\/|https:\/\/)/, 'must be a site path or an https URL'),
  /** Button label. */
  label: z.string().min(2),
});

/** A thin bar shown above the header of one page. */
const announcement = z.strictObject({
  /** The message. */
  text: z.string().min(5),
  /** Optional link (site path or https URL). */
  href: z
    .string()
    .regex(/^(\/|https:\/\/)/)
    .optional(),
  /** Link label. */
  label: z.string().optional(),
});

const articles = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/articles' }),
  schema: ({ image }) =>
    z.strictObject({
      /** Headline shown on the page, in cards and in the <title>. */
      title: z.string().min(10).max(100),
      /** One or two sentences for cards, the meta description and RSS (50-200 characters). */
      excerpt: z.string().min(50).max(200),
      /** One of the spec's eight categories. */
      category: z.enum(CATEGORIES),
      /** First publication date, YYYY-MM-DD. */
      publishedDate: isoDate,
      /** Last substantive revision, YYYY-MM-DD (defaults to publishedDate). */
      updatedDate: isoDate.optional(),
      /** Hero artwork: a local image file in src/assets/art/ (SVG, 1200x630). */
      hero: image(),
      /** Alt text that says what the artwork shows. */
      heroAlt: z.string().min(10),
      /** SEO keywords (3 to 12). */
      keywords: z.array(z.string().min(2)).min(3).max(12),
      /** Structured-data articleSection. */
      articleSection: z.enum(ARTICLE_SECTIONS),
      /** Topics for structured data "about" (1 to 6). */
      about: z.array(z.string().min(2)).min(1).max(6),
      /** The lead paragraph shown under the title. */
      lead: z.string().min(80).max(600),
      /** Exactly three questions and answers (labelled Q1 to Q3). */
      faq: z.array(faqEntry).length(3, 'an article has exactly 3 FAQ entries'),
      /** At least three real sources, https only. */
      references: z.array(referenceEntry).min(3, 'an article cites at least 3 references'),
      /** Related article slugs: 2 (3 on cotton-blends-vs-natural-fibers); checked at build. */
      related: z.array(reference('articles')).min(2).max(3),
      /** Where the sign-up forms go: both (Updates mid, Movement end), mid, end or none. */
      signups: z.enum(['both', 'mid', 'end', 'none']).default('both'),
      /** Optional call-to-action card after the body. */
      cta: ctaCard.optional(),
      /** Show the house promotion slot at the <Midpoint /> marker. */
      adSlot: z.boolean().default(false),
      /** Back control: browser history (falls back to /articles) or a 'Back to Articles' link. */
      back: z.enum(['history', 'articles']).default('history'),
      /** Optional announcement bar above the header. */
      announcement: announcement.optional(),
    }),
});

const stories = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/stories' }),
  schema: ({ image }) =>
    z.strictObject({
      /** Headline of the story page and its home card. */
      title: z.string().min(5).max(100),
      /** The card's one-line description. */
      tagline: z.string().min(10).max(120),
      /** Meta description and RSS text (50-200 characters). */
      excerpt: z.string().min(50).max(200),
      /** Exactly three bullet lines for the home card. */
      bullets: z.array(z.string().min(5)).length(3),
      /** Order of the card on the home page (1-3). */
      order: z.number().int().min(1),
      /** Publication date, YYYY-MM-DD. */
      publishedDate: isoDate,
      /** Last substantive revision, YYYY-MM-DD. */
      updatedDate: isoDate.optional(),
      /** Hero artwork in src/assets/art/ (SVG, 1200x630). */
      hero: image(),
      /** Alt text for the artwork. */
      heroAlt: z.string().min(10),
      /** SEO keywords. */
      keywords: z.array(z.string().min(2)).min(3).max(12),
      /** Structured-data articleSection. */
      articleSection: z.enum(ARTICLE_SECTIONS),
      /** Topics for structured data "about". */
      about: z.array(z.string().min(2)).min(1).max(6),
      /** Lead paragraph. */
      lead: z.string().min(80).max(600),
      /** Sources (https only); stories cite what their figures rest on. */
      references: z.array(referenceEntry).min(1),
      /** Articles to read next (2 or 3 slugs). */
      related: z.array(reference('articles')).min(2).max(3),
      /** Sign-up placement (default: Movement at the end only). */
      signups: z.enum(['both', 'mid', 'end', 'none']).default('end'),
      /** Back control. */
      back: z.enum(['history', 'articles']).default('history'),
      /** Optional call-to-action card. */
      cta: ctaCard.optional(),
    }),
});

export const collections = { articles, stories };
