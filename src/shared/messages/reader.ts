/**
 * The reader's interface: every label, heading and screen-reader text of the site's pages that is
 * not an article's or page's own prose. Components and layouts read these; none writes a literal
 * (tests/unit/no-literal-strings.test.ts). Headings the spec gives are copied exactly; the rest is ours.
 */

/** Labels of the page frame and the reading aids. */
export const READER = {
  /** The first focusable link of every page. */
  skipToContent: 'Skip to content',
  /** The header's menu button (small screens) and its navigation's name. */
  menu: 'Menu',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  socialLinks: 'Social media',
  /** Said after a link that opens a new tab. */
  opensInNewTab: '(opens in a new tab)',
  /** Under a picture in the text: our pictures are photos and illustrations alike, so "Image". */
  imageCredit: (credits: string) => `Image: ${credits}`,
  /** A social link's name: "Rooted Threads on Instagram (opens in a new tab)". */
  onSocial: (site: string, network: string) => `${site} on ${network} (opens in a new tab)`,
  /** The header's link to the footer's sign-up, and the footer section's heading. */
  newsletter: 'Newsletter',
  newsletterIntro:
    'Our Newsletter list: one thoughtful e-mail a month with new articles, care tips and what we are learning.',
  announcement: 'Announcement',
  /** Heading of an article's table of contents. */
  contents: 'In this article',
  /** An article's way back: history when there is one, else the list. */
  back: 'Back',
  backToArticles: 'Back to Articles',
  backToHome: 'Back to Home',
  readArticle: 'Read Article',
  readStory: 'Read the story',
  relatedArticles: 'Related Articles',
  references: 'References',
  faq: 'Frequently Asked Questions',
  /** Before the date on /privacy and /terms. */
  lastUpdated: 'Last updated',
} as const;

/** The house ad between an article's sections (ours). */
export const HOUSE_AD = {
  label: 'From Rooted Threads',
  title: 'A marketplace for clothes that last',
  text: 'We are building a home for makers of 100% natural-fiber clothing. Tell us what you would like to find there.',
  link: 'Share your wish list',
} as const;

/** The search dialog (ours): its markup (SearchDialog.astro, Header.astro) and site-search.ts. */
export const SEARCH_TEXT = {
  open: 'Search',
  close: 'Close search',
  title: 'Search articles',
  field: 'Search articles and stories',
  /** Shorter than the label so it fits a 320 px phone; the search icon stands before it. */
  placeholder: 'Articles and stories',
  submit: 'Show results',
  idle: 'Type to search every article and story.',
  unavailable: 'Search is not available right now. Browse all articles instead.',
  /** The form's answer when no script runs (/articles#search-needs-js). */
  needsJavaScript:
    'Search runs in your browser and needs JavaScript, which is off here. Every article is listed below: pick a category to narrow the list, or use your browser’s Find in page.',
  /** The 404 page's suggestion, before the closest page's title. */
  didYouMean: 'Did you mean',
} as const;

/** The search dialog's status line once a query has been searched. */
export function searchResultsStatus(count: number, query: string): string {
  if (count === 0) return `No results for “${query}”.`;
  return `${count} result${count === 1 ? '' : 's'} for “${query}”.`;
}

/** The share button (ours): ShareButton.astro and share-button.ts. */
export const SHARE_TEXT = {
  button: 'Share this page',
  copied: 'Link copied to your clipboard.',
  /** When the clipboard refuses the link: the reader copies it by hand. */
  copyByHand: (url: string) => `Copy this link: ${url}`,
} as const;

/** The theme toggle (ours): ThemeToggle.astro. */
export const THEME_TEXT = {
  button: 'Dark theme',
} as const;
