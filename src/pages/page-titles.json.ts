// dist/page-titles.json: path → title of every page, for the dashboard's insights (the functions
// read the file; see src/shared/page-titles.ts). The titles are the pages' public titles.
import type { APIRoute } from 'astro';
import { pageTitles } from '../lib/page-titles';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await pageTitles()), { headers: { 'Content-Type': 'application/json' } });
