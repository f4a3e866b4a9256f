import type { APIRoute } from 'astro';
import { sitemapEntries } from '../lib/sitemap-entries';
import { sitemapXml } from '../lib/sitemap';

export const GET: APIRoute = async ({ site }) => {
  return new Response(sitemapXml(await sitemapEntries(), site!.origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
