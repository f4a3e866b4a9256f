// Scheduled publishing on Netlify: a static site cannot publish by itself, so an hourly function
// reads the live build's next-publish.json (src/pages/next-publish.json.ts) and, when the moment it
// names has passed, calls the site's build hook; the new build publishes the article and names the
// next moment. It calls the hook only then: an hour with nothing due costs one small GET.

export type PublishCheck =
  { action: 'none'; reason: string } | { action: 'built'; due: string } | { action: 'failed'; reason: string };

export interface PublishCheckOptions {
  /** The deployed site's origin. */
  siteUrl: string;
  /** The build hook to POST to; undefined: not configured. */
  hookUrl: URL | undefined;
  now?: Date;
  fetch?: typeof fetch;
}

export async function publishIfDue({
  siteUrl,
  hookUrl,
  now = new Date(),
  fetch: get = fetch,
}: PublishCheckOptions): Promise<PublishCheck> {
  if (!hookUrl)
    return { action: 'none', reason: 'BUILD_HOOK_URL is not set: scheduled articles wait for the next deploy' };
  const res = await get(new URL('/next-publish.json', siteUrl), { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) return { action: 'failed', reason: `GET /next-publish.json answered ${res.status}` };
  const { next } = (await res.json()) as { next?: string | null };
  if (!next) return { action: 'none', reason: 'nothing is scheduled' };
  if (Date.parse(next) > now.getTime()) return { action: 'none', reason: `the next article is due ${next}` };
  const hook = await get(hookUrl, { method: 'POST', body: '{}', signal: AbortSignal.timeout(10_000) });
  if (!hook.ok) return { action: 'failed', reason: `the build hook answered ${hook.status}` };
  return { action: 'built', due: next };
}
