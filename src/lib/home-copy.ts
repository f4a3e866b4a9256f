// The home page's copy lives in one file editors can change, src/content/home.yaml: read here at
// build time, checked against a schema (a missing or misspelt field stops the build naming the file
// and the field), its {name}/{city}/{region} filled in from the site config, and its article links
// resolved as checked references (src/lib/article-link.ts).
import { getCollection } from 'astro:content';
import { parse } from 'yaml';
import { z } from 'astro/zod';
import raw from '../content/home.yaml?raw';
import { getArticles } from './catalogue';
import { checkedArticlePath } from './article-link';
import { SITE } from '../site';

export const HOME_COPY_FILE = 'src/content/home.yaml';

/** The icons a home card may show (src/components/Icon.astro). */
const ICONS = ['users', 'book', 'coins', 'wind', 'sun', 'shield', 'leaf', 'drop', 'heart', 'recycle', 'check'] as const;

const text = z.string().trim().min(1);
const card = z.strictObject({ icon: z.enum(ICONS), title: text, text });
const section = { eyebrow: text, title: text, lead: text };

const schema = z.strictObject({
  hero: z.strictObject({ eyebrow: text, title: text, lead: text, start: text, stories: text }),
  values: z.strictObject({ label: text, items: z.array(card).min(1) }),
  stories: z.strictObject(section),
  education: z.strictObject({ ...section, benefits: z.array(card).min(1) }),
  fibres: z.strictObject({
    title: text,
    items: z.array(
      z.strictObject({
        name: text,
        tag: text,
        text,
        article: text,
        link: text,
        tone: z.enum(['wool', 'linen', 'oat']),
      }),
    ),
  }),
  updates: z.strictObject({ title: text, text }),
  latest: z.strictObject({ eyebrow: text, title: text, all: text }),
  about: z.strictObject({ eyebrow: text, title: text, paragraphs: z.array(text).min(1), promises: z.array(text) }),
  contact: z.strictObject({ title: text, text, button: text }),
});

type Parsed = z.infer<typeof schema>;
export type FibreCard = Parsed['fibres']['items'][number] & { href: string };
export type HomeCopy = Omit<Parsed, 'fibres'> & { fibres: { title: string; items: FibreCard[] } };

const PLACEHOLDERS: Record<string, string> = {
  name: SITE.name,
  city: SITE.contact.city,
  region: SITE.contact.region,
};

function fill(paragraph: string, field: string): string {
  return paragraph.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = PLACEHOLDERS[key];
    if (value === undefined)
      throw new Error(`${HOME_COPY_FILE}: ${field}: unknown {${key}} (use ${Object.keys(PLACEHOLDERS).join(', ')})`);
    return value;
  });
}

let cache: Promise<HomeCopy> | undefined;

/** The home page's copy, validated, with its article links checked against this build's articles. */
export function homeCopy(): Promise<HomeCopy> {
  cache ??= (async () => {
    const result = schema.safeParse(parse(raw));
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new Error(`${HOME_COPY_FILE}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    }
    const copy = result.data;
    const [entries, articles] = await Promise.all([getCollection('articles'), getArticles()]);
    const known = { existing: new Set(entries.map((e) => e.id)), published: new Set(articles.map((a) => a.slug)) };
    return {
      ...copy,
      fibres: {
        title: copy.fibres.title,
        items: copy.fibres.items.map((f, i) => ({
          ...f,
          href: checkedArticlePath(f.article, known, HOME_COPY_FILE, `fibres.items.${i}.article`),
        })),
      },
      about: { ...copy.about, paragraphs: copy.about.paragraphs.map((p, i) => fill(p, `about.paragraphs.${i}`)) },
    };
  })();
  return cache;
}
