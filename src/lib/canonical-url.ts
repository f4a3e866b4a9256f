import { pagePath } from '../shared/page-path';

/** The canonical URL of a page: the site's origin (a trailing slash is ignored) and the page's path. */
export function canonicalUrl(path: string, origin: string): string {
  return origin.replace(/\/+$/, '') + pagePath(path);
}
