import type { ImageMetadata } from 'astro';

// Every artwork file, as the image Astro made of it and as its text: an entry's hero is known only
// by its image (content-collection images carry no file path at build time), so it is matched by URL.
const images = import.meta.glob<ImageMetadata>('../assets/art/**/*.svg', { import: 'default', eager: true });
const sources = import.meta.glob<string>('../assets/art/**/*.svg', { query: '?raw', import: 'default', eager: true });

function svgSource(src: ImageMetadata): string | undefined {
  const path = Object.keys(images).find((key) => images[key]!.src === src.src);
  return path === undefined ? undefined : sources[path];
}

/**
 * Our own SVG artwork as markup to put in the page, for a page's lead image: it paints with the
 * HTML instead of after a second request, so the largest paint is the text that arrives with it.
 * The caller's attributes (class, Astro's scope attribute) are kept; it is labelled as an image (`role="img"`, `aria-label`), its ids are prefixed so they
 * cannot meet another element's, and `slice` gives it `object-fit: cover` behaviour. Only ever
 * used on files from src/assets/art (ours, never third-party).
 */
export function inlineSvg(
  src: ImageMetadata,
  label: string,
  attributes: Record<string, string>,
  idPrefix: string,
): string {
  const source = svgSource(src);
  if (source === undefined) throw new Error(`inlineSvg: ${src.src} is not artwork from src/assets/art`);
  // The root element starts the markup once an XML declaration and any comments or doctype before it
  // are dropped (an editor's export often begins with a comment).
  const svg = source.replace(/^(?:\s*(?:<\?xml[^>]*>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*\s*/i, '').trim();
  if (!svg.startsWith('<svg')) throw new Error(`inlineSvg: ${src.src} does not start with an <svg> element`);
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attrs = Object.entries({ ...attributes, role: 'img', 'aria-label': label })
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${idPrefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}-$1)`)
    .replace(/\bhref="#([^"]+)"/g, `href="#${idPrefix}-$1"`)
    .replace(/^<svg\b/, `<svg${attrs} preserveAspectRatio="xMidYMid slice" focusable="false"`);
}
