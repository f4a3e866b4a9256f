// The editorial rules every article and story is held to, in the guide's words
// (docs/writing-articles.md): the schema (src/content-schema.ts, the build's own), length and
// sections, citations, related articles, dates and photos; and the specification's facts for the
// pieces it names (specification.ts). Any number of further articles is fine. A draft is held only
// to what a draft needs (its title; a photo it places must exist). `npm run check:content` prints
// these problems; the content tests (tests/content/articles.test.ts) run the same function.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { Parser } from 'yaml';
import { z } from 'astro/zod';
import { articleSchema, storySchema } from '../../src/content-schema.ts';
import { CONTENT_DIRS } from '../../src/content-dirs.ts';
import { SHARED_FIELDS } from '../../src/content-fields.ts';
import { countWords } from '../../src/lib/word-count.ts';
import { uncitedStatistics } from '../../src/lib/statistics.ts';
import { bodyFigureProblems } from '../../src/lib/body-figures.ts';
import { SPEC_ARTICLES, SPEC_STORIES, relatedCount } from './specification.ts';

/** One thing to fix: the file (from the project root) and what to do, in plain words. */
export interface Problem {
  file: string;
  message: string;
}

/** An article or story as the check reads it. */
export interface Piece {
  kind: 'articles' | 'stories';
  slug: string;
  /** Path from the project root, e.g. src/content/articles/hemp-vs-cotton.mdx. */
  file: string;
  front: Record<string, unknown>;
  body: string;
  /** Where the front-matter ends: body line n is file line n + offset. */
  bodyOffset: number;
}

export const WORDS = { min: 1200, max: 2000 } as const;
const SECTIONS_MIN = 3;

/** Reads a content folder's MDX files the way the build does (front-matter as YAML by js-yaml). */
export function readPieces(root: string, kind: Piece['kind']): { pieces: Piece[]; problems: Problem[] } {
  const dir = join(root, CONTENT_DIRS[kind]);
  const pieces: Piece[] = [];
  const problems: Problem[] = [];
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.mdx')) : [];
  for (const name of names.sort()) {
    const file = `${CONTENT_DIRS[kind]}/${name}`;
    const raw = readFileSync(join(dir, name), 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/.exec(raw);
    if (!match) {
      problems.push({ file, message: 'the file must start with its fields between two lines of three dashes (---)' });
      continue;
    }
    let front: unknown;
    try {
      front = load(match[1]!);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      problems.push({ file, message: `the fields at the top cannot be read (${reason})` });
      continue;
    }
    if (!front || typeof front !== 'object' || Array.isArray(front)) {
      problems.push({ file, message: 'the fields at the top must be written as name: value lines' });
      continue;
    }
    // Reported by file line: the front matter starts on line 2.
    for (const line of commentLines(match[1]!))
      problems.push({
        file,
        message: `line ${line + 2}: a "#" after a space starts a comment, so the rest of the line is not read (a value with "#" in it needs quotes: '…')`,
      });
    const bodyOffset = match[1]!.split('\n').length + 2;
    pieces.push({
      kind,
      slug: name.replace(/\.mdx$/, ''),
      file,
      front: front as Record<string, unknown>,
      body: match[2]!,
      bodyOffset,
    });
  }
  return { pieces, problems };
}

/**
 * The front-matter lines (0-based) holding a YAML comment. The editor never writes one, so a
 * comment is a value cut short in a hand-written file: `publisher: Playbook, Step #3` is read as
 * "Playbook, Step". Found in YAML's own syntax tree, so a "#" inside quotes or a folded note is not.
 */
export function commentLines(yaml: string): number[] {
  const offsets: number[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const token = node as { type?: unknown; offset?: unknown };
      if (token.type === 'comment' && typeof token.offset === 'number') offsets.push(token.offset);
      else Object.values(node).forEach(walk);
    }
  };
  for (const token of new Parser().parse(yaml)) walk(token);
  return [...new Set(offsets.map((at) => yaml.slice(0, at).split('\n').length - 1))];
}

/** The editor's names of the parts of a list or group. */
const PART_NAMES: Record<string, string> = {
  faq: 'FAQ entry',
  q: 'question',
  a: 'answer',
  references: 'reference',
  url: 'address',
  keywords: 'keyword',
  about: 'topic',
  related: 'related article',
  bullets: 'bullet',
  corrections: 'correction',
  cta: 'call-to-action card',
};

/** "FAQ entry 2, answer": where in the fields a schema problem is, for an editor. */
function where(path: readonly PropertyKey[]): string {
  return path
    .map((key) => (typeof key === 'number' ? ` ${key + 1}` : `, ${PART_NAMES[String(key)] ?? String(key)}`))
    .join('')
    .slice(2);
}

