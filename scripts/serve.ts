// The self-hosting runtime: serves dist/ with netlify.toml's headers and redirects and runs the
// Netlify Functions warm in this one process. `npm start` builds first, then runs this file.
//   PORT (default 8888), HOST (default 127.0.0.1; 0.0.0.0 to listen on every interface)
import { serve } from 'srvx';
import { fileURLToPath } from 'node:url';
import { siteOrigin } from '../src/site.ts';
import { createSite } from '../server/runtime/site-handler.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT || 8888);
const hostname = process.env.HOST || '127.0.0.1';
const trustProxy = process.env.TRUST_PROXY === '1';

const site = await createSite({ root, siteUrl: siteOrigin() });

/** The client address; behind a reverse proxy (TRUST_PROXY=1) the first X-Forwarded-For hop. */
function clientIp(req: Request & { ip?: string }): string {
  if (trustProxy) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.ip ?? '0.0.0.0';
}

const server = serve({
  port,
  hostname,
  silent: true,
  gracefulShutdown: false,
  fetch: (req) => site.fetch(req, clientIp(req)),
});
await server.ready();
console.log(`Rooted Threads is serving on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
console.log(`  ${site.files.files.size} files, ${site.functions.length} functions`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
