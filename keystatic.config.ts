// The visual editor (Keystatic, at /keystatic under `npm run dev`) over the same MDX files the site
// builds from. Every key of the content schema (src/content.config.ts) has one field here; both are
// built from the field-rules table (src/content-fields.ts), and tests/unit/editor-schema.test.ts
// fails when the two drift apart. Local mode writes straight into src/content/ and src/assets/art/;
// GitHub and Keystatic Cloud modes are chosen by environment variables (src/shared/editor-storage.ts).
import { collection, config, fields } from '@keystatic/core';
import { ARTICLE_SECTIONS, CATEGORIES, SITE } from './src/site.ts';
import { CONTENT_DIRS } from './src/content-dirs.ts';
import {
  ARTICLE_FIELDS,
  SHARED_FIELDS,
  STORY_FIELDS,
  type DateRule,
  type ListRule,
  type TextRule,
} from './src/content-fields.ts';
import { draftField } from './keystatic/draft-field.tsx';
import { body } from './keystatic/body-field.ts';
import { optionalCard } from './keystatic/optional-card-field.tsx';
import { previewLinkField } from './keystatic/preview-link-field.tsx';
import { publicationField } from './keystatic/publication-field.tsx';
import { yearField } from './keystatic/year-field.tsx';
import { REFERENCE_ID } from './src/lib/citations.ts';
import { keystaticStorage } from './src/shared/editor-storage.ts';

const options = <T extends string>(values: readonly T[]) => values.map((value) => ({ label: value, value }));

const SITE_PATH_OR_HTTPS = {
  regex: /^(\/|https:\/\/)/,
  message: 'a site path such as /articles/hemp-vs-cotton, or an address starting with https://',
};

/**
 * How much the editor holds a field to before it saves. An article may be saved as a draft with
 * only a title, so its fields check only what a draft must already get right (a maximum, an https
 * address); the minimums are for publishing, which the content schema and `npm run check:content`
 * hold it to, naming each missing field. Stories have no drafts: the editor holds them to every rule.
 */
type Completeness = 'draft' | 'published';
const least = (min: number | undefined, mode: Completeness) => (mode === 'draft' ? 0 : min);
/** A pattern an empty box also passes, while the box may stay empty in a draft. */
const orEmpty = (regex: RegExp, mode: Completeness) =>
  mode === 'draft' ? new RegExp(`^(?:${regex.source.replace(/^\^|\$$/g, '')})?$`) : regex;

/** A text box with the rule's length, described in the same words as the guide. */
const text = ({ label, help, min, max, multiline = false }: TextRule, mode: Completeness) =>
  fields.text({ label, description: help, multiline, validation: { length: { min: least(min, mode), max } } });

/** A list of short texts (keywords, topics, bullets) with the rule's count. */
const textList = ({ label, itemLabel, help, min, max, itemMin }: ListRule, mode: Completeness) =>
  fields.array(fields.text({ label: itemLabel, validation: { length: { min: least(itemMin, mode) } } }), {
    label,
    description: help,
    itemLabel: (props) => props.value,
    validation: { length: { min: least(min, mode), max } },
  });

const hero = (folder: string, mode: Completeness) =>
  fields.image({
    label: 'Hero image',
    description:
      'A photo (JPEG, PNG, WebP or AVIF, at least 1200 px wide; large phone photos are fine, the site resizes them) or SVG artwork. It is shown above the title, on cards, and cropped to 1200×630 as the social-media card: keep the subject near the centre.',
    directory: `src/assets/art`,
    publicPath: `../../assets/art/`,
    validation: { isRequired: mode === 'published' },
    transformFilename: (name) => name.toLowerCase().replace(/[^a-z0-9.]+/g, '-') || folder,
  });

/** The rule's publication date; with a time of day when the entry can be scheduled (SITE_TIME_ZONE). */
const publication = (rule: DateRule, mode: Completeness) => publicationField(rule, mode === 'published');

const updatedDate = fields.date({
  label: 'Updated (optional)',
  description: 'Date of the last substantive revision; leave empty if there was none.',
});

const corrections = fields.array(
  fields.object({
    date: fields.date({
      label: 'Date',
      description: 'The day of the correction; set Updated to this day (or later) too.',
      validation: { isRequired: true },
    }),
    text: fields.text({
      label: 'What changed',
      description: 'One or two sentences (20 to 600 characters): what the page said, what it says now, and why.',
      multiline: true,
      validation: { length: { min: 20, max: 600 } },
    }),
  }),
  {
    label: 'Corrections',
    description:
      'Only for a change in substance (a figure, a source, a claim). Shown at the end of the page, with "Updated <date>" under the title. Leave empty if there were none.',
    itemLabel: (props) => `${props.fields.date.value ?? 'New correction'}: ${props.fields.text.value.slice(0, 60)}`,
  },
);

