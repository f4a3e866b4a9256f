// A bad article must fail `astro build` with a message naming the file and the field, never
// produce a broken page. Each case builds a small copy of the real site with real Astro.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { articleSource, buildFixture, makeFixtureSite, removeFixture } from '../support/fixture-site';

const made: string[] = [];
afterAll(() => made.forEach(removeFixture));

function build(bad: string) {
  const dir = makeFixtureSite({
    'good-one': articleSource('good-one', ['good-two', 'bad-one']),
    'good-two': articleSource('good-two', ['good-one', 'bad-one']),
    'bad-one': bad,
  });
  made.push(dir);
  return buildFixture(dir);
}

describe('content schema', () => {
  it('builds the fixture site when every article is valid', () => {
    const r = build(articleSource('bad-one', ['good-one', 'good-two']));
    expect(r.output).not.toMatch(/\[ERROR\]/);
    expect(r.status).toBe(0);
  }, 120_000);

  it('rejects an article with 4 FAQ entries', () => {
    const four = [1, 2, 3, 4]
      .map((i) => `\n  - q: "Question number ${i} here?"\n    a: "An answer that is long enough, number ${i}."`)
      .join('');
    const r = build(articleSource('bad-one', ['good-one', 'good-two'], { faq: four }));
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/bad-one/);
    expect(r.output).toMatch(/faq/);
    expect(r.output).toMatch(/exactly 3 FAQ/);
  }, 120_000);

  it('rejects a related slug that does not exist', () => {
    const r = build(articleSource('bad-one', ['good-one', 'no-such-article']));
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/bad-one\.mdx: related: unknown article 'no-such-article'/);
  }, 120_000);

  it('rejects a reference that is not https', () => {
    const refs = [1, 2, 3]
      .map(
        (i) =>
          `\n  - title: "Reference ${i}"\n    publisher: "Publisher"\n    year: 2020\n    url: http://example.org/ref-${i}`,
      )
      .join('');
    const r = build(articleSource('bad-one', ['good-one', 'good-two'], { references: refs }));
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/bad-one/);
    expect(r.output).toMatch(/references/);
    expect(r.output).toMatch(/https/);
  }, 120_000);

  it('rejects a hero image that does not exist, naming the file and the field in plain words', () => {
    const r = build(articleSource('bad-one', ['good-one', 'good-two'], { hero: '../../assets/art/bad-one/hero.jpg' }));
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/bad-one\.mdx/);
    expect(r.output).toMatch(/hero: there is no image file at \.\.\/\.\.\/assets\/art\/bad-one\/hero\.jpg/);
  }, 120_000);

  it('rejects a hero without alt text, saying what to write', () => {
    const r = build(articleSource('bad-one', ['good-one', 'good-two'], { heroAlt: '""' }));
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/bad-one\.mdx/);
    expect(r.output).toMatch(/heroAlt: the hero alt text \(what the image shows\) is too short/);
  }, 120_000);

  it('rejects a story whose sign-up placement needs <Midpoint /> when the body has none', () => {
    // A real story, pointed at the fixture's articles, asking for the mid-page form without the marker:
    // before, the form silently never appeared.
    const story = readFileSync('src/content/stories/plant-power.mdx', 'utf8')
      .replace(/^related: .*$/m, 'related: [good-one, good-two]\nsignups: both')
      .replace(/<Midpoint\s*\/>/g, '');
    const dir = makeFixtureSite(
      {
        'good-one': articleSource('good-one', ['good-two', 'good-three']),
        'good-two': articleSource('good-two', ['good-one', 'good-three']),
        'good-three': articleSource('good-three', ['good-one', 'good-two']),
      },
      { 'plant-power': story },
    );
    made.push(dir);
    const r = buildFixture(dir);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/plant-power\.mdx: body: place <Midpoint \/> exactly once \(signups: both/);
  }, 120_000);
});
