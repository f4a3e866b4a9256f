// The self-hosting runtime: serves dist/ with netlify.toml's headers and redirects and runs the
// Netlify Functions warm in this one process. `npm start` builds first, then runs this file.
//   PORT (default 8888), HOST (default 127.0.0.1; 0.0.0.0 to listen on every interface)
//   DATABASE_URL (Postgres; unset: the embedded PGlite under DATA_DIR, default .data/)
//   SIGNUP_RATE_LIMIT, CONTACT_RATE_LIMIT, SITE_TIME_ZONE (settings.ts: checked before anything else)
import { serve } from 'srvx';
import { fileURLToPath } from 'node:url';
import { siteOrigin } from '../src/shared/site-origin.ts';
import { createSite } from './runtime/site-handler.ts';
import { openDb } from './db/open.ts';
import { closeDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { purgeExpired } from './rate-limit.ts';
import { ensureLocalAdminKey } from './admin/local-key.ts';
import { settingProblems } from './settings.ts';

// A malformed setting stops the server before it opens anything, naming the variable.
const problems = settingProblems(process.env);
if (problems.length) {
  for (const problem of problems) console.error(`Cannot start: ${problem}`);
  process.exit(1);
}

// ROOT_DIR: serve another copy of the built site (the benchmark adds a reference page to one).
const root = process.env.ROOT_DIR || fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT || 8888);
const hostname = process.env.HOST || '127.0.0.1';
const trustProxy = process.env.TRUST_PROXY === '1';

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
ensureLocalAdminKey(
  process.env.DATA_DIR || '.data',
  `http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}/admin`,
);

const site = await createSite({ root, siteUrl: siteOrigin(process.env) });

/**
 * The client address; behind a reverse proxy (TRUST_PROXY=1) the last X-Forwarded-For hop, the one
 * our proxy added. Earlier hops come from the client and could be anything, which would let anyone
 * step around the forms' per-client rate limit.
 */
function clientIp(req: Request & { ip?: string }): string {
  if (trustProxy) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
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
console.log(`  ${site.files.files.size} files, ${site.functions.length} functions, database: ${db.kind}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  clearInterval(purgeTimer);
  // Let requests in flight finish (their rows are committed before they answer), then close the
  // database so PGlite flushes cleanly. A client holding a connection open gets 10 s.
  const force = setTimeout(() => void server.close(true), 10_000).unref();
  await server.close();
  clearTimeout(force);
  await closeDb();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
