import { pagePath } from './page-path.ts';

// `source_page`: the path of the page a form was sent from. The functions redirect a
// plain form post back to it, so it must be a path on this site and nothing else.
export const SOURCE_PAGE_MAX = 200;

/**
 * One leading slash (never `//host` or `/\host`, which browsers read as another site), then URL
 * path characters only: no query, fragment, spaces, quotes or angle brackets.
 */
const SAME_SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

export function isSameSitePath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= SOURCE_PAGE_MAX && SAME_SITE_PATH.test(value);
}

/** The `source_page` of the forms on the page at `pathname`: its canonical path, if that is one. */
export function sourcePageFor(pathname: string): string {
  const path = pagePath(pathname);
  return isSameSitePath(path) ? path : '/';
}
