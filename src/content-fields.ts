// The field rules of the articles' and stories' front-matter, stated once: lengths, counts and the
// help an editor reads. The build's schema (src/content.config.ts) and the visual editor
// (keystatic.config.ts) are both built from this table, so a changed limit changes both;
// tests/unit/editor-schema.test.ts feeds values on each side of every limit to both and fails if
// they ever disagree. It imports only src/shared/ files that import nothing: both configs load it
// in their own runtimes.

import { DEFAULT_SITE_TIME_ZONE } from './shared/site-time-zone.ts';

/** A text field: its length in characters, its name in build errors, its editor label and help. */
export interface TextRule {
  /** How a build error names it: "the title is too short". */
  readonly what: string;
  readonly label: string;
  readonly help: string;
  readonly min: number;
  readonly max?: number;
  /** A paragraph rather than a line in the editor. */
  readonly multiline?: boolean;
}

/** A list: how many items it holds (each item a text of at least `itemMin` characters). */
export interface ListRule {
  readonly what: string;
  readonly label: string;
  readonly itemLabel: string;
  readonly help: string;
  readonly min: number;
  readonly max?: number;
  readonly itemMin?: number;
}

/** A required date, with a time of day when the entry can be scheduled. */
export interface DateRule {
  readonly label: string;
  readonly help: string;
  /** A date and time on the site's calendar (SITE_TIME_ZONE) rather than a day. */
  readonly withTime: boolean;
}

/** An on/off switch, its value when the front-matter leaves it out, and on a new entry. */
export interface SwitchRule {
  readonly what: string;
  readonly label: string;
  readonly help: string;
  readonly default: boolean;
  /** The value a new entry starts with in the editor. */
  readonly newEntry: boolean;
}

/**
 * What a draft needs: its title. Every other field may be missing or half-written until the draft
 * switch is off; then every rule below holds (src/content-schema.ts). The hero a draft without one
 * is previewed with, from the project root.
 */
export const DRAFT_NEEDS = ['title'] as const;
export const DRAFT_PLACEHOLDER_HERO = 'src/assets/art/home-hero.svg';

/** "10 to 100 characters", "at least 10 characters". */
const chars = (min: number, max?: number) =>
  max === undefined ? `at least ${min} characters` : `${min} to ${max} characters`;

const textRule = (rule: Omit<TextRule, 'help'>, help: (range: string) => string): TextRule => ({
  ...rule,
  help: help(chars(rule.min, rule.max)),
});

/** Rules articles and stories share. */
export const SHARED_FIELDS = {
  heroAlt: textRule(
    { what: 'the hero alt text (what the image shows)', label: 'Hero image alt text', min: 10 },
    (range) => `What the image shows, for readers who cannot see it (${range}). Describe the picture, not the article.`,
  ),
  lead: textRule(
    { what: 'the lead paragraph', label: 'Lead paragraph', min: 80, max: 600, multiline: true },
    (range) =>
      `The paragraph under the title (${range}): what the reader will get from the piece. Do not repeat it in the body.`,
  ),
  keywords: {
    what: 'keywords',
    label: 'Keywords',
    itemLabel: 'Keyword',
    help: 'Search keywords, 3 to 12.',
    min: 3,
    max: 12,
    itemMin: 2,
  },
  about: {
    what: 'topics (about)',
    label: 'Topics (about)',
    itemLabel: 'Topic',
    help: 'What the piece is about, 1 to 6 topics (e.g. Merino wool, Laundry).',
    min: 1,
    max: 6,
    itemMin: 2,
  },
  related: {
    what: 'related articles',
    label: 'Related articles',
    itemLabel: 'Related article',
    help: 'Two other articles to read next (three on cotton-blends-vs-natural-fibers).',
    min: 2,
    max: 3,
  },
  referenceTitle: textRule(
    { what: 'a reference title', label: 'Title', min: 3 },
    () => 'The title of the cited work, as published.',
  ),
  referencePublisher: textRule(
    { what: 'a reference publisher', label: 'Publisher', min: 2 },
    () => 'Journal, agency, NGO or industry body.',
  ),
  ctaTitle: textRule({ what: 'the CTA card title', label: 'Card title', min: 3 }, () => ''),
  ctaText: textRule({ what: 'the CTA card text', label: 'Card text', min: 10 }, () => 'One or two sentences.'),
  ctaLabel: textRule({ what: 'the CTA card button label', label: 'Button label', min: 2 }, () => ''),
  announcementText: textRule({ what: 'the announcement text', label: 'Announcement', min: 5 }, () => ''),
} as const satisfies Record<string, TextRule | ListRule>;

