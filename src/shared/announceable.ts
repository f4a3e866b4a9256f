/**
 * What an announcement e-mail is made from: the build writes every article and story's public data
 * to this file of dist/ (src/pages/announceable.json.ts), and the server reads it (it cannot load
 * the content collections at run time). docs/announcements.md.
 */
export const ANNOUNCEABLE_FILE = 'announceable.json';

export interface Announceable {
  kind: 'article' | 'story';
  /** Canonical path, e.g. "/articles/hemp-vs-cotton". */
  path: string;
  title: string;
  /** The excerpt (the lead when an entry has no excerpt): the e-mail's first paragraph. */
  summary: string;
  /** The 1200×630 raster social card (PNG or JPEG) of the hero, an absolute URL on the site's origin. */
  imageUrl: string;
  /** The hero's alt text. */
  imageAlt: string;
  /** YYYY-MM-DD. */
  publishedDate: string;
}