const articleSection = fields.select({
  label: 'Article section',
  description: 'The broad section search engines are told about.',
  options: options(ARTICLE_SECTIONS),
  defaultValue: ARTICLE_SECTIONS[1],
});
const references = ({ label, help, min }: ListRule, mode: Completeness) =>
  fields.array(
    fields.object({
      id: fields.text({
        label: 'Id',
        description:
          'A short key the text cites this source by (the + menu of the toolbar, then Citation), e.g. sei-2005: lower-case words and digits joined by hyphens, unique in this piece.',
        validation: {
          length: { min: least(1, mode) },
          pattern: {
            regex: orEmpty(REFERENCE_ID, mode),
            message: 'Id: lower-case words and digits joined by hyphens, e.g. sei-2005',
          },
        },
      }),
      title: text(SHARED_FIELDS.referenceTitle, mode),
      publisher: text(SHARED_FIELDS.referencePublisher, mode),
      year: yearField('Year', 'A year such as 2020, or n.d. for an undated page.', mode === 'draft'),
      url: fields.text({
        label: 'Address (https)',
        description: "The DOI link (https://doi.org/...) or the publisher's page; https only.",
        validation: {
          pattern: { regex: orEmpty(/^https:\/\/\S+$/, mode), message: 'Address: must start with https://' },
        },
      }),
    }),
    {
      label,
      description: `${help} Each needs an id and must be cited in the body; the number readers see is its place in this list.`,
      itemLabel: (props) =>
        `${props.fields.id.value ? `${props.fields.id.value}: ` : ''}${props.fields.title.value || 'New reference'}`,
      validation: { length: { min: least(min, mode) } },
    },
  );

const related = (mode: Completeness) =>
  fields.array(
    fields.relationship({
      label: SHARED_FIELDS.related.itemLabel,
      collection: 'articles',
      validation: { isRequired: true },
    }),
    {
      label: SHARED_FIELDS.related.label,
      description: SHARED_FIELDS.related.help,
      itemLabel: (props) => props.value ?? 'Choose an article',
      validation: { length: { min: least(SHARED_FIELDS.related.min, mode), max: SHARED_FIELDS.related.max } },
    },
  );

const signupOptions = [
  { label: 'Both: Updates mid-article, Movement at the end', value: 'both' },
  { label: 'Mid-article only (Updates)', value: 'mid' },
  { label: 'End only (Movement)', value: 'end' },
  { label: 'None', value: 'none' },
] as const;
const signups = (defaultValue: 'both' | 'end') =>
  fields.select({
    label: 'Sign-up forms',
    description:
      'Where the sign-up forms go. "Both" and "Mid-article" need the Mid-article slot placed once in the body.',
    options: [...signupOptions],
    defaultValue,
  });

const back = fields.select({
  label: 'Back control',
  description: 'History: goes back to where the reader came from (or /articles). Articles: a "Back to Articles" link.',
  options: [
    { label: 'History', value: 'history' },
    { label: 'Back to Articles link', value: 'articles' },
  ],
  defaultValue: 'history',
});

const cta = optionalCard({
  label: 'Call-to-action card (optional)',
  description: 'A card after the body. Leave every box empty for none; once used, fill title, text, link and label.',
  parts: {
    title: { label: SHARED_FIELDS.ctaTitle.label, min: SHARED_FIELDS.ctaTitle.min },
    text: {
      label: SHARED_FIELDS.ctaText.label,
      description: SHARED_FIELDS.ctaText.help,
      min: SHARED_FIELDS.ctaText.min,
    },
    href: { label: 'Card link', description: SITE_PATH_OR_HTTPS.message, min: 1, pattern: SITE_PATH_OR_HTTPS },
    label: { label: SHARED_FIELDS.ctaLabel.label, min: SHARED_FIELDS.ctaLabel.min },
  },
});

const announcement = optionalCard({
  label: 'Announcement bar (optional)',
  description: 'A thin bar above the header of this page. Leave empty for none; the link and its label are optional.',
  parts: {
    text: { label: SHARED_FIELDS.announcementText.label, min: SHARED_FIELDS.announcementText.min },
    href: { label: 'Link (optional)', description: SITE_PATH_OR_HTTPS.message, min: 0, pattern: SITE_PATH_OR_HTTPS },
    label: { label: 'Link label (optional)', min: 0 },
  },
});

