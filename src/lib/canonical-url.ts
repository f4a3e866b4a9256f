/**
 * The canonical URL of a path: origin + path, with trailing slashes removed except on the root.
 * Build-output forms (`/index.html`, `/a.html`) map to the clean URL the page is served at.
 */
export function canonicalUrl(path: string, origin: string): string {
  const clean = (path.split(/[?#]/)[0] ?? '').replace(/(^|\/)index\.html$/, '/').replace(/\.html$/, '');
  const trimmed = clean === '/' ? '/' : clean.replace(/\/+$/, '') || '/';
  return origin.replace(/\/+$/, '') + (trimmed.startsWith('/') ? trimmed : `/${trimmed}`);
}
