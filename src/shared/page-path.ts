/**
 * A page's canonical path (docs/decisions.md, "URLs": no trailing slash, root excepted) from any form of
 * its URL path: the build's file names (`/a.html`, `/index.html`, `/a/index.html`, also in Pagefind's
 * results), a trailing slash, a query or fragment, or a missing leading slash. Canonical URLs, form
 * source pages, the per-page CSP headers and the search results all name pages with it.
 */
export function pagePath(path: string): string {
  const trimmed = (path.split(/[?#]/)[0] ?? '')
    .replace(/(^|\/)index(\.html)?$/, '/')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
