import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getArticles } from '../lib/catalogue';
import { SITE } from '../site';

export const GET: APIRoute = async ({ site }) => {
  // A preview build's drafts and scheduled articles are on their pages, never in the feed.
  const articles = (await getArticles()).filter((a) => a.state === 'published');
  return rss({
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
    customData: `<language>${SITE.lang.toLowerCase()}</language>`,
  });
};
