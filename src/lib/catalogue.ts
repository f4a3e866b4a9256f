// The article and story catalogue: every page, the sitemap, RSS, JSON-LD and search read entries
// from here, sorted newest first, with reading time computed from the body. Cross-file rules the
// schema cannot express (related slugs exist, the mid-article marker is placed, body photos exist
// and have alt text) are checked here, so a bad file fails the build with a message that names it.
// It is also the one place that decides which articles this build publishes (drafts, schedule):
// every list reads getArticles(), so nothing else needs to know.
import { getCollection, type CollectionEntry } from 'astro:content';
import { countWords } from './word-count';
import { readingMinutes } from './reading-time';
import { articlePath, storyPath } from './paths';
import { bodyFigureProblems } from './body-figures';
import { buildTimeZone } from '../shared/site-time-zone';
import { publishInstant } from '../shared/publish-time';

export type ArticleEntry = CollectionEntry<'articles'>;
export type StoryEntry = CollectionEntry<'stories'>;

/** Where an article stands in this build: live, a draft, or scheduled for a later moment. */
export type PublishState = 'published' | 'draft' | 'scheduled';

export interface Article {
  kind: 'article';
  slug: string;
  path: string;
  entry: ArticleEntry;
  data: ArticleEntry['data'];
  words: number;
  minutes: number;
  related: string[];
  /** The real moment the article comes due (publishedDate read in SITE_TIME_ZONE). */
  publishAt: Date;
  state: PublishState;
}

/**
 * What this build shows (astro.config.mjs decides it, from Astro's command and
 * src/shared/build-mode.ts). `npm run dev` and preview builds show drafts and scheduled articles (their
 * pages marked and noindex); a production build shows only what is published and due by the time
 * it runs. Read once per build.
 */
export const BUILD = {
  showUnpublished: import.meta.env.SHOW_UNPUBLISHED === true,
  now: new Date(),
  timeZone: buildTimeZone(process.env),
};

function stateOf(draft: boolean, publishAt: Date): PublishState {
  if (draft) return 'draft';
  return publishAt.getTime() > BUILD.now.getTime() ? 'scheduled' : 'published';
}

export interface Story {
  kind: 'story';
  slug: string;
  path: string;
  entry: StoryEntry;
  data: StoryEntry['data'];
  words: number;
  minutes: number;
  related: string[];
}

/** The article that may (and must) list three related articles. */
const THREE_RELATED = 'cotton-blends-vs-natural-fibers';

function fail(file: string | undefined, field: string, message: string): never {
  throw new Error(`${file ?? 'unknown file'}: ${field}: ${message}`);
}

function byNewest<T extends { data: { publishedDate: Date; title: string } }>(a: T, b: T): number {
  return b.data.publishedDate.getTime() - a.data.publishedDate.getTime() || a.data.title.localeCompare(b.data.title);
}

function checkRelated(file: string | undefined, slug: string, related: string[], known: Set<string>, count?: number) {
  if (count !== undefined && related.length !== count)
    fail(file, 'related', `expected ${count} related articles, found ${related.length}`);
  for (const r of related) {
    if (!known.has(r)) fail(file, 'related', `unknown article '${r}' (no src/content/articles/${r}.mdx)`);
    if (r === slug) fail(file, 'related', 'an article cannot relate to itself');
  }
  if (new Set(related).size !== related.length) fail(file, 'related', 'lists the same article twice');
}

/**
 * Production builds only: a related link must point at an article that is live whenever the linking
 * page is, so never at a draft and never at one due later (its card would be missing until then).
 */
function checkRelatedPublished(file: string | undefined, at: Date, related: string[], all: Map<string, Article>) {
  if (BUILD.showUnpublished) return;
  for (const slug of related) {
    const target = all.get(slug);
    if (!target) continue;
    if (target.state === 'draft')
      fail(
        file,
        'related',
        `'${slug}' is a draft, and drafts are left out of the published site: choose another article, or publish ${slug} first`,
      );
    if (target.state === 'scheduled' && target.publishAt.getTime() > at.getTime())
      fail(
        file,
        'related',
        `'${slug}' is scheduled for ${target.publishAt.toISOString()}, after this page goes live: choose another article, or schedule this one later`,
      );
  }
}

/**
 * The <Midpoint /> marker: placed exactly once when something is shown there (the mid-page sign-up,
 * the house promotion), never otherwise. Articles and stories alike: without it the form never shows.
 */