/** Rules of articles only. */
export const ARTICLE_FIELDS = {
  title: textRule(
    { what: 'the title', label: 'Title', min: 10, max: 100 },
    (range) => `The headline (${range}), unique across the site.`,
  ),
  excerpt: textRule(
    { what: 'the excerpt', label: 'Excerpt', min: 50, max: 200, multiline: true },
    (range) => `One or two sentences (${range}) for cards, search results and the page description; unique.`,
  ),
  faq: {
    what: 'FAQ entries',
    label: 'FAQ',
    itemLabel: 'Question',
    help: 'Exactly 3 questions and answers, shown after the body.',
    min: 3,
    max: 3,
  },
  faqQuestion: textRule(
    { what: 'an FAQ question', label: 'Question', min: 10 },
    (range) => `As a reader would ask it (${range}).`,
  ),
  faqAnswer: textRule(
    { what: 'an FAQ answer', label: 'Answer', min: 20, multiline: true },
    (range) => `A short, plain answer of one paragraph (${range}).`,
  ),
  references: {
    what: 'references',
    label: 'References',
    itemLabel: 'Reference',
    help: 'Real sources for every figure, at least 3, each with an https address (no duplicates).',
    min: 3,
  },
  publishedDate: {
    label: 'Published',
    help: `When the article goes live, in the site time zone (${DEFAULT_SITE_TIME_ZONE} unless set otherwise). A moment in the future schedules it: the site publishes it by itself then. Newest articles come first.`,
    withTime: true,
  },
  draft: {
    what: 'the draft switch',
    label: 'Draft',
    help: 'Ticked, the article is a draft: it saves with only a title, is on the preview (Preview button, npm run dev, preview builds) and nowhere on the public site. Untick to publish: then every field must be complete, and the check names what is missing.',
    default: false,
    newEntry: true,
  },
} as const satisfies Record<string, TextRule | ListRule | DateRule | SwitchRule>;

/** Rules of stories only. */
export const STORY_FIELDS = {
  title: textRule(
    { what: 'the title', label: 'Title', min: 5, max: 100 },
    (range) => `The headline of the story page and its home card (${range}).`,
  ),
  tagline: textRule(
    { what: 'the tagline', label: 'Tagline', min: 10, max: 120 },
    (range) => `The card's one-line description (${range}).`,
  ),
  excerpt: textRule(
    { what: 'the excerpt', label: 'Excerpt', min: 50, max: 200, multiline: true },
    (range) => `Page description and RSS text (${range}).`,
  ),
  bullets: {
    what: 'bullets',
    label: 'Card bullets',
    itemLabel: 'Bullet',
    help: 'Exactly 3 short lines for the home card.',
    min: 3,
    max: 3,
    itemMin: 5,
  },
  references: {
    what: 'references',
    label: 'References',
    itemLabel: 'Reference',
    help: 'Real sources for every figure, at least 1, each with an https address (no duplicates).',
    min: 1,
  },
  publishedDate: {
    label: 'Published',
    help: 'First publication date. Newest articles come first on the site.',
    withTime: false,
  },
} as const satisfies Record<string, TextRule | ListRule | DateRule>;
