import type { ImageMetadata } from 'astro';

/**
 * The format of a photo's `<img>` fallback inside `<picture>`, for browsers without AVIF or WebP:
 * PNG stays PNG and SVG artwork becomes PNG (either may have transparency); other photos become JPEG.
 */
export function pictureFallbackFormat(src: ImageMetadata): 'png' | 'jpg' {
  return src.format === 'png' || src.format === 'svg' ? 'png' : 'jpg';
}
