// dist/announceable.json: every article and story as an announcement e-mail is made from it (the
// functions read the file; see src/shared/announceable.ts).
import type { APIRoute } from 'astro';
import { announceable } from '../lib/announceable';

export const GET: APIRoute = async ({ site }) =>
  new Response(JSON.stringify(await announceable(site!.origin)), {
    headers: { 'Content-Type': 'application/json' },
  });
