import type { APIRoute } from 'astro';
import { siteOrigin } from '../site';
import { sitemapEntries } from '../lib/sitemap-entries';
import { sitemapXml } from '../lib/sitemap';

export const GET: APIRoute = async () => {
  const origin = siteOrigin();
  return new Response(sitemapXml(await sitemapEntries(), origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
