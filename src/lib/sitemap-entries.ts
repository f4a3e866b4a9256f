import { STATIC_PAGES } from '../site';
import { getArticles, getStories } from './catalogue';
import { isoDay } from './format-date';
import type { SitemapEntry } from './sitemap';

/** The one list of pages for /sitemap.xml and the human /sitemap page. */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const [articles, stories] = await Promise.all([getArticles(), getStories()]);
  return [
    ...STATIC_PAGES.map((p) => ({ ...p })),
    // Only published pages: a preview build's drafts are noindex and stay out.
    ...[...articles.filter((a) => a.state === 'published'), ...stories].map((item) => ({
      path: item.path,
      priority: 0.7,
      changefreq: 'monthly' as const,
      lastmod: isoDay(item.data.updatedDate ?? item.data.publishedDate),
    })),
  ];
}
