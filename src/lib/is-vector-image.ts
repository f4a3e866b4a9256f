import type { ImageMetadata } from 'astro';

/** Whether an imported image is our SVG artwork (shown as is) rather than a photo (resized and re-encoded). */
export function isVectorImage(src: ImageMetadata): boolean {
  return src.format === 'svg';
}
