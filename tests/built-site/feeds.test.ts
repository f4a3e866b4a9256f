// The built feeds as feed and sitemap checkers read them (after `npm run build`): the RSS feed names
// its own address (atom:link rel="self", which the W3C Feed Validator asks for), and a sitemap page
// that lists entries (/, /articles) changed when the newest entry it shows did.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => {
  expect(existsSync(file), 'build the site first (npm run build)').toBe(true);
  return readFileSync(file, 'utf8');
};

describe('RSS', () => {
  it('declares the Atom namespace and links to itself once, at its own URL', () => {
    const rss = read('dist/rss.xml');
    expect(rss).toMatch(/<rss [^>]*xmlns:atom="http:\/\/www\.w3\.org\/2005\/Atom"/);
    const channel = rss.slice(rss.indexOf('<channel>'), rss.indexOf('<item>'));
    const site = channel.match(/<link>([^<]+)<\/link>/)![1]!;
    const self = [...channel.matchAll(/<atom:link ([^>]*)\/>/g)].map((m) => m[1]!);
    expect(self).toHaveLength(1);
    expect(self[0]).toContain('rel="self"');
    expect(self[0]).toContain('type="application/rss+xml"');
    expect(self[0]).toContain(`href="${new URL('/rss.xml', site).href}"`);
  });
});

describe('sitemap lastmod', () => {
  const xml = read('dist/sitemap.xml');
  const lastmod = new Map(
    [...xml.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)].map((m) => [
      new URL(m[1]!).pathname,
      m[2]!,
    ]),
  );
  const newest = (paths: string[]) =>
    paths
      .map((p) => lastmod.get(p)!)
      .sort()
      .at(-1)!;

  it('is a W3C date on every URL', () => {
    expect(lastmod.size).toBeGreaterThan(30);
    for (const [path, day] of lastmod) expect(day, path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('of /articles is the newest article’s', () => {
    const articles = [...lastmod.keys()].filter((p) => p.startsWith('/articles/'));
    expect(articles).toHaveLength(28);
    expect(lastmod.get('/articles')).toBe(newest(articles));
  });

  it('of / is the newest of the articles and stories the home page shows', () => {
    const home = read('dist/index.html');
    const main = home.slice(home.indexOf('<main'), home.indexOf('</main>'));
    // Its article and story cards (each an <article> linking to its entry).
    const shown = [...main.matchAll(/<article[^>]*>[\s\S]*?<\/article>/g)].map(
      (card) => card[0].match(/href="(\/(?:articles|stories)\/[a-z0-9-]+)"/)![1]!,
    );
    expect(shown.length).toBe(7);
    for (const path of shown) expect(lastmod.has(path), path).toBe(true);
    expect(lastmod.get('/')).toBe(newest(shown));
  });

  it.each(['/privacy', '/terms'])('of %s is the day the page says it was last updated', (path) => {
    const page = read(`dist${path}.html`);
    const updated = /class="updated"[^>]*>[\s\S]*?<time datetime="([^"]+)"/.exec(page);
    expect(updated?.[1], `${path} shows its date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lastmod.get(path)).toBe(updated![1]);
  });
});
