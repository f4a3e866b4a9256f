// Photos placed in an article's body with <Figure src="..." alt="..." />: checked when the catalogue
// loads, so a missing file or missing alt text fails the build with the article's file named, not a
// broken image. Paths are relative to the MDX file, like the hero's.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { FIGURE_ALT_MIN, FIGURE_EXTENSIONS } from '../shared/figure-rules';

const FIGURE_FILE = new RegExp(`\\.(${FIGURE_EXTENSIONS.join('|')})$`, 'i');

/** The attributes of every <Figure ... /> in an MDX body, in order; `null` for a non-text value. */
export function bodyFigures(body: string): Record<string, string | null>[] {
  return [...body.matchAll(/<Figure\b([^>]*?)\/?>/g)].map(([, attrs = '']) => {
    const found: Record<string, string | null> = {};
    for (const [, name, quoted, braced] of attrs.matchAll(/([A-Za-z]+)\s*=\s*(?:"([^"]*)"|\{([^}]*)\})/g))
      found[name!] = quoted ?? /^\s*(["'`])(.*)\1\s*$/.exec(braced ?? '')?.[2] ?? null;
    return found;
  });
}

/** What is wrong with the body's photos, one message per problem (empty when all is well). */
export function bodyFigureProblems(file: string, body: string): string[] {
  return bodyFigures(body).flatMap((figure, i) => {
    const which = `photo ${i + 1} in the body (<Figure src="${figure.src ?? ''}" />)`;
    const src = figure.src;
    if (!src) return [`${which} has no src: upload the photo again or write its path`];
    if (!FIGURE_FILE.test(src)) return [`${which} must be a JPEG, PNG, WebP or AVIF file`];
    if (!existsSync(resolve(dirname(file), src)))
      return [`there is no image file at ${src} (${which}): upload the photo again or fix the path`];
    const alt = figure.alt?.trim() ?? '';
    if (alt.length < FIGURE_ALT_MIN)
      return [
        `${which} needs alt text of at least ${FIGURE_ALT_MIN} characters saying what the photo shows, for readers who cannot see it`,
      ];
    return [];
  });
}
