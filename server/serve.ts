// The self-hosting runtime: serves dist/ with netlify.toml's headers and redirects and runs the
// Netlify Functions warm in this one process. `npm start` builds first, then runs this file.
// Its settings (PORT, HOST, DATABASE_URL, DATA_DIR, ADMIN_KEY, TRUST_PROXY, ROOT_DIR and the functions'
// own) are parsed in settings.ts and all checked before anything is opened; ADMIN_KEY is required
// unless the server is local-only (runtime/admin-startup.ts).
// When the build says an article is scheduled, the site rebuilds itself at that moment and swaps
// the new build in without a restart (runtime/scheduled-rebuild.ts).
import { createServer } from 'node:http';
import { serve } from 'srvx';
import { fileURLToPath } from 'node:url';
import { createSite } from './runtime/site-handler.ts';
import { openDb } from './db/open.ts';
import { closeDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { purgeExpired } from './rate-limit.ts';
import { ensureLocalAdminKey } from './admin/local-key.ts';
import { adminStartup } from './runtime/admin-startup.ts';
import { clientAddress } from './runtime/trusted-proxy.ts';
import {
  adminKeySetting,
  dataDir,
  listenHost,
  listenPort,
  rootDir,
  setAdminKeySetting,
  settingProblems,
  siteUrl as configuredSiteUrl,
  trustProxy as configuredTrustProxy,
} from './settings.ts';
import { scheduleRebuilds } from './runtime/scheduled-rebuild.ts';

// ROOT_DIR: serve another copy of the built site (the benchmark adds a reference page to one).
const root = rootDir() ?? fileURLToPath(new URL('..', import.meta.url));
const hostname = listenHost();
const siteUrl = configuredSiteUrl();

/** Stops before anything is opened or listened on, saying why and what to do. */
function refuse(message: string): never {
  console.error(`Rooted Threads will not start: ${message}`);
  process.exit(1);
}

// Every malformed setting (settings.ts), each named, before anything is opened.
const problems = settingProblems();
if (problems.length) refuse(problems.join('; '));
const port = listenPort();
const trustProxy = configuredTrustProxy();
// Safe by default: no admin key means local demo mode only where no one else can reach us.
const admin = adminStartup({
  adminKey: adminKeySetting(),
  host: hostname,
  siteUrl,
  trustProxy: trustProxy !== undefined,
});
if (!admin.ok) refuse(admin.message);

// The database first: the functions use it from their first request. Migrations run here because
// this is a long-lived server (on Netlify they are a deploy step: npm run db:migrate).
const db = await openDb().catch((err: unknown) => {
  console.error('Cannot open the database:', err instanceof Error ? err.message : err);
  process.exit(1);
});
const applied = await migrate(db).catch(async (err: unknown) => {
  console.error('Migrations failed:', err instanceof Error ? err.message : err);
  await closeDb();
  process.exit(1);
});
if (applied.length) console.log(`  migrations applied: ${applied.join(', ')}`);

// Hashed client addresses of the rate limit are kept for an hour at most (the privacy page says 24).
const purge = () =>
  purgeExpired(db).catch((err: unknown) =>
    console.error('rate-limit purge failed:', err instanceof Error ? err.message : err),
  );
void purge();
const purgeTimer = setInterval(() => void purge(), 60 * 60 * 1000).unref();

// The dashboard's key: ADMIN_KEY, or (local demo mode) one generated once and kept in DATA_DIR.
if (admin.demo) {
  setAdminKeySetting(undefined);
  ensureLocalAdminKey(dataDir(), `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}/admin`);
}

// The site being served. A scheduled rebuild replaces it whole (files, headers, routes), in one
// assignment: each request reads it once, so it is answered from one build or the other.
let site = await createSite({ root, siteUrl });
const rebuilds = scheduleRebuilds({
  root,
  currentNextPublish: () => site.files.get('/next-publish.json')?.body,
  load: (distDir) => createSite({ root, siteUrl, distDir, functions: site.functions }),
  swap: (next) => {
    site = next;
  },
});

/** The client address: the peer's, or what a trusted proxy says (runtime/trusted-proxy.ts). */
function clientIp(req: Request & { ip?: string }): string {
  return clientAddress(req.ip, req.headers.get('x-forwarded-for'), trustProxy);
}

// Static GETs are answered on node:http's own request and response (headers worked out at
// start-up); everything else (functions, redirects, 404s) becomes a web Request for the site handler.
// srvx (not listening itself: manual) does that conversion, with its checks of the request target
// and its 500 for a handler that throws.
const web = serve({
  manual: true,
  silent: true,
  gracefulShutdown: false,
  fetch: (req) => site.fetch(req, clientIp(req)),
}).node!.handler;
const server = createServer((req, res) => {
  if (!site.serveStatic(req, res)) void web(req, res);
});
await new Promise<void>((ok, fail) => {
  server.once('error', fail);
  server.listen(port, hostname, () => ok());
});
console.log(`Rooted Threads is serving on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
console.log(
  `  ${site.files.files.size} files (${site.staticUrls} static URLs), ${site.functions.length} functions, database: ${db.kind}`,
);
if (trustProxy) console.log(`  X-Forwarded-For believed from: ${trustProxy.description}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  clearInterval(purgeTimer);
  rebuilds.stop();
  // Let requests in flight finish (their rows are committed before they answer), then close the
  // database so PGlite flushes cleanly. A client holding a connection open gets 10 s.
  const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
  await new Promise((done) => server.close(done));
  clearTimeout(force);
  await closeDb();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