/** The schema's verdict, one plain message per problem. */
function schemaProblems(root: string, piece: Piece): Problem[] {
  const parts = { image: () => z.string(), reference: () => z.string(), root };
  const schema = piece.kind === 'articles' ? articleSchema(parts) : storySchema(parts);
  const result = schema.safeParse(piece.front);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    // A nested field says where it sits ("references 2 → url"); a top-level message names its field.
    const at = issue.path.length > 1 ? `${where(issue.path)}: ` : '';
    return { file: piece.file, message: `${at}${issue.message}` };
  });
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const isoDay = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === 'string' ? value.slice(0, 10) : '';
const isDraft = (piece: Piece) => piece.front.draft === true;

interface Reference {
  id?: string;
  url?: string;
}

/** Length, sections, list, citations, photos and the mid-article slot of a complete piece. */
function bodyProblems(root: string, piece: Piece): string[] {
  const { body, front } = piece;
  const out: string[] = [];
  if (piece.kind === 'articles') {
    const words = countWords(body);
    if (words < WORDS.min || words > WORDS.max)
      out.push(
        `the body has ${plural(words, 'word')}; it needs ${WORDS.min.toLocaleString('en-US')} to ${WORDS.max.toLocaleString('en-US')}`,
      );
    const sections = body.match(/^## /gm)?.length ?? 0;
    if (sections < SECTIONS_MIN)
      out.push(`the body has ${plural(sections, 'section')} (Heading 2); it needs at least ${SECTIONS_MIN}`);
    if (!/^(\s*[-*] |\s*\d+\. )/m.test(body)) out.push('the body needs at least one list');
  }
  if (/^# /m.test(body))
    out.push('the body uses Heading 1: the title is the page heading, so start sections at Heading 2');

  const references = Array.isArray(front.references) ? (front.references as Reference[]) : [];
  const ids = references.map((r) => r?.id).filter((id): id is string => typeof id === 'string');
  references.forEach((r, i) => {
    if (!r?.id) out.push(`reference ${i + 1} has no id: give it a short key such as sei-2005 and cite it in the body`);
  });
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i)))
    out.push(`two references have the id ${id}: each id is used once`);
  const urls = references.map((r) => r?.url).filter((u): u is string => typeof u === 'string');
  for (const url of new Set(urls.filter((u, i) => urls.indexOf(u) !== i)))
    out.push(`the reference address ${url} is listed twice`);
  const cited = new Set(
    [...body.matchAll(/<Cite\s+to="([^"]*)"/g)].flatMap(([, to]) => (to ?? '').split(/\s+/).filter(Boolean)),
  );
  for (const id of cited)
    if (!ids.includes(id)) out.push(`a citation points at "${id}", which is not an id in References`);
  for (const id of ids)
    if (!cited.has(id))
      out.push(`the reference ${id} is cited nowhere: cite it after the sentence it supports, or remove it`);
  for (const { sentence, figure, line } of uncitedStatistics(body))
    out.push(
      `line ${line + piece.bodyOffset}: the sentence "${sentence.length > 90 ? `${sentence.slice(0, 87)}...` : sentence}" states a figure (${figure}) without a citation after it`,
    );

  out.push(...bodyFigureProblems(join(root, piece.file), body));

  const signups = typeof front.signups === 'string' ? front.signups : piece.kind === 'articles' ? 'both' : 'end';
  const adSlot = front.adSlot === true;
  const markers = body.match(/<Midpoint\s*\/>/g)?.length ?? 0;
  const needsMid = signups === 'both' || signups === 'mid' || adSlot;
  if (needsMid && markers !== 1)
    out.push(
      `place the Mid-article slot (<Midpoint />) exactly once: it is placed ${plural(markers, 'time')}, and sign-up forms "${signups}"${adSlot ? ' with the house promotion' : ''} need it`,
    );
  if (!needsMid && markers > 0)
    out.push('the Mid-article slot (<Midpoint />) is placed, but nothing is shown there: remove it');

  const updated = front.updatedDate ? isoDay(front.updatedDate) : undefined;
  if (updated && updated < isoDay(front.publishedDate))
    out.push(`the updated date (${updated}) is before the publication date (${isoDay(front.publishedDate)})`);
  return out;
}

/** Related articles: they exist, are not this piece, not twice, not drafts, and as many as the rule says. */
function relatedProblems(piece: Piece, articles: Map<string, Piece>): string[] {
  const related = Array.isArray(piece.front.related) ? (piece.front.related as unknown[]).map(String) : [];
  const out: string[] = [];
  const { min, max } = SHARED_FIELDS.related;
  // Outside min to max the schema has said so already.
  if (
    piece.kind === 'articles' &&
    related.length !== relatedCount(piece.slug) &&
    related.length >= min &&
    related.length <= max
  )
    out.push(`the related articles list has ${related.length}; this article needs exactly ${relatedCount(piece.slug)}`);
  for (const slug of related) {
    const target = articles.get(slug);
    if (slug === piece.slug) out.push('an article cannot be related to itself');
    else if (!target)
      out.push(`the related article "${slug}" does not exist (no ${CONTENT_DIRS.articles}/${slug}.mdx)`);
    else if (isDraft(target))
      out.push(
        `the related article "${slug}" is a draft, which readers cannot see: choose another, or publish it first`,
      );
  }
  if (new Set(related).size !== related.length) out.push('the related articles list the same article twice');
  return out;
}

