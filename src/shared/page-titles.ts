/**
 * Page titles for the server: the build writes every page's path and title (from the catalogue
 * and the site's static pages, where titles live) to this file of dist/, and the functions read it
 * (the server cannot load the content collections at run time).
 */
export const PAGE_TITLES_FILE = 'page-titles.json';

/** Canonical path → title, e.g. "/articles/hemp-vs-cotton" → "Hemp vs Cotton: …". */
export type PageTitles = Record<string, string>;