function checkMidpoint(file: string | undefined, body: string, signups: string, adSlot: boolean) {
  const markers = body.match(/<Midpoint\s*\/>/g)?.length ?? 0;
  const needsMid = signups === 'both' || signups === 'mid' || adSlot;
  if (needsMid && markers !== 1)
    fail(file, 'body', `place <Midpoint /> exactly once (signups: ${signups}, adSlot: ${adSlot})`);
  if (!needsMid && markers > 0) fail(file, 'body', '<Midpoint /> is placed but nothing is shown there');
}

let everyArticleCache: Promise<Article[]> | undefined;
let storiesCache: Promise<Story[]> | undefined;

/** Every article file, drafts and scheduled ones included, newest first, validated. */
function getEveryArticle(): Promise<Article[]> {
  everyArticleCache ??= (async () => {
    const entries = await getCollection('articles');
    const known = new Set(entries.map((e) => e.id));
    const titles = new Map<string, string>();
    const articles = entries
      .map((entry): Article => {
        const file = entry.filePath;
        const related = entry.data.related.map((r) => r.id);
        // A draft may be half-written (src/content-schema.ts): its counts and slot wait for publishing.
        const complete = !entry.data.draft;
        checkRelated(file, entry.id, related, known, complete ? (entry.id === THREE_RELATED ? 3 : 2) : undefined);
        const body = entry.body ?? '';
        const figureProblem = bodyFigureProblems(file ?? entry.id, body)[0];
        if (figureProblem) fail(file, 'body', figureProblem);
        if (complete) checkMidpoint(file, body, entry.data.signups, entry.data.adSlot);
        const other = titles.get(entry.data.title.toLowerCase());
        if (other) fail(file, 'title', `same title as ${other}`);
        titles.set(entry.data.title.toLowerCase(), file ?? entry.id);
        const words = countWords(body);
        const publishAt = publishInstant(entry.data.publishedDate, BUILD.timeZone);
        return {
          kind: 'article',
          slug: entry.id,
          path: articlePath(entry.id),
          entry,
          data: entry.data,
          words,
          minutes: readingMinutes(words),
          related,
          publishAt,
          state: stateOf(entry.data.draft, publishAt),
        };
      })
      .sort(byNewest);
    const bySlug = new Map(articles.map((a) => [a.slug, a]));
    for (const a of articles)
      if (a.state !== 'draft') checkRelatedPublished(a.entry.filePath, a.publishAt, a.related, bySlug);
    return articles;
  })();
  return everyArticleCache;
}

/**
 * The articles this build publishes, newest first: the one list every page, grid, feed, sitemap,
 * search index and title list reads.
 */
export async function getArticles(): Promise<Article[]> {
  const all = await getEveryArticle();
  return BUILD.showUnpublished ? all : all.filter((a) => a.state === 'published');
}

/** The moment the next scheduled (not draft) article comes due, if any: when to build again. */
export async function nextPublishAt(): Promise<Date | undefined> {
  const due = (await getEveryArticle()).filter((a) => a.state === 'scheduled').map((a) => a.publishAt.getTime());
  return due.length ? new Date(Math.min(...due)) : undefined;
}

/** The three story pages, in their home-card order, validated. */
export function getStories(): Promise<Story[]> {
  storiesCache ??= (async () => {
    const [entries, articles] = await Promise.all([getCollection('stories'), getEveryArticle()]);
    const known = new Set(articles.map((a) => a.slug));
    const bySlug = new Map(articles.map((a) => [a.slug, a]));
    return entries
      .map((entry): Story => {
        const related = entry.data.related.map((r) => r.id);
        checkRelated(entry.filePath, entry.id, related, known);
        checkRelatedPublished(entry.filePath, BUILD.now, related, bySlug);
        checkMidpoint(entry.filePath, entry.body ?? '', entry.data.signups, false);
        const words = countWords(entry.body ?? '');
        return {
          kind: 'story',
          slug: entry.id,
          path: storyPath(entry.id),
          entry,
          data: entry.data,
          words,
          minutes: readingMinutes(words),
          related,
        };
      })
      .sort((a, b) => a.data.order - b.data.order);
  })();
  return storiesCache;
}

/** The articles a page relates to, in the order its front-matter lists them. */
export async function getRelated(slugs: string[]): Promise<Article[]> {
  const all = await getArticles();
  return slugs.map((s) => all.find((a) => a.slug === s)).filter((a): a is Article => a !== undefined);
}
