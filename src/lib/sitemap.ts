import { canonicalUrl } from './canonical-url';

export interface SitemapEntry {
  /** Site path, e.g. /articles/hemp-vs-cotton */
  path: string;
  priority: number;
  changefreq: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  /** YYYY-MM-DD */
  lastmod: string;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap XML (sitemaps.org 0.9) of the entries, every URL on the site origin. */
export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries
    .map(
      (e) =>
        `  <url>\n    <loc>${escapeXml(canonicalUrl(e.path, origin))}</loc>\n    <lastmod>${e.lastmod}</lastmod>\n` +
        `    <changefreq>${e.changefreq}</changefreq>\n    <priority>${e.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
