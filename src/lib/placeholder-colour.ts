import sharp from 'sharp';
import type { ImageMetadata } from 'astro';

const cache = new Map<string, Promise<string | undefined>>();

/** Where the original file of an imported image is on disk, while Astro renders at build or dev time. */
function originalPath(src: ImageMetadata): string | undefined {
  // Astro's imported images carry their source path as `fsPath` (not part of the public type);
  // in dev their URL is `/@fs/<absolute path>?…`.
  const fsPath = (src as ImageMetadata & { fsPath?: unknown }).fsPath;
  if (typeof fsPath === 'string') return fsPath.replace(/\?.*$/, '');
  if (src.src.startsWith('/@fs/')) return decodeURIComponent(src.src.slice('/@fs'.length).replace(/\?.*$/, ''));
  return undefined;
}

/**
 * A photo's dominant colour as `#rrggbb`, computed once per file at build time: the background of the
 * `<img>` while the photo loads, so the page never flashes an empty box. Undefined when the file
 * cannot be read (the stylesheet's neutral background then shows instead).
 */
export function placeholderColour(src: ImageMetadata): Promise<string | undefined> {
  const path = originalPath(src);
  if (!path) return Promise.resolve(undefined);
  let colour = cache.get(path);
  if (!colour) {
    colour = sharp(path)
      .resize(64, 64, { fit: 'inside' })
      .stats()
      .then(({ dominant: { r, g, b } }) => '#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join(''))
      .catch(() => undefined);
    cache.set(path, colour);
  }
  return colour;
}
