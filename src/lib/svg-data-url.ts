/**
 * An SVG document as a `data:` URL, percent-encoding only what a URL or an HTML attribute cannot
 * hold, spaces included (a URL may not carry a raw one: the Nu HTML Checker rejects it); the short
 * form, not base64, so it stays readable and compresses with the page.
 */
export function svgDataUrl(svg: string): string {
  const encoded = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'")
    .replace(/[ %#<>&{}|\\^`[\]]/g, (c) => encodeURIComponent(c));
  return `data:image/svg+xml,${encoded}`;
}
