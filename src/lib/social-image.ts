import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { pictureFallbackFormat } from './picture-fallback-format';

/** The social card's size: what socialImageUrl renders and what the head's og:image tags declare. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/**
 * A local image rendered as a social card (SOCIAL_CARD's size by default), as an absolute URL: SVG artwork
 * is rasterised to PNG (flat colour and sharp edges, which JPEG smears); a photo is resized and
 * cropped from its centre to fill the card and encoded as JPEG (about a seventh of the PNG's bytes,
 * and every platform takes it), a PNG photo staying PNG (it may have transparency), as the
 * `<picture>` fallback does. Crawlers and chat apps fetch the card on every share.
 */
export async function socialImageUrl(
  src: ImageMetadata,
  origin: string,
  width: number = SOCIAL_CARD.width,
  height: number = SOCIAL_CARD.height,
): Promise<string> {
  const format = pictureFallbackFormat(src);
  const img = await getImage({
    src,
    width,
    height,
    fit: 'cover',
    position: 'center',
    format,
    ...(format === 'jpg' ? { quality: 80 } : {}),
  });
  return new URL(img.src, origin + '/').href;
}
