import type { ImageMetadata } from 'astro';

/**
 * The format of a photo's `<img>` fallback inside `<picture>`, for browsers without AVIF or WebP:
 * PNG stays PNG (it may have transparency), every other photo becomes JPEG.
 */
export function pictureFallbackFormat(src: ImageMetadata): 'png' | 'jpg' {
  return src.format === 'png' ? 'png' : 'jpg';
}
