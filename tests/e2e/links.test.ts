// Crawls every page the site links to, starting from the sitemap, and fails on any internal link,
// asset or #anchor that does not resolve. Internal links must point at canonical URLs (no redirect),
// except the documented /education redirect.
import { describe, expect, it } from 'vitest';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const ALLOWED_REDIRECTS = new Map([['/education', '/#education']]);

interface Page {
  status: number;
  ids: Set<string>;
  links: { href: string; kind: 'link' | 'asset' }[];
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

function parse(html: string): Omit<Page, 'status'> {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1]!)));
  const links: Page['links'] = [];
  for (const m of html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) links.push({ href: decode(m[1]!), kind: 'link' });
  for (const m of html.matchAll(/<(?:img|script|link|source)\s[^>]*?(?:src|href)="([^"]+)"/g))
    links.push({ href: decode(m[1]!), kind: 'asset' });
  return { ids, links };
}

describe('internal links', () => {
  it('every internal link, asset and anchor of every page resolves', async () => {
    const xml = await (await fetch(base + '/sitemap.xml')).text();
    const start = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const queue = [...start, '/admin', '/sitemap', '/missing-page-for-crawl'];
    const pages = new Map<string, Page>();
    const broken: string[] = [];

    while (queue.length) {
      const path = queue.shift()!;
      if (pages.has(path)) continue;
      const res = await fetch(base + path, { redirect: 'manual' });
      const type = res.headers.get('content-type') ?? '';
      const page: Page = { status: res.status, ids: new Set(), links: [] };
      if (type.startsWith('text/html')) Object.assign(page, parse(await res.text()));
      else await res.arrayBuffer();
      pages.set(path, page);
      for (const { href } of page.links) {
        const url = new URL(href, base + path);
        if (url.origin !== base) continue;
        if (!pages.has(url.pathname) && !url.pathname.startsWith('/api/')) queue.push(url.pathname);
      }
    }

    for (const [path, page] of pages) {
      for (const { href, kind } of page.links) {
        const url = new URL(href, base + path);
        if (url.origin !== base || url.pathname.startsWith('/api/')) continue;
        let target = pages.get(url.pathname)!;
        let targetPath = url.pathname;
        if (target.status === 301 && ALLOWED_REDIRECTS.has(url.pathname)) {
          const to = new URL(ALLOWED_REDIRECTS.get(url.pathname)!, base);
          targetPath = to.pathname;
          target = pages.get(targetPath) ?? { status: 0, ids: new Set(), links: [] };
          if (to.hash && !target.ids.has(to.hash.slice(1)))
            broken.push(`${path}: ${href} → missing #${to.hash.slice(1)}`);
        }
        const expectedStatus = path === '/missing-page-for-crawl' && url.pathname === path ? 404 : 200;
        if (target.status !== expectedStatus) broken.push(`${path}: ${kind} ${href} → ${target.status}`);
        if (url.hash.length > 1 && kind === 'link' && !target.ids.has(decodeURIComponent(url.hash.slice(1))))
          broken.push(`${path}: ${href} → no element #${url.hash.slice(1)} on ${targetPath}`);
      }
    }
    expect(pages.size).toBeGreaterThan(40);
    expect(broken).toEqual([]);
  });
});
