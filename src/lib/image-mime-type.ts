/** The media type of an image URL by its extension (social cards: `og:image:type`). */
export function imageMimeType(url: string): string {
  const ext = new URL(url, 'http://x').pathname.split('.').pop()?.toLowerCase();
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  if (ext === 'png' || ext === 'webp' || ext === 'avif' || ext === 'gif') return `image/${ext}`;
  throw new Error(`${url}: not a raster image a social card can be`);
}
