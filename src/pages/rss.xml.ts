import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getArticles } from '../lib/catalogue';
import { SITE } from '../site';

export const GET: APIRoute = async ({ site }) => {
  const articles = await getArticles();
  return rss({
    title: SITE.name,
    description: SITE.description,
    site: site!,
    trailingSlash: false,
    items: articles.map((a) => ({
      title: a.data.title,
      description: a.data.excerpt,
      pubDate: a.data.publishedDate,
      link: a.path,
      categories: [a.data.category],
      author: `${SITE.contact.email} (${SITE.author})`,
    })),
    customData: `<language>${SITE.lang.toLowerCase()}</language>`,
  });
};