/** The specification's facts for the pieces it names. */
function specificationProblems(pieces: Piece[]): Problem[] {
  const out: Problem[] = [];
  const bySlug = new Map(pieces.map((p) => [`${p.kind}/${p.slug}`, p]));
  for (const [slug, spec] of Object.entries(SPEC_ARTICLES)) {
    const file = `${CONTENT_DIRS.articles}/${slug}.mdx`;
    const piece = bySlug.get(`articles/${slug}`);
    const say = (message: string) => out.push({ file, message });
    if (!piece) {
      say('this article of the specification is missing: restore the file (its address must not change)');
      continue;
    }
    const { front } = piece;
    if (isDraft(piece)) say('this article of the specification must stay published: untick Draft');
    if (isoDay(front.publishedDate) !== spec.date)
      say(`the specification dates this article ${spec.date}; it says ${isoDay(front.publishedDate) || 'nothing'}`);
    if (front.category !== spec.category)
      say(
        `the specification files this article under ${spec.category}; it says ${typeof front.category === 'string' ? front.category : 'nothing'}`,
      );
    const signups = (front.signups as string | undefined) ?? 'both';
    if (spec.signups && signups !== spec.signups)
      say(`the specification places this article's sign-up forms "${spec.signups}"; it says "${signups}"`);
    if (spec.announcement && !front.announcement)
      say('the specification shows the announcement bar above this page: fill in the Announcement bar');
  }
  for (const [slug, spec] of Object.entries(SPEC_STORIES)) {
    const file = `${CONTENT_DIRS.stories}/${slug}.mdx`;
    const piece = bySlug.get(`stories/${slug}`);
    const say = (message: string) => out.push({ file, message });
    if (!piece) {
      say('this story of the specification is missing: restore the file');
      continue;
    }
    if (piece.front.title !== spec.title) say(`the specification titles this story "${spec.title}"`);
    if (piece.front.tagline !== spec.tagline) say(`the specification's tagline for this story is "${spec.tagline}"`);
    if (piece.front.order !== spec.order) say(`the specification puts this story's card at place ${spec.order}`);
  }
  for (const piece of pieces)
    if (piece.kind === 'stories' && !SPEC_STORIES[piece.slug])
      out.push({
        file: piece.file,
        message: 'there are three stories, named by the specification: write an article instead',
      });
  return out;
}

/** Titles and excerpts are unique across the site (drafts' titles too: a title becomes an address). */
function uniqueness(pieces: Piece[]): Problem[] {
  const out: Problem[] = [];
  for (const field of ['title', 'excerpt'] as const) {
    const seen = new Map<string, string>();
    for (const piece of pieces) {
      if (piece.kind !== 'articles' || (field === 'excerpt' && isDraft(piece))) continue;
      const value = piece.front[field];
      if (typeof value !== 'string' || !value.trim()) continue;
      const key = value.trim().toLowerCase();
      const other = seen.get(key);
      if (other) out.push({ file: piece.file, message: `the ${field} is the same as in ${other}: make it unique` });
      else seen.set(key, piece.file);
    }
  }
  return out;
}

/** Every problem of the content under `root` (the project root, or a copy of it), file by file. */
export function checkContent(root: string): Problem[] {
  const read = (['articles', 'stories'] as const).map((kind) => readPieces(root, kind));
  const pieces = read.flatMap((r) => r.pieces);
  const problems: Problem[] = read.flatMap((r) => r.problems);
  const articles = new Map(pieces.filter((p) => p.kind === 'articles').map((p) => [p.slug, p]));
  for (const piece of pieces) {
    problems.push(...schemaProblems(root, piece));
    const rest = isDraft(piece)
      ? bodyFigureProblems(join(root, piece.file), piece.body)
      : [...bodyProblems(root, piece), ...relatedProblems(piece, articles)];
    problems.push(...rest.map((message) => ({ file: piece.file, message })));
  }
  problems.push(...uniqueness(pieces), ...specificationProblems(pieces));
  const order = new Map(pieces.map((p, i) => [p.file, i]));
  return problems.sort((a, b) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1));
}

/** How many articles, stories and drafts the check read, for its closing line. */
export function countPieces(root: string) {
  const articles = readPieces(root, 'articles').pieces;
  return {
    articles: articles.length,
    drafts: articles.filter(isDraft).length,
    stories: readPieces(root, 'stories').pieces.length,
  };
}
