// A cheap guard against the most common error an outside fact-check found: the body names a
// journal ("a 1993 study in *European Urology*", "published in *Coatings*") that no entry of the
// file's References carries. Every italicised journal, report or outlet named as where a study
// appeared must be found in some reference's title or publisher.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAll, type ReferenceEntry } from './content-files';

const ONLY = process.env.ARTICLE ? new Set(process.env.ARTICLE.split(',')) : null;

const YEAR = String.raw`(?:1[89]\d\d|20\d\d)`;
/** An italic name that starts like a proper name: *Coatings*, *The Lancet*, *Science Advances*. */
const NAME = String.raw`\*([A-Z0-9][^*\n]{1,100}?)\*`;
const WORK = String.raw`(?:study|paper|article|review|report|trial|survey|analysis|briefing)`;

const PATTERNS = [
  // "in *Coatings*", "published in *Urological Research* in 1993", "in the small journal *Molecular Andrology*"
  new RegExp(String.raw`\bin\s+(?:[a-z][a-z'-]*\s+){0,3}` + NAME, 'g'),
  // "a 1993 *European Urology* paper", "the 2017 *Pulse of the Fashion Industry* report"
  new RegExp(String.raw`\b${YEAR}\s+${NAME}(?=\s+${WORK})`, 'g'),
  // "the *Contraception* paper of 1992", "*Andrologia* (1992)"
  new RegExp(NAME + String.raw`(?=\s+(?:${WORK}\s+(?:of|from|in)\s+${YEAR}|\(${YEAR}\)))`, 'g'),
];

const normalize = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .trim();

/** The italic names the body gives as the place a study, paper or report appeared. */
export function namedVenues(body: string): string[] {
  const found = new Set<string>();
  for (const re of PATTERNS) for (const m of body.matchAll(re)) found.add(m[1]!.trim());
  return [...found];
}

/** Venues named in the body that no reference's title or publisher carries. */
export function missingVenues(body: string, references: ReferenceEntry[]): string[] {
  const haystacks = references.map((r) => ` ${normalize(`${r.title} ${r.publisher}`)} `);
  return namedVenues(body).filter((venue) => {
    const needle = ` ${normalize(venue)} `;
    return !haystacks.some((h) => h.includes(needle));
  });
}

interface Front {
  references: ReferenceEntry[];
}

const files = [
  ...loadAll<Front>(resolve('src/content/articles'), { drafts: false }).map((f) => ({ ...f, kind: 'article' })),
  ...loadAll<Front>(resolve('src/content/stories')).map((f) => ({ ...f, kind: 'story' })),
].filter((f) => !ONLY || ONLY.has(f.slug));

describe('the guard itself', () => {
  const refs: ReferenceEntry[] = [
    {
      title: 'Effect of different types of textile fabric on spermatogenesis',
      publisher: 'Urological Research (Springer)',
      year: 1993,
      url: 'https://doi.org/10.1007/BF00296839',
    },
    {
      title: 'Contraceptive efficacy of polyester-induced azoospermia in normal men',
      publisher: 'Contraception (Elsevier)',
      year: 1992,
      url: 'https://doi.org/10.1016/0010-7824(92)90157-o',
    },
  ];

  it('flags a year-and-journal study whose journal is in no reference', () => {
    const body =
      'The only Shafik experiment that included wool was a 1993 study in *European Urology* in which rats wore pants. ' +
      'A 1994 paper in the small journal *Molecular Andrology* followed men for 18 months.';
    expect(missingVenues(body, refs)).toEqual(['European Urology', 'Molecular Andrology']);
  });

  it('flags the other ways of naming a journal', () => {
    expect(missingVenues('The FILK study, published in *Coatings*, tested nine materials.', refs)).toEqual([
      'Coatings',
    ]);
    expect(missingVenues('A 2021 *Coatings* study tested nine materials.', refs)).toEqual(['Coatings']);
    expect(missingVenues('The *Coatings* paper of 2021 tested nine materials.', refs)).toEqual(['Coatings']);
  });

  it('accepts a journal that a reference carries, and ignores plain emphasis', () => {
    expect(missingVenues('The most cited paper appeared in *Urological Research* in 1993.', refs)).toEqual([]);
    expect(missingVenues('A 1992 paper in *Contraception* described a sling.', refs)).toEqual([]);
    expect(missingVenues('It is about *primary* microplastics, in *where* a fiber is grown.', refs)).toEqual([]);
  });
});

describe.each(files)('$kind $slug', ({ file, body, front }) => {
  it('names no journal or report in the body that its References leave out', () => {
    expect(missingVenues(body, front.references), `${file}: add a reference for each`).toEqual([]);
  });
});
