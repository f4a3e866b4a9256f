import type { ImageMetadata } from 'astro';

/** Where the original file of an imported image is on disk, while Astro renders at build or dev time. */
export function originalPath(src: ImageMetadata): string | undefined {
  // Astro's imported images carry their source path as `fsPath` (not part of the public type);
  // in dev their URL is `/@fs/<absolute path>?…`.
  const fsPath = (src as ImageMetadata & { fsPath?: unknown }).fsPath;
  if (typeof fsPath === 'string') return fsPath.replace(/\?.*$/, '');
  if (src.src.startsWith('/@fs/')) return decodeURIComponent(src.src.slice('/@fs'.length).replace(/\?.*$/, ''));
  return undefined;
}
