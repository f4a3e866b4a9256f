import type { APIRoute } from 'astro';
import { siteOrigin } from '../site';

export const GET: APIRoute = () => {
  const origin = siteOrigin();
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
