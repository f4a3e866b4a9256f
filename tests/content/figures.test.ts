// One home per figure, and cited leads (issue 38; docs/citations.md):
// - every statement of a recurring figure (src/data/figures.ts) on every article and story, in the
//   body, the lead and the FAQ, gives a recorded value in its recorded scope (src/lib/figures.ts);
// - the lead states no statistic, and every figure in an FAQ answer is stated in a cited sentence of
//   the body (uncitedFrontMatter() in src/lib/statistics.ts).
// Each check is first run on planted text, so a check that cannot fail would show here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIGURES } from '../../src/data/figures';
import { unrecordedFigures } from '../../src/lib/figures';
import { uncitedFrontMatter } from '../../src/lib/statistics';
import { loadAll } from './content-files';

interface Front {
  lead?: string;
  faq?: { q: string; a: string }[];
}

const pieces = ['src/content/articles', 'src/content/stories'].flatMap((dir) =>
  loadAll<Front>(dir).map((p) => ({ ...p, path: `${dir}/${p.file}` })),
);

const problems = (body: string, extra: Front = {}) =>
  unrecordedFigures({ body, lead: extra.lead, faq: extra.faq }).map((m) => `${m.figure}: ${m.problem.split(';')[0]}`);

describe('the figures register', () => {
  it('gives every recorded value a unit, year, scope and source, once', () => {
    for (const figure of FIGURES) {
      expect(figure.values.length, figure.id).toBeGreaterThan(0);
      expect(new Set(figure.values.map((v) => v.value)).size, `${figure.id}: a value recorded twice`).toBe(
        figure.values.length,
      );
      for (const v of figure.values) {
        for (const field of [v.unit, v.year, v.scope, v.source])
          expect(field.trim(), `${figure.id} ${v.value}`).not.toBe('');
      }
    }
    expect(new Set(FIGURES.map((f) => f.id)).size).toBe(FIGURES.length);
  });

  it('accepts figures stated as recorded', () => {
    const body = [
      'ICAC put cotton at 17.5% of world insecticide sales in 2012.<Cite to="icac" />',
      'For 2017 the fact sheet gives 12.34% of insecticide sales and 6.35% of all plant-protection sales.<Cite to="ota" />',
      'It grew on about 2.78% of global arable land.<Cite to="ota" />',
      'WWF said it takes 2,700 liters to produce a single cotton T-shirt.<Cite to="wwf" />',
      'About 10,000 liters per kilogram of fiber, or about 2,500 liters per T-shirt.<Cite to="wp" />',
      'Textiles made up about 35% of primary microplastics released to the oceans.<Cite to="iucn" />',
      'Wool holds about 14% of its dry weight at 65% relative humidity.<Cite to="b" />',
      'The report puts blends at 29% of the low-value textiles scanned.<Cite to="ffg" />',
      'The sorters taking part sent only about 2% of what they sorted to fiber-to-fiber recycling.<Cite to="ffg" />',
      'The sorters taking part sent textiles to wipes and downcycling far more often than to fiber-to-fiber recycling: about 10% of everything they sorted went to wipes and 14% to downcycling, against 2% to fiber-to-fiber recycling.<Cite to="ffg" />',
    ].join('\n\n');
    expect(problems(body)).toEqual([]);
  });

  it('flags an unrecorded value, a value outside its scope and a forbidden scope, in body, table, lead and FAQ', () => {
    expect(problems('Cotton uses 24% of the world insecticides.')).toEqual([
      'cotton-insecticide-share: states 24, which is not recorded',
    ]);
    expect(problems('| Claim | Fair |\n| --- | --- |\n| x | About 14-18.5% of insecticide sales |')).toEqual([
      'cotton-insecticide-share: states 18.5, which is not recorded',
    ]);
    expect(problems('Cotton grows on 2.4% of the world agricultural area.')).toEqual([
      "cotton-land-share: cotton's land shares are shares of arable (crop) land",
    ]);
    expect(problems('Clothing is 35% of ocean microplastics.')).toEqual([
      'microplastics-ocean-share: states 35 outside its recorded scope: of primary microplastics (IUCN), or the top of the EEA global range 16-35%, or the claim being examined',
    ]);
    expect(problems('', { lead: 'Wool holds 15-18% of its dry weight in ordinary indoor air.' })).toEqual([
      'wool-moisture-regain: states 15, which is not recorded',
      'wool-moisture-regain: the reference values are measured at 65% relative humidity and 20 °C, a laboratory standard, not room air',
    ]);
    expect(problems('', { faq: [{ q: 'q', a: 'Bio-leathers cost 20 to 40% more than leather.' }] })).toEqual([
      'bio-leather-premium: states 20 outside its recorded scope: only as the unsupported "20-40%" claim: we found no reliable figure for the premium',
      'bio-leather-premium: states 40 outside its recorded scope: only as the top of the unsupported "20-40%" claim',
    ]);
    expect(problems('We found no reliable figure for the often-quoted 20 to 40% premium of bio-leathers.')).toEqual([]);
    expect(problems('A shirt takes 2,600 liters of water.')).toEqual([
      'cotton-tshirt-water: states 2600, which is not recorded',
    ]);
    expect(problems('Hemp uses 50% less water than cotton.')).toEqual([
      'hemp-water-saving: states 50 outside its recorded scope: only as the popular claim the pages examine',
    ]);
    expect(problems('The popular line that "hemp uses 50% less water" simplifies this.')).toEqual([]);
    expect(problems('In the sorting study, blends made up 32% of the textiles scanned.')).toEqual([
      "sorting-study-blend-share: states 32 outside its recorded scope: only as the launch coverage's figure (12% polyester-cotton), named as such",
    ]);
    expect(problems('Only about 2% of post-consumer textiles were then going to fiber-to-fiber recycling.')).toEqual([
      'sorting-study-fiber-to-fiber: states 2 outside its recorded scope: of the total volume the participating sorters sorted, not of all post-consumer textiles',
      "sorting-study-fiber-to-fiber: the report's 2% is a share of what the participating sorters sorted, not of all post-consumer textiles",
    ]);
  });
});

