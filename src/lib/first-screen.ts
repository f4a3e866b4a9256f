/**
 * Ids of the empty markers that end a page's first screen, which the first paint waits for
 * (BaseHead's `rel=expect`): the end of the site header on every page, the end of the title block
 * on articles and stories, the end of the category filter on /articles, the end of the form and
 * addresses on /contact. Empty, so "inserted" (what Chromium waits for) and "fully parsed" (what
 * the HTML standard says) are the same moment.
 */
export const SITE_HEADER_END = 'site-header-end';
export const ARTICLE_HEAD_END = 'article-head-end';
export const ARTICLES_FILTER_END = 'articles-filter-end';
export const CONTACT_END = 'contact-end';
