/** Where the site runs when nothing says otherwise: the `npm start` server. */
export const LOCAL_ORIGIN = 'http://localhost:8888';

/**
 * The site's public origin from the environment: SITE_URL, else Netlify's URL, else the local
 * server. Read once by astro.config.mjs (pages then use `Astro.site`) and by the server.
 */
export function siteOrigin(env: Record<string, string | undefined>): string {
  const raw = env.SITE_URL || env.URL || LOCAL_ORIGIN;
  return raw.replace(/\/+$/, '');
}