describe('the lead and FAQ check', () => {
  const body = 'ICAC put cotton at 17.5% of world insecticide sales.<Cite to="icac" />\n\nIt was 14% by 2009.';
  it('flags a statistic in the lead and an FAQ figure the cited body does not state', () => {
    const found = uncitedFrontMatter(
      {
        lead: 'Cotton uses 16% of the insecticides. Here is why.',
        faq: [{ a: 'It was 17.5% in 2012. By 2009 it had been 14%.' }],
      },
      body,
    );
    expect(found.map((f) => [f.where, f.figure])).toEqual([
      ['lead', '16%'],
      ['FAQ 1', '14'],
    ]);
  });

  it('accepts a numberless lead and FAQ figures the body cites', () => {
    expect(
      uncitedFrontMatter(
        { lead: 'Cotton has a famous insecticide figure.', faq: [{ a: 'It was 17.5% in 2012.' }] },
        body,
      ),
    ).toEqual([]);
  });
});

describe('every piece', () => {
  it.each(pieces.map((p) => [p.path, p] as const))(
    '%s states each recurring figure as the register records it',
    (path, p) => {
      const bodyFirstLine = countFrontMatterLines(p.path) + 1;
      const found = unrecordedFigures({ body: p.body, lead: p.front.lead, faq: p.front.faq }, bodyFirstLine).map(
        (m) => `${m.where}: [${m.figure}] ${m.problem}: "${m.sentence}"`,
      );
      expect(
        found,
        `${path}: state these as src/data/figures.ts records them, or record the new value there first`,
      ).toEqual([]);
    },
  );

  it.each(pieces.map((p) => [p.path, p] as const))(
    '%s states no figure in its lead and cites every FAQ figure in the body',
    (path, p) => {
      const found = uncitedFrontMatter(p.front, p.body).map((f) => `${f.where}: "${f.sentence}" (${f.figure})`);
      expect(
        found,
        `${path}: name the claim in the lead without a number; state FAQ figures in a cited body sentence`,
      ).toEqual([]);
    },
  );
});

/** Lines taken by the front-matter block, so a body line number can be reported as a file line. */
function countFrontMatterLines(path: string): number {
  const raw = readFileSync(path, 'utf8');
  const end = raw.indexOf('\n---\n', 4);
  return raw.slice(0, end + 5).split('\n').length - 1;
}
