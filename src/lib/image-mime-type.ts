/**
 * The media type of an image URL (social cards: `og:image:type`): by its extension in a build, or
 * by the `f` (format) parameter of the dev server's `/_image?…` URLs.
 */
export function imageMimeType(url: string): string {
  const parsed = new URL(url, 'http://x');
  const ext = (parsed.searchParams.get('f') ?? parsed.pathname.split('.').pop())?.toLowerCase();
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  if (ext === 'png' || ext === 'webp' || ext === 'avif' || ext === 'gif') return `image/${ext}`;
  throw new Error(`${url}: not a raster image a social card can be`);
}
