import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

/**
 * A PNG rendering of a local image as an absolute URL (1200×630 social cards by default): SVG artwork
 * is rasterised, a photo is resized and cropped from its centre to fill the card.
 */
export async function socialImageUrl(src: ImageMetadata, origin: string, width = 1200, height = 630): Promise<string> {
  const img = await getImage({ src, width, height, fit: 'cover', position: 'center', format: 'png' });
  return new URL(img.src, origin + '/').href;
}
