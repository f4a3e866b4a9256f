import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

/** A PNG rendering of local artwork as an absolute URL (1200×630 social cards by default). */
export async function socialImageUrl(src: ImageMetadata, origin: string, width = 1200, height = 630): Promise<string> {
  const img = await getImage({ src, width, height, format: 'png' });
  return new URL(img.src, origin + '/').href;
}
