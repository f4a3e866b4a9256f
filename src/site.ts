/**
 * The one site configuration (brand, contact, navigation, catalogue constants). Every page, the
 * sitemap, RSS, JSON-LD, the components' scripts and the tests import these values; no other file
 * repeats a brand literal. Interface strings live in src/shared/messages/.
 */

import { BRAND_NAME, POSTAL_ADDRESS } from './shared/brand.ts';

/** One of the brand's social profiles (SITE.social). */
export interface SocialLink {
  name: string;
  /** The profile's address; null while not set. */
  href: string | null;
  icon: 'instagram' | 'facebook' | 'pinterest';
}

/** The social profiles that are set. */
export const socialProfiles = (): (SocialLink & { href: string })[] =>
  SITE.social.filter((s): s is SocialLink & { href: string } => !!s.href);

const TAGLINE = '100% Natural Fabric Clothing';

export const SITE = {
  name: BRAND_NAME,
  tagline: TAGLINE,
  /** Appended to every page title; the home page uses it alone. */
  titleSuffix: `${BRAND_NAME} | ${TAGLINE}`,
  description:
    'Rooted Threads explains natural fibres (wool, cotton, linen and hemp) in plain words, with the evidence behind every claim, for families who want clothes that last.',
  author: 'The Rooted Threads Team',
  locale: 'en_US',
  lang: 'en-US',
  /** Year shown in the footer copyright line (the spec fixes it). */
  copyrightYear: 2024,
  /**
   * The owner's own details: the footer, /contact, /privacy, /terms, JSON-LD and RSS show them from
   * here alone. Edit them in this file (README, "The owner's details"). The values below are
   * placeholders: a Netlify production build stops while any is left (src/lib/owner-placeholders.ts).
   */
  contact: {
    email: 'hello@rootedthreads.example',
    /** Shown with non-breaking spaces and hyphen so the number never wraps. */
    phone: '+1\u00a0(423)\u00a0555\u20110142',
    phoneHref: 'tel:+14235550142',
    ...POSTAL_ADDRESS,
  },
  /**
   * What the site's own artwork (src/assets/art/home-hero.svg) shows: the home page's hero, and the
   * social card of every page that has no image of its own (BaseHead.astro).
   */
  artworkAlt: 'Illustration of a sheep, cotton bolls and flax plants on rolling green hills',
  /**
   * The brand's profiles, e.g. `href: 'https://www.instagram.com/rootedthreads/'`. A link that is
   * null is not set and is shown nowhere (footer, JSON-LD sameAs).
   */
  social: [
    { name: 'Instagram', href: null, icon: 'instagram' },
    { name: 'Facebook', href: null, icon: 'facebook' },
    { name: 'Pinterest', href: null, icon: 'pinterest' },
  ] as readonly SocialLink[],
} as const;

export interface NavLink {
  label: string;
  href: string;
}

/** Header navigation, in the spec's order. Anchors are absolute so they work from every page. */
export const NAV: readonly NavLink[] = [
  { label: 'Learn', href: '/#education' },
  { label: 'Stories', href: '/#categories' },
  { label: 'Articles', href: '/articles' },
  { label: 'About', href: '/#about' },
  { label: 'Contact', href: '/contact' },
];

/** Footer link columns. */
export const FOOTER_COLUMNS: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: 'Discover',
    links: [
      { label: 'Fiber Stories', href: '/#categories' },
      { label: 'Articles', href: '/articles' },
    ],
  },
  { title: 'Learn', links: [{ label: 'Education', href: '/#education' }] },
  { title: 'Community', links: [{ label: 'About Our Mission', href: '/#about' }] },
  { title: 'Resources', links: [{ label: 'Contact Us', href: '/#contact' }] },
];

export const LEGAL_LINKS: readonly NavLink[] = [
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Service', href: '/terms' },
];

// The theme choice's key is shared with the server's own pages (server/subscriptions/page.ts).
export { THEME_STORAGE_KEY } from './shared/theme.ts';

/** The eight categories the spec names; the article schema accepts only these. */
export const CATEGORIES = [
  'Sustainable Fashion',
  'Sustainable Materials',
  'Sustainable Home Textiles',
  'Care Guide',
  'Sustainability',
  'Education',
  'Health',
  'Research',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The two values the spec allows for structured data's articleSection. */
export const ARTICLE_SECTIONS = ['Sustainable Fashion', 'Sustainable Materials'] as const;

/** Words a reader gets through in a minute; reading time is derived from the body with it. */
export const WORDS_PER_MINUTE = 200;

/**
 * Static pages of the sitemap, with the title each page shows (the home page's <title> is the
 * site's name alone; "Home" names it in the dashboard). Articles and stories come from the
 * collections.
 */
export const STATIC_PAGES = [
  { path: '/', title: 'Home', priority: 1.0, changefreq: 'weekly', lastmod: '2025-09-03' },
  { path: '/articles', title: 'Articles', priority: 0.8, changefreq: 'weekly', lastmod: '2025-09-03' },
  { path: '/contact', title: 'Contact', priority: 0.6, changefreq: 'monthly', lastmod: '2025-09-03' },
  { path: '/privacy', title: 'Privacy Policy', priority: 0.3, changefreq: 'yearly', lastmod: '2026-11-27' },
  { path: '/terms', title: 'Terms of Service', priority: 0.3, changefreq: 'yearly', lastmod: '2026-11-25' },
] as const;

export type StaticPath = (typeof STATIC_PAGES)[number]['path'];

/**
 * Pages outside the sitemap (each is noindex): the 404 page, the owner's dashboard and the spec's
 * human sitemap. Every page in src/pages is in STATIC_PAGES or here (tests/unit/static-pages.test.ts).
 */
export const UNLISTED_PAGES = ['/404', '/admin', '/sitemap'] as const;

/** The title of a static page, from STATIC_PAGES. */
export function staticPageTitle(path: StaticPath): string {
  return STATIC_PAGES.find((p) => p.path === path)!.title;
}

/** Words of the home page's keywords meta (article pages take theirs from the front matter). */
export const HOME_KEYWORDS = [
  'natural fibers',
  'natural fabric clothing',
  'sustainable fashion',
  'wool',
  'organic cotton',
  'linen',
  'hemp',
] as const;
