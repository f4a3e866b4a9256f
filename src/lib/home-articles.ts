import type { Article } from './catalogue';

/** How many articles the home page's "Latest articles" lists beside the featured one. */
const LATEST_BESIDE_FEATURED = 3;

/**
 * The articles the home page shows (articles newest first): the featured one and the latest beside
 * it. One place, so the page and its sitemap `lastmod` agree on what it shows.
 */
export function homeArticles(articles: readonly Article[]): { featured?: Article; latest: Article[] } {
  const [featured, ...rest] = articles;
  return { featured, latest: rest.slice(0, LATEST_BESIDE_FEATURED) };
}
