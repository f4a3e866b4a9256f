// The self-hosting runtime: serves dist/ with netlify.toml's headers and redirects and runs the
// Netlify Functions warm in this one process. `npm start` builds first, then runs this file.
// Its settings (PORT, HOST, DATABASE_URL, DATA_DIR, ADMIN_KEY, TRUST_PROXY, ROOT_DIR,
// CONNECTIONS_PER_CLIENT and the functions' own, mail included) are parsed in settings.ts and all checked before anything is opened; ADMIN_KEY is required
// unless the server is local-only (runtime/admin-startup.ts).
// When the build says an article is scheduled, the site rebuilds itself at that moment and swaps
// the new build in without a restart (runtime/scheduled-rebuild.ts).
import { createServer } from 'node:http';
import { serve } from 'srvx';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createSite } from './runtime/site-handler.ts';
import { openDb } from './db/open.ts';
import { closeDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ensureLocalAdminKey } from './admin/local-key.ts';
import { adminStartup } from './runtime/admin-startup.ts';
import { clientAddress } from './runtime/trusted-proxy.ts';
import { capConnectionsPerClient } from './runtime/connection-cap.ts';
import { REQUEST_BODY_CAP, closeAfterUnreadBodies } from './runtime/body-cap.ts';
import { problem } from './http.ts';
import { API_ERRORS } from '../src/shared/messages/index.ts';
import {
  adminKeySetting,
  connectionsPerClient,
  dataDir,
  listenHost,
  listenPort,
  ownerEmail,
  rootDir,
  setAdminKeySetting,
  settingProblems,
  siteUrl as configuredSiteUrl,
  trustProxy as configuredTrustProxy,
} from './settings.ts';
import { proposeNewArticles } from './announcements/store.ts';
import { onMailQueued } from './mail/wake.ts';
import { releaseAbandonedClaims } from './mail/claim.ts';
import { senderConfigFromEnv } from './mail/config.ts';
import { startSender, type RunningSender } from './mail/runner.ts';
import { scheduleRebuilds } from './runtime/scheduled-rebuild.ts';
import { loadScheduledFunctions } from './runtime/functions.ts';
import { startSchedules } from './runtime/schedules.ts';
import { startBatching, stopBatching } from './readership/writer.ts';
import { buildFile, NEXT_PUBLISH_FILE } from './build-data.ts';
import { startEditor } from './runtime/editor-mount.ts';
import { takeBeacon } from './runtime/beacon-path.ts';

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

// The mail sender, in this process, woken after every commit that queued mail (mail/runner.ts).
// Without SMTP_URL the mail stays in the outbox and the dashboard says mail is not configured.
let sender: RunningSender | undefined;
const senderConfig = senderConfigFromEnv();
if (senderConfig) {
  const released = await releaseAbandonedClaims(db);
  if (released) console.log(`  ${released} mail(s) left mid-send by a previous run queued again`);
  sender = startSender(db, senderConfig);
  onMailQueued(sender.wake);
}

// A build that published a new article proposes its announcement (announcements/store.ts); the
// dashboard's Send view also checks on every visit (a Netlify deploy has no start).
proposeNewArticles(db)
  .then((n) => n && console.log(`  ${n} new article(s): a draft announcement is waiting in the dashboard`))
  .catch((err: unknown) => console.error('announcement proposals:', err instanceof Error ? err.message : err));

// Page views are buffered and written in batches (readership/writer.ts): a beacon never waits on
// the database, and a busy minute is a few multi-row inserts instead of thousands of round trips.
startBatching(() => db);

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
  currentNextPublish: () => buildFile(NEXT_PUBLISH_FILE),
  load: (distDir) => createSite({ root, siteUrl, distDir, functions: site.functions }),
  swap: (next) => {
    site = next;
  },
});

// Scheduled work (the purges: rate-limit rows hourly, old sign-ups and links, old messages and mail
// daily) is written once, as Netlify functions with a config.schedule; it runs here on that same
// schedule and once at start (runtime/schedules.ts). Two are done another way by this server.
const schedules = startSchedules(await loadScheduledFunctions(join(root, 'netlify', 'functions')), {
  siteUrl,
  doneInProcess: {
    'mail-drain': 'the in-process sender delivers instead (mail/runner.ts)',
    'publish-scheduled': 'the server rebuilds itself instead (runtime/scheduled-rebuild.ts)',
  },
});

