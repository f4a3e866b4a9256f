// Where the search form goes when no script runs: the /articles page's notice that search needs
// JavaScript, shown by CSS :target (src/pages/articles/index.astro, docs/decisions.md).
export const SEARCH_NEEDS_JS = 'search-needs-js';
export const SEARCH_NO_JS_ACTION = `/articles#${SEARCH_NEEDS_JS}`;
