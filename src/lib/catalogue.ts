// The article and story catalogue: every page, the sitemap, RSS, JSON-LD and search read entries
// from here, sorted newest first, with reading time computed from the body. Cross-file rules the
// schema cannot express (related slugs exist, the mid-article marker is placed) are checked here,
// so a bad file fails the build with a message that names it.
import { getCollection, type CollectionEntry } from 'astro:content';
import { countWords } from './word-count';
import { readingMinutes } from './reading-time';
import { articlePath, storyPath } from './paths';

export type ArticleEntry = CollectionEntry<'articles'>;
export type StoryEntry = CollectionEntry<'stories'>;

export interface Article {
  kind: 'article';
  slug: string;
  path: string;
  entry: ArticleEntry;
  data: ArticleEntry['data'];
  words: number;
  minutes: number;
  related: string[];
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

let articlesCache: Promise<Article[]> | undefined;
let storiesCache: Promise<Story[]> | undefined;

/** All articles, newest first, validated. */
export function getArticles(): Promise<Article[]> {
  articlesCache ??= (async () => {
    const entries = await getCollection('articles');
    const known = new Set(entries.map((e) => e.id));
    const titles = new Map<string, string>();
    return entries
      .map((entry): Article => {
        const file = entry.filePath;
        const related = entry.data.related.map((r) => r.id);
        checkRelated(file, entry.id, related, known, entry.id === THREE_RELATED ? 3 : 2);
        const body = entry.body ?? '';
        checkMidpoint(file, body, entry.data.signups, entry.data.adSlot);
        const other = titles.get(entry.data.title.toLowerCase());
        if (other) fail(file, 'title', `same title as ${other}`);
        titles.set(entry.data.title.toLowerCase(), file ?? entry.id);
        const words = countWords(body);
        return {
          kind: 'article',
          slug: entry.id,
          path: articlePath(entry.id),
          entry,
          data: entry.data,
          words,
          minutes: readingMinutes(words),
          related,
        };
      })
      .sort(byNewest);
  })();
  return articlesCache;
}

/** The three story pages, in their home-card order, validated. */
export function getStories(): Promise<Story[]> {
  storiesCache ??= (async () => {
    const [entries, articles] = await Promise.all([getCollection('stories'), getArticles()]);
    const known = new Set(articles.map((a) => a.slug));
    return entries
      .map((entry): Story => {
        const related = entry.data.related.map((r) => r.id);
        checkRelated(entry.filePath, entry.id, related, known);
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
