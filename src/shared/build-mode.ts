/**
 * Which kind of build this is, from the build's environment, decided here and nowhere else
 * (docs/publishing.md). A preview build (`PREVIEW=1`, or Netlify's deploy previews and branch
 * deploys, whose `CONTEXT` says so) shows drafts and articles scheduled for later, marked and
 * `noindex`; every other build is a production build and leaves them out of everything.
 */
type Env = Record<string, string | undefined>;

/** Netlify's build contexts that publish a preview, never the public site. */
const PREVIEW_CONTEXTS = new Set(['deploy-preview', 'branch-deploy']);

/** True for a preview build; throws, naming the variable, on a PREVIEW that is neither 1 nor 0. */
export function isPreviewBuild(env: Env): boolean {
  const raw = env.PREVIEW?.trim().toLowerCase() ?? '';
  if (raw === '1' || raw === 'true') return true;
  if (raw !== '' && raw !== '0' && raw !== 'false')
    throw new Error(`PREVIEW must be 1 (a preview build, drafts shown) or 0, not ${JSON.stringify(env.PREVIEW)}`);
  return PREVIEW_CONTEXTS.has(env.CONTEXT?.trim() ?? '');
}
