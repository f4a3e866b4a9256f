import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getArticles } from '../lib/catalogue';
import { SITE } from '../site';

export const GET: APIRoute = async ({ site, url }) => {
  // A preview build's drafts and scheduled articles are on their pages, never in the feed.
  const articles = (await getArticles()).filter((a) => a.state === 'published');
  // The feed names its own address (atom:link rel="self"), as feed validators ask.
  const self = new URL(url.pathname, site).href;
  return rss({
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    title: SITE.name,
    description: SITE.description,
    site: site!,
    trailingSlash: false,
    items: articles.map((a) => ({
      title: a.data.title,
      description: a.data.excerpt,
      pubDate: a.publishAt,
      link: a.path,
      categories: [a.data.category],
      author: `${SITE.contact.email} (${SITE.author})`,
    })),
    customData:
      `<language>${SITE.lang.toLowerCase()}</language>` +
      `<atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
  });
};
