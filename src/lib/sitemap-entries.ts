import { STATIC_PAGES } from '../site';
import { getArticles, getStories, type Article, type Story } from './catalogue';
import { isoDay } from './format-date';
import { homeArticles } from './home-articles';
import type { SitemapEntry } from './sitemap';

/** The day an article or story last changed: its update, else its publication. */
const changedOn = (item: Article | Story) => isoDay(item.data.updatedDate ?? item.data.publishedDate);

/** The later of ISO days (they compare as strings). */
const latest = (days: string[]) => days.reduce((a, b) => (b > a ? b : a));

/** The one list of pages for /sitemap.xml and the human /sitemap page. */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const [articles, stories] = await Promise.all([getArticles(), getStories()]);
  const { featured, latest: latestArticles } = homeArticles(articles);
  // A page that lists entries changed when the newest entry it shows did (or when it was itself
  // last edited, STATIC_PAGES' date, if that is later).
  const shown: Partial<Record<string, (Article | Story)[]>> = {
    '/': [...(featured ? [featured] : []), ...latestArticles, ...stories],
    '/articles': articles,
  };
  return [
    ...STATIC_PAGES.map((p) => ({ ...p, lastmod: latest([p.lastmod, ...(shown[p.path] ?? []).map(changedOn)]) })),
    // Only published pages: a preview build's drafts are noindex and stay out.
    ...[...articles.filter((a) => a.state === 'published'), ...stories].map((item) => ({
      path: item.path,
      priority: 0.7,
      changefreq: 'monthly' as const,
      lastmod: changedOn(item),
    })),
  ];
}
