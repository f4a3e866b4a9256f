/** The canonical URL of a path: origin + path, with trailing slashes removed except on the root. */
export function canonicalUrl(path: string, origin: string): string {
  const clean = path.split(/[?#]/)[0] ?? '/';
  const trimmed = clean === '/' ? '/' : clean.replace(/\/+$/, '') || '/';
  return origin.replace(/\/+$/, '') + (trimmed.startsWith('/') ? trimmed : `/${trimmed}`);
}
