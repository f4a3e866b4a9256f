// Numbered citations (docs/citations.md). The text cites with <Cite to="id" />, which renders a
// placeholder; once the whole text is rendered, resolveCitations() turns each placeholder into
// numbered links to the References entries, gives each marker an id the entry links back to, and
// fails the build, naming the file and the sentence, when a citation points at no reference or a
// reference is cited nowhere. Pure string work: no JavaScript reaches the page.
import { CITATIONS } from '../shared/messages/citations.ts';

/** A reference id: short lower-case words joined by hyphens, e.g. sei-2005. */
export const REFERENCE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What <Cite to="…" /> renders before resolution (Cite.astro). */
const PLACEHOLDER = /<sup data-cite="([^"]*)"><\/sup>/g;

/** One reference as the resolver needs it. */
export interface CitedReference {
  id?: string;
  title: string;
}

/** The resolved text and, per reference (in list order), the ids of the markers that cite it. */
export interface ResolvedCitations {
  html: string;
  citedAt: string[][];
}

/** The anchor of a reference's entry in the References list. */
export const referenceAnchor = (id: string) => `ref-${id}`;

/** The text of the sentence that ends just before `end` in `html`, tags stripped, for messages. */
export function sentenceBefore(html: string, end: number): string {
  const before = html.slice(0, end);
  // The block the marker sits in: the last paragraph, list item, cell or heading that opened.
  const blockStart = Math.max(
    ...['<p', '<li', '<td', '<th', '<h2', '<h3', '<h4', '<blockquote'].map((tag) => before.lastIndexOf(tag)),
  );
  const text = before
    .slice(Math.max(0, blockStart))
    .replace(PLACEHOLDER, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  // The last sentence: back to the previous sentence end (". " before a capital or a quote).
  const starts = [...text.matchAll(/[.!?]["”’)]?\s+(?=["“‘(]?[A-Z0-9])/g)].map((m) => m.index + m[0].length);
  const last = starts.filter((s) => s < text.length - 1).at(-1) ?? 0;
  const sentence = text.slice(last);
  return sentence.length > 160 ? `…${sentence.slice(-159)}` : sentence;
}

/** A citation problem, worded for the editor who reads it in a failed build. */
export class CitationError extends Error {
  override name = 'CitationError';
}

/**
 * Numbers and links every citation placeholder in `html` (`file` names the content file in
 * messages). Throws a CitationError listing every problem found.
 */
export function resolveCitations(html: string, references: readonly CitedReference[], file: string): ResolvedCitations {
  const problems: string[] = [];
  const index = new Map<string, number>();
  references.forEach((r, i) => {
    if (!r.id) {
      problems.push(`reference ${i + 1} ("${r.title}") has no id: give it a short key such as sei-2005`);
    } else if (index.has(r.id)) problems.push(`two references have the id "${r.id}": each id must be unique`);
    else index.set(r.id, i);
  });
  const known = [...index.keys()].join(', ') || '(none)';
  const citedAt: string[][] = references.map(() => []);

  const out = html.replace(PLACEHOLDER, (_, to: string, offset: number) => {
    const ids = to.trim().split(/\s+/).filter(Boolean);
    const where = () => `in the sentence "${sentenceBefore(html, offset)}"`;
    if (ids.length === 0) {
      problems.push(`a <Cite /> without a reference ${where()}: write <Cite to="id" /> with an id from References`);
      return '';
    }
    const links: string[] = [];
    for (const id of ids) {
      const i = index.get(id);
      if (i === undefined) {
        problems.push(`<Cite to="${to}" /> ${where()} points at no reference "${id}": the ids here are ${known}`);
        continue;
      }
      const n = i + 1;
      const places = citedAt[i]!;
      const markerId = `cite-${id}-${places.length + 1}`;
      places.push(markerId);
      links.push(`<a href="#${referenceAnchor(id)}" id="${markerId}" aria-label="${CITATIONS.marker(n)}">[${n}]</a>`);
    }
    // A word joiner keeps the marker on the line of the sentence it closes.
    return `\u2060<sup class="cite">${links.join('')}</sup>`;
  });

  references.forEach((r, i) => {
    if (r.id && index.get(r.id) === i && citedAt[i]!.length === 0)
      problems.push(
        `reference ${i + 1} ("${r.title}", id ${r.id}) is cited nowhere: add <Cite to="${r.id}" /> after the sentence it supports, or remove it`,
      );
  });

  if (problems.length > 0)
    throw new CitationError(`${file}: ${problems.length} citation problem(s):\n- ${problems.join('\n- ')}`);
  return { html: out, citedAt };
}
