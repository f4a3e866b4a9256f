// The 404 page's "did you mean" (src/lib/closest-path.ts): a near miss finds its page, an address
// like no page finds nothing.
import { describe, expect, it } from 'vitest';
import { closestPath, editDistance } from '../../src/lib/closest-path.ts';

const KNOWN = [
  '/',
  '/articles',
  '/contact',
  '/articles/hemp-vs-cotton',
  '/articles/linen-care',
  '/stories/plant-power',
];

describe('closestPath', () => {
  it('counts edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('finds the page a typo, a wrong prefix, a case or a trailing slash meant', () => {
    expect(closestPath('/articles/hemp-vs-coton', KNOWN)).toBe('/articles/hemp-vs-cotton');
    expect(closestPath('/article/linen-care', KNOWN)).toBe('/articles/linen-care');
    expect(closestPath('/Stories/Plant-Power/', KNOWN)).toBe('/stories/plant-power');
    expect(closestPath('/contact.html', KNOWN)).toBe('/contact');
  });
  it('suggests nothing for an address like no page, nor the home page', () => {
    expect(closestPath('/zzzz/qqqq-xxxx-wwww', KNOWN)).toBeUndefined();
    expect(closestPath('/x', KNOWN)).toBeUndefined();
    expect(closestPath('/%E0%A4%A', KNOWN)).toBeUndefined();
  });
});
