// Hourly on Netlify: when a scheduled article has come due, calls the build hook (BUILD_HOOK_URL) so
// a new deploy publishes it (server/scheduled-publish.ts). The `npm start` server rebuilds by itself
// instead (server/runtime/scheduled-rebuild.ts).
import type { Config, Context } from '@netlify/functions';
import { publishIfDue } from '../../server/scheduled-publish.ts';
import { buildHookUrl } from '../../server/settings.ts';

export default async (_req: Request, context: Context): Promise<Response> => {
  try {
    const result = await publishIfDue({ siteUrl: context.site.url ?? '', hookUrl: buildHookUrl() });
    console.log(
      `scheduled publishing: ${result.action === 'built' ? `build hook called (due ${result.due})` : result.reason}`,
    );
    return new Response(null, { status: result.action === 'failed' ? 502 : 204 });
  } catch (err) {
    console.error('scheduled publishing failed:', err instanceof Error ? err.message : err);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = { schedule: '@hourly' };
