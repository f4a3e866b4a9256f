import sharp from 'sharp';
import type { ImageMetadata } from 'astro';
import { originalPath } from './original-path';

const cache = new Map<string, Promise<string | undefined>>();

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