/** The fields articles and stories share, in the order the editor shows them. */
const entryBasics = (mode: Completeness) => ({
  updatedDate,
  corrections,
  hero: hero('hero', mode),
  heroAlt: text(SHARED_FIELDS.heroAlt, mode),
  keywords: textList(SHARED_FIELDS.keywords, mode),
  articleSection,
  about: textList(SHARED_FIELDS.about, mode),
  lead: text(SHARED_FIELDS.lead, mode),
});

export default config({
  // Local files, GitHub or Keystatic Cloud, as the build's environment chose (src/shared/editor-storage.ts).
  ...keystaticStorage(import.meta.env.PUBLIC_EDITOR_STORAGE),
  ui: { brand: { name: SITE.name } },
  collections: {
    articles: collection({
      label: 'Articles',
      path: `${CONTENT_DIRS.articles}/*`,
      format: { contentField: 'body' },
      entryLayout: 'content',
      slugField: 'title',
      previewUrl: '/articles/{slug}',
      columns: ['title', 'publishedDate', 'draft'],
      schema: {
        preview: previewLinkField('articles'),
        title: fields.slug({
          name: {
            label: ARTICLE_FIELDS.title.label,
            description: ARTICLE_FIELDS.title.help,
            validation: { length: { min: ARTICLE_FIELDS.title.min, max: ARTICLE_FIELDS.title.max } },
          },
          slug: {
            label: 'File name and address',
            description:
              'Becomes /articles/<this>. Lower case words joined by hyphens; never change it once published.',
          },
        }),
        excerpt: text(ARTICLE_FIELDS.excerpt, 'draft'),
        category: fields.select({
          label: 'Category',
          description: 'The filter the article appears under on /articles.',
          options: options(CATEGORIES),
          defaultValue: CATEGORIES[0],
        }),
        draft: draftField(ARTICLE_FIELDS.draft),
        publishedDate: publication(ARTICLE_FIELDS.publishedDate, 'draft'),
        ...entryBasics('draft'),
        faq: fields.array(
          fields.object({
            q: text(ARTICLE_FIELDS.faqQuestion, 'draft'),
            a: text(ARTICLE_FIELDS.faqAnswer, 'draft'),
          }),
          {
            label: ARTICLE_FIELDS.faq.label,
            description: ARTICLE_FIELDS.faq.help,
            itemLabel: (props) => props.fields.q.value || 'New question',
            validation: { length: { min: 0, max: ARTICLE_FIELDS.faq.max } },
          },
        ),
        references: references(ARTICLE_FIELDS.references, 'draft'),
        related: related('draft'),
        signups: signups('both'),
        cta,
        adSlot: fields.checkbox({
          label: 'House promotion',
          description: 'Show our own promotion at the Mid-article slot (place the slot in the body).',
          defaultValue: false,
        }),
        back,
        announcement,
        body,
      },
    }),
    stories: collection({
      label: 'Stories',
      path: `${CONTENT_DIRS.stories}/*`,
      format: { contentField: 'body' },
      entryLayout: 'content',
      slugField: 'title',
      previewUrl: '/stories/{slug}',
      columns: ['title', 'order', 'publishedDate'],
      schema: {
        preview: previewLinkField('stories'),
        title: fields.slug({
          name: {
            label: STORY_FIELDS.title.label,
            description: STORY_FIELDS.title.help,
            validation: { length: { min: STORY_FIELDS.title.min, max: STORY_FIELDS.title.max } },
          },
          slug: { label: 'File name and address', description: 'Becomes /stories/<this>.' },
        }),
        tagline: text(STORY_FIELDS.tagline, 'published'),
        excerpt: text(STORY_FIELDS.excerpt, 'published'),
        bullets: textList(STORY_FIELDS.bullets, 'published'),
        order: fields.integer({
          label: 'Order on the home page',
          description: '1, 2 or 3: where the card sits.',
          validation: { isRequired: true, min: 1 },
        }),
        publishedDate: publication(STORY_FIELDS.publishedDate, 'published'),
        ...entryBasics('published'),
        references: references(STORY_FIELDS.references, 'published'),
        related: related('published'),
        signups: signups('end'),
        back,
        cta,
        body,
      },
    }),
  },
});