// The editor at /keystatic for signed-in dashboard users: a save is committed and published
// through the same rebuild and swap (runtime/editor-mount.ts).
const editor = await startEditor({ root, siteUrl, rebuild: () => rebuilds.rebuildAfterChange() });

/** The client address: the peer's, or what a trusted proxy says (runtime/trusted-proxy.ts). */
function clientIp(req: Request & { ip?: string }): string {
  return clientAddress(req.ip, req.headers.get('x-forwarded-for'), trustProxy);
}

// Static GETs and page-view beacons are answered on node:http's own request and response (headers
// worked out at start-up); everything else (functions, redirects, 404s) becomes a web Request for the site handler.
// srvx (not listening itself: manual) does that conversion, with its checks of the request target.
// A handler that throws (a bug) is logged and answered with the API's generic 500 and its
// security headers: srvx runs silent, and its own answer would be an empty 500 with neither.
const web = serve({
  manual: true,
  silent: true,
  gracefulShutdown: false,
  maxRequestBodySize: REQUEST_BODY_CAP,
  fetch: (req) =>
    editor?.matches(new URL(req.url)) ? editor.fetch(req, clientIp(req)) : site.fetch(req, clientIp(req)),
  error: (err) => {
    console.error('request failed:', err);
    return problem(500, API_ERRORS.functionFailed);
  },
}).node!.handler;
// Timeouts (README, "Two commands"): a whole request must arrive within 30 s and its headers
// within 15 s, so slow clients cannot hold sockets for minutes (Node's default is 300 s); both are
// checked every 5 s. An idle kept-alive connection stays open 130 s, longer than a reverse proxy
// keeps idle upstream connections (nginx 60 s, Caddy 2 min): the proxy then always closes first,
// and never sends a request on a socket this server is closing (a 502 for the reader). The
// header timer starts with a request's first byte, not while a connection sits idle.
const server = createServer(
  {
    requestTimeout: 30_000,
    headersTimeout: 15_000,
    keepAliveTimeout: 130_000,
    connectionsCheckingInterval: 5_000,
  },
  (req, res) => {
    if (site.serveStatic(req, res)) return;
    // A page view's beacon, the one request every reader sends, skips the web Request too
    // (runtime/beacon-path.ts: the same collector, answered here).
    const peerIp = () => {
      const forwarded = req.headers['x-forwarded-for'];
      return clientAddress(req.socket.remoteAddress, [forwarded ?? []].flat().join(', ') || null, trustProxy);
    };
    if (takeBeacon(req, res, siteUrl, peerIp)) return;
    void web(req, res);
  },
);
capConnectionsPerClient(server, connectionsPerClient(), trustProxy);
closeAfterUnreadBodies(server);
await new Promise<void>((ok, fail) => {
  server.once('error', fail);
  server.listen(port, hostname, () => ok());
});
console.log(`Rooted Threads is serving on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
console.log(
  `  ${site.files.files.size} files (${site.staticUrls} static URLs), ${site.functions.length} functions, database: ${db.kind}`,
);
if (trustProxy) console.log(`  X-Forwarded-For believed from: ${trustProxy.description}`);
console.log(
  senderConfig
    ? `  mail: sending from ${senderConfig.from.address}${ownerEmail() ? `; new messages alert ${ownerEmail()}` : '; OWNER_EMAIL is not set, so nobody is told of new messages'}`
    : '  mail is not configured (no SMTP_URL): mail stays in the outbox, shown in the dashboard',
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  schedules.stop();
  rebuilds.stop();
  // Let requests in flight finish (their rows are committed before they answer), then close the
  // database so PGlite flushes cleanly. A client holding a connection open gets 10 s.
  const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
  await new Promise((done) => server.close(done));
  clearTimeout(force);
  // A send in flight finishes and is recorded; queued mail waits in the outbox for the next start.
  await sender?.stop();
  await stopBatching();
  await closeDb();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
