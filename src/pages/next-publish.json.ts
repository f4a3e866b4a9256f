// dist/next-publish.json: the moment the next scheduled article comes due (or null), so whoever
// serves this build knows when to build again: `npm start`'s server on a timer
// (server/runtime/scheduled-rebuild.ts), Netlify's hourly function (netlify/functions/publish-scheduled.ts).
import type { APIRoute } from 'astro';
import { BUILD, nextPublishAt } from '../lib/catalogue';

export const GET: APIRoute = async () => {
  const next = await nextPublishAt();
  return new Response(JSON.stringify({ next: next?.toISOString() ?? null, builtAt: BUILD.now.toISOString() }), {
    headers: { 'Content-Type': 'application/json' },
  });
};
