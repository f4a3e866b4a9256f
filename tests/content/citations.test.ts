// Every figure cited where it stands (docs/citations.md). Three checks:
// - every body sentence of every article and story that states a statistic carries a <Cite />
//   (src/lib/statistics.ts), tried first on planted sentences so the detector is known to work;
// - a real build of a small copy of the site numbers and links the markers both ways;
// - the same build fails, naming the file and the sentence, on a dangling citation and on a
//   reference cited nowhere.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFigure, tableCitations, uncitedStatistics } from '../../src/lib/statistics';
import { loadAll } from './content-files';
import { articleSource, buildFixture, makeFixtureSite, readText, removeFixture } from '../support/fixture-site';

const pieces = [
  ...loadAll<unknown>('src/content/articles', { drafts: false }).map((p) => ({
    ...p,
    path: `src/content/articles/${p.file}`,
  })),
  ...loadAll<unknown>('src/content/stories').map((p) => ({ ...p, path: `src/content/stories/${p.file}` })),
];

describe('the statistics detector', () => {
  it.each([
    ['Hemp used 310 to 407 mm of water per season.', '407 mm'],
    ['Cotton took 17.5% of insecticide sales.', '17.5%'],
    ['It is about six times more water-efficient.', 'six times'],
    ['Prices rose to $55/kg for raw silk.', '$55'],
    ['The dzud killed 7.44 million livestock.', '7.44 million'],
    ['A shirt at 5.5 kg CO2e against 2.1 kg.', '5.5 kg'],
    ['Some 43,000 farmers took part.', '43,000'],
    ['Goats made up 41 percent of the herd.', '41 percent'],
    ['A 3× gap in yield.', '3×'],
    ['It needs 3-6 ML of irrigation per hectare.', '6 ML'],
  ])('finds the figure in %j', (sentence, figure) => {
    expect(findFigure(sentence)).toBe(figure);
  });

  it.each([
    'In 2019 the alliance published its first report.',
    'On 7 November 2024 the ASA published guidance.',
    'The dry seasons of 2018 to 2022 were studied.',
    'There are three steps, and 19 farms took part.',
    'See [our guide](/articles/hemp-blends-2025) for more.',
    'It was contested in the 1990s by two teams.',
    'A "cashmere feel" knit is not 100% cashmere.',
  ])('finds no figure in %j', (sentence) => {
    expect(findFigure(sentence)).toBeUndefined();
  });

  it('flags an uncited figure and accepts a cited one, in prose, lists and tables', () => {
    const body = [
      'Hemp needs less water. It used 310 to 407 mm per season.',
      '',
      'Cotton took 17.5% of insecticide sales.<Cite to="icac-2013" /> That was in 2012.',
      '',
      '- **Dyeing:** 36%',
      '- **Spinning:** 28%<Cite to="quantis-2018" />',
      '',
      'A table with no cited lead-in:',
      '',
      '| Fiber | kg CO2e |',
      '| --- | --- |',
      '| Polyester | 4,100 |',
      '',
      'The figures below come from one review.<Cite to="felgueiras-2021" />',
      '',
      '| Fiber | kg CO2e |',
      '| --- | --- |',
      '| Cotton | 2,000 |',
      '',
      '## A heading with 50% in it',
      '',
      '| Fiber | kg CO2e |',
      '| --- | --- |',
      '| Tencel | 5,000 |',
    ].join('\n');
    expect(uncitedStatistics(body).map((u) => [u.line, u.figure])).toEqual([
      [1, '407 mm'],
      [5, '36%'],
      [12, '4,100'],
      [24, '5,000'],
    ]);
  });

  it('finds a citation inside a table cell, which the visual editor cannot open', () => {
    expect(tableCitations('Intro.<Cite to="a" />\n\n| A | B |\n| --- | --- |\n| x | 1%<Cite to="a" /> |')).toEqual([5]);
  });
});

describe('every piece', () => {
  it.each(pieces.map((p) => [p.path, p] as const))('%s cites every sentence that states a statistic', (path, p) => {
    const uncited = uncitedStatistics(p.body).map((u) => `line ${u.line}: "${u.sentence}" (${u.figure})`);
    expect(uncited, `${path}: add <Cite to="…" /> after each of these sentences`).toEqual([]);
  });

  it.each(pieces.map((p) => [p.path, p] as const))('%s keeps citations out of table cells', (path, p) => {
    expect(tableCitations(p.body), `${path}: cite a table in the sentence just before it`).toEqual([]);
  });
});

describe('citations in a real build', () => {
  const made: string[] = [];
  afterAll(() => made.forEach(removeFixture));

  const references = ['alpha-2020', 'beta-2021', 'gamma-2022']
    .map(
      (id, i) =>
        `\n  - id: ${id}\n    title: "Reference ${i + 1}"\n    publisher: "Publisher"\n    year: 2020\n    url: https://example.org/${id}`,
    )
    .join('');
  const withBody = (slug: string, related: string[], body: string) =>
    articleSource(slug, related, { references }).replace(/\n---\n\n[\s\S]*$/, `\n---\n\n${body}`);
  const goodBody = [
    '## A section',
    '',
    'Hemp used 310 to 407 mm of water per season.<Cite to="gamma-2022" /> Cotton needs more.<Cite to="alpha-2020 beta-2021" />',
    '',
    '- a list item, again from one source.<Cite to="gamma-2022" />',
    '',
  ].join('\n');

  it('links each marker to its reference and each reference back, and fails on a dangling or unused one', () => {
    const good = { good: withBody('good', ['other-a', 'other-b'], goodBody) };
    const others = {
      'other-a': withBody('other-a', ['good', 'other-b'], goodBody),
      'other-b': withBody('other-b', ['good', 'other-a'], goodBody),
    };
    const site = makeFixtureSite({ ...good, ...others });
    made.push(site);
    const build = buildFixture(site);
    expect(build.status, build.output).toBe(0);
    const html = readText(join(site, 'dist', 'articles', 'good.html'));
    expect(html).toContain(
      'per season.\u2060<sup class="cite"><a href="#ref-gamma-2022" id="cite-gamma-2022-1" aria-label="Reference 3">[3]</a></sup>',
    );
    expect(html).toContain('<a href="#ref-alpha-2020" id="cite-alpha-2020-1" aria-label="Reference 1">[1]</a>');
    expect(html).toMatch(
      /<li id="ref-gamma-2022"[^>]*>[\s\S]*?href="#cite-gamma-2022-1"[^>]*aria-label="Back to citation 1 of reference 3"[\s\S]*?href="#cite-gamma-2022-2"/,
    );
    expect(html).toMatch(
      /<li id="ref-alpha-2020"[^>]*>[\s\S]*?<a href="#cite-alpha-2020-1" aria-label="Back to where reference 1 is cited"/,
    );

    // The same site with one file broken both ways: a citation to no reference, and a reference
    // (beta-2021) that nothing cites any more.
    const broken = goodBody.replace('<Cite to="alpha-2020 beta-2021" />', '<Cite to="alpha-2020 delta-1999" />');
    const bad = makeFixtureSite({ good: withBody('good', ['other-a', 'other-b'], broken), ...others });
    made.push(bad);
    const failed = buildFixture(bad);
    expect(failed.status).not.toBe(0);
    expect(failed.output).toContain('src/content/articles/good.mdx');
    expect(failed.output).toContain(
      '<Cite to="alpha-2020 delta-1999" /> in the sentence "Cotton needs more." points at no reference "delta-1999"',
    );
    expect(failed.output).toContain('reference 2 ("Reference 2", id beta-2021) is cited nowhere');
  }, 600_000);
});
