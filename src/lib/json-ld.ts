// Structured data (schema.org JSON-LD) built from the catalogue and the site config.
import { SITE, socialProfiles } from '../site';
import { isoMinutes } from './iso-duration';
import { isoDay } from './format-date';
import { canonicalUrl } from './canonical-url';

type Json = Record<string, unknown>;

export function organizationJsonLd(origin: string, logoUrl: string): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: SITE.name,
    url: canonicalUrl('/', origin),
    logo: logoUrl,
    email: SITE.contact.email,
    telephone: SITE.contact.phoneHref.replace('tel:', ''),
    address: {
      '@type': 'PostalAddress',
      streetAddress: SITE.contact.street,
      addressLocality: SITE.contact.city,
      addressRegion: SITE.contact.regionCode,
      postalCode: SITE.contact.postalCode,
      addressCountry: SITE.contact.countryCode,
    },
    ...(socialProfiles().length ? { sameAs: socialProfiles().map((s) => s.href) } : {}),
  };
}

export function websiteJsonLd(origin: string): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: SITE.name,
    description: SITE.description,
    url: canonicalUrl('/', origin),
    inLanguage: SITE.lang,
    publisher: { '@id': `${origin}/#organization` },
  };
}

export interface ArticleLdInput {
  path: string;
  title: string;
  description: string;
  imageUrl: string;
  logoUrl: string;
  publishedDate: Date;
  updatedDate?: Date;
  keywords: readonly string[];
  articleSection: string;
  about: readonly string[];
  minutes: number;
  words: number;
}

/** schema.org Article with the spec's fields ("Article structured data"). */
export function articleJsonLd(a: ArticleLdInput, origin: string): Json {
  const url = canonicalUrl(a.path, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.title,
    description: a.description,
    image: [a.imageUrl],
    author: { '@type': 'Organization', name: SITE.author, url: canonicalUrl('/', origin) },
    publisher: {
      '@type': 'Organization',
      name: SITE.name,
      logo: { '@type': 'ImageObject', url: a.logoUrl },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    datePublished: isoDay(a.publishedDate),
    dateModified: isoDay(a.updatedDate ?? a.publishedDate),
    keywords: a.keywords.join(', '),
    articleSection: a.articleSection,
    about: a.about.map((name) => ({ '@type': 'Thing', name })),
    timeRequired: isoMinutes(a.minutes),
    wordCount: a.words,
    inLanguage: SITE.lang,
  };
}

/** schema.org FAQPage for an article's three questions. */
export function faqJsonLd(faq: readonly { q: string; a: string }[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map(({ q, a }) => ({
      '@type': 'Question',
      name: q,
      acceptedAnswer: { '@type': 'Answer', text: a },
    })),
  };
}

/** Serialises JSON-LD for a <script> element: `<` is escaped so no text can close the element. */
export function serializeJsonLd(data: Json): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
