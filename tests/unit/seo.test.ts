import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '../../src/lib/canonical-url';
import { sitemapXml, type SitemapEntry } from '../../src/lib/sitemap';
import { countWords } from '../../src/lib/word-count';
import { readingMinutes } from '../../src/lib/reading-time';
import { isoMinutes } from '../../src/lib/iso-duration';
import { articleJsonLd, faqJsonLd, serializeJsonLd } from '../../src/lib/json-ld';
import { SITE } from '../../src/site';
import { siteOrigin } from '../../src/shared/site-origin';

describe('canonicalUrl', () => {
  const origin = 'https://rootedthreads.example';
  it.each([
    ['/', 'https://rootedthreads.example/'],
    ['', 'https://rootedthreads.example/'],
    ['/articles', 'https://rootedthreads.example/articles'],
    ['/articles/', 'https://rootedthreads.example/articles'],
    ['/articles/hemp-vs-cotton/', 'https://rootedthreads.example/articles/hemp-vs-cotton'],
    ['/contact?x=1#top', 'https://rootedthreads.example/contact'],
    ['articles', 'https://rootedthreads.example/articles'],
    ['/index.html', 'https://rootedthreads.example/'],
    ['/contact.html', 'https://rootedthreads.example/contact'],
    ['/stories/plant-power.html', 'https://rootedthreads.example/stories/plant-power'],
  ])('%s → %s', (path, expected) => {
    expect(canonicalUrl(path, origin)).toBe(expected);
    expect(canonicalUrl(path, origin + '/')).toBe(expected);
  });
});

describe('siteOrigin', () => {
  it('prefers SITE_URL, then Netlify URL, then the local server, without a trailing slash', () => {
    expect(siteOrigin({ SITE_URL: 'https://a.example/', URL: 'https://b.example' })).toBe('https://a.example');
    expect(siteOrigin({ URL: 'https://b.example' })).toBe('https://b.example');
    expect(siteOrigin({})).toBe('http://localhost:8888');
    // npm start on another port or address allows its own origin, not whatever runs on 8888.
    expect(siteOrigin({ PORT: '9123' })).toBe('http://localhost:9123');
    expect(siteOrigin({ HOST: '0.0.0.0', PORT: '80' })).toBe('http://localhost:80');
    expect(siteOrigin({ HOST: '192.0.2.7', PORT: '9000' })).toBe('http://192.0.2.7:9000');
    expect(siteOrigin({ HOST: '2001:db8::7' })).toBe('http://[2001:db8::7]:8888');
  });
});

describe('sitemapXml', () => {
  const entries: SitemapEntry[] = [
    { path: '/', priority: 1, changefreq: 'weekly', lastmod: '2025-09-03' },
    { path: '/articles/', priority: 0.8, changefreq: 'weekly', lastmod: '2025-09-03' },
    { path: '/articles/a&b', priority: 0.7, changefreq: 'monthly', lastmod: '2025-08-04' },
  ];
  const xml = sitemapXml(entries, 'https://x.example');
  it('is a sitemaps.org urlset with one url per entry', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(3);
  });
  it('puts every URL on the origin, trimming the trailing slash except on the root', () => {
    expect(xml).toContain('<loc>https://x.example/</loc>');
    expect(xml).toContain('<loc>https://x.example/articles</loc>');
  });
  it('writes priority with one decimal, changefreq and lastmod, and escapes XML', () => {
    expect(xml).toContain('<priority>1.0</priority>');
    expect(xml).toContain('<priority>0.8</priority>');
    expect(xml).toContain('<changefreq>monthly</changefreq>');
    expect(xml).toContain('<lastmod>2025-08-04</lastmod>');
    expect(xml).toContain('<loc>https://x.example/articles/a&amp;b</loc>');
  });
});

describe('word count and reading time', () => {
  it('counts prose, list items, table cells and link text, not markup, imports or URLs', () => {
    const body = [
      "import Foo from './foo'",
      '## A heading here',
      'One two three, [four five](https://example.org/x) six.',
      '- seven eight',
      '| nine | ten |',
      '| --- | --- |',
      '| eleven | 12% |',
      '<Midpoint />',
      'https://example.org/not-a-word',
    ].join('\n');
    expect(countWords(body)).toBe(15);
  });
  it('keeps contractions and numbers as single words', () => {
    expect(countWords("Wool's regain is 16% — it doesn't feel wet.")).toBe(8);
  });
  it('is about 200 words a minute, at least one minute', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1200)).toBe(6);
    expect(readingMinutes(1290)).toBe(6);
    expect(readingMinutes(1310)).toBe(7);
    expect(readingMinutes(2000)).toBe(10);
  });
  it('formats schema.org durations', () => {
    expect(isoMinutes(8)).toBe('PT8M');
    expect(isoMinutes(0)).toBe('PT1M');
  });
});

describe('JSON-LD', () => {
  const ld = articleJsonLd(
    {
      path: '/articles/hemp-vs-cotton',
      title: 'Hemp vs Cotton',
      description: 'Which uses less water?',
      imageUrl: 'https://x.example/_astro/h.png',
      logoUrl: 'https://x.example/_astro/logo.png',
      publishedDate: new Date('2025-08-23T00:00:00Z'),
      keywords: ['hemp', 'cotton'],
      articleSection: 'Sustainable Materials',
      about: ['Hemp', 'Cotton'],
      minutes: 7,
      words: 1400,
    },
    'https://x.example',
  );
  it('has the spec fields of an Article', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Hemp vs Cotton',
      description: 'Which uses less water?',
      image: ['https://x.example/_astro/h.png'],
      author: { '@type': 'Organization', name: SITE.author, url: 'https://x.example/' },
      publisher: {
        '@type': 'Organization',
        name: SITE.name,
        logo: { '@type': 'ImageObject', url: 'https://x.example/_astro/logo.png' },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://x.example/articles/hemp-vs-cotton' },
      datePublished: '2025-08-23',
      dateModified: '2025-08-23',
      keywords: 'hemp, cotton',
      articleSection: 'Sustainable Materials',
      about: [
        { '@type': 'Thing', name: 'Hemp' },
        { '@type': 'Thing', name: 'Cotton' },
      ],
      timeRequired: 'PT7M',
      wordCount: 1400,
    });
  });
  it('builds a FAQPage from the three questions', () => {
    const faq = faqJsonLd([
      { q: 'Q one?', a: 'A one.' },
      { q: 'Q two?', a: 'A two.' },
      { q: 'Q three?', a: 'A three.' },
    ]);
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity).toHaveLength(3);
    expect((faq.mainEntity as { acceptedAnswer: { text: string } }[])[1]!.acceptedAnswer.text).toBe('A two.');
  });
  it('serialises safely inside a script element', () => {
    const s = serializeJsonLd({ headline: '</script><script>alert(1)</script>' });
    expect(s).not.toContain('</script>');
    expect((JSON.parse(s) as { headline: string }).headline).toBe('</script><script>alert(1)</script>');
  });
});
