/** Where the site runs when nothing says otherwise: the `npm start` server on its default port. */
export const LOCAL_ORIGIN = 'http://localhost:8888';

/**
 * The origin of the `npm start` server from HOST and PORT: a browser on this machine reaches a
 * loopback or every-interface listener as localhost. Without this a server on another port would
 * still allow http://localhost:8888, i.e. whatever else runs there, as its own origin.
 */
function localOrigin(env: Record<string, string | undefined>): string {
  const port = env.PORT?.trim() || '8888';
  const host = env.HOST?.trim() || '127.0.0.1';
  const name = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host)
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}

/**
 * The site's public origin from the environment: SITE_URL, else Netlify's URL, else the local
 * server's (HOST and PORT). Read once by astro.config.mjs (pages then use `Astro.site`) and by the server.
 */
export function siteOrigin(env: Record<string, string | undefined>): string {
  const raw = env.SITE_URL || env.URL || localOrigin(env);
  return raw.replace(/\/+$/, '');
}
