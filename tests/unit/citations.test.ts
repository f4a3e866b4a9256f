// The citation resolver (src/lib/citations.ts) on rendered HTML: numbering by the reference's
// place, links both ways, and the build errors that name the file and the sentence.
import { describe, expect, it } from 'vitest';
import { resolveCitations } from '../../src/lib/citations';

const refs = [
  { id: 'sei-2005', title: 'Ecological Footprint' },
  { id: 'thevs-2020', title: 'Water consumption' },
];
const cite = (to: string) => `<sup data-cite="${to}"></sup>`;

describe('resolveCitations', () => {
  it('numbers each marker by its reference position and records where each reference is cited', () => {
    const html = `<p>Hemp needs less water.${cite('thevs-2020')} Much less.${cite('sei-2005 thevs-2020')}</p>`;
    const { html: out, citedAt } = resolveCitations(html, refs, 'a.mdx');
    expect(out).toBe(
      '<p>Hemp needs less water.\u2060<sup class="cite"><a href="#ref-thevs-2020" id="cite-thevs-2020-1" aria-label="Reference 2">[2]</a></sup>' +
        ' Much less.\u2060<sup class="cite"><a href="#ref-sei-2005" id="cite-sei-2005-1" aria-label="Reference 1">[1]</a>' +
        '<a href="#ref-thevs-2020" id="cite-thevs-2020-2" aria-label="Reference 2">[2]</a></sup></p>',
    );
    expect(citedAt).toEqual([['cite-sei-2005-1'], ['cite-thevs-2020-1', 'cite-thevs-2020-2']]);
  });

  it('fails naming the file, the sentence and the unknown id for a dangling citation', () => {
    const html = `<p>First one.${cite('sei-2005')} Hemp uses <em>38%</em> less water.${cite('thevs-2020 nobody-1999')}</p>`;
    expect(() => resolveCitations(html, refs, 'src/content/articles/x.mdx')).toThrow(
      /src\/content\/articles\/x\.mdx: .*<Cite to="thevs-2020 nobody-1999" \/> in the sentence "Hemp uses 38% less water\." points at no reference "nobody-1999": the ids here are sei-2005, thevs-2020/s,
    );
  });

  it('fails naming a reference that is cited nowhere, and one without an id', () => {
    const html = `<p>Cited.${cite('sei-2005')}</p>`;
    expect(() => resolveCitations(html, refs, 'x.mdx')).toThrow(
      /reference 2 \("Water consumption", id thevs-2020\) is cited nowhere/,
    );
    expect(() => resolveCitations(html, [refs[0]!, { title: 'No id' }], 'x.mdx')).toThrow(
      /reference 2 \("No id"\) has no id/,
    );
  });
});
