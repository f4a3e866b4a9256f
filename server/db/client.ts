// The process's database, for every function and domain module: `getDb()`.
//   DATABASE_URL set → Neon over HTTP for a Neon URL, else a `pg` pool (created on first use, so a
//                      function instance connects lazily and reuses it while warm).
//   unset            → the embedded PGlite that the long-lived server opened at start (open.ts);
//                      a function never opens PGlite itself.
// This module does not import PGlite, so function bundles stay small.
import { neonDb, pgDb, isNeonUrl } from './postgres.ts';
import { DbUnavailableError, type Db } from './types.ts';
import { databaseUrl } from '../settings.ts';

export * from './types.ts';

let current: Db | undefined;

/** A client for a Postgres URL: Neon's HTTP driver for Neon, `pg` for anything else. */
export function connect(url: string): Db {
  return isNeonUrl(url) ? neonDb(url) : pgDb(url);
}

export function getDb(): Db {
  if (current) return current;
  const url = databaseUrl();
  if (url) return (current = connect(url));
  throw new DbUnavailableError(
    'No database: set DATABASE_URL, or run the site with `npm start`, which opens the embedded one.',
  );
}

/** Makes `db` the process's database (the server does this with the one it opened). */
export function setDb(db: Db | undefined): void {
  current = db;
}

export async function closeDb(): Promise<void> {
  const db = current;
  current = undefined;
  await db?.close();
}
