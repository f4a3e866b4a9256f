// `npm run admin:unlock`: the owner's way past the log-in throttle that works outside the web.
// Wrong keys from 20+ addresses can hold the global ceiling (throttle.ts) for as long as the
// attack lasts, keeping a browser of the owner's that has not logged in before out; this clears
// every log-in count (per address, per device and the global one) in the database the server
// uses: DATABASE_URL, else the embedded database under DATA_DIR (stop `npm start` first: one
// process per embedded database). It does not touch sessions or the forms' limits.
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../db/client.ts';
import { DEVICE_BUCKET, GLOBAL_BUCKET, LOGIN_BUCKET } from './throttle.ts';

/**
 * Deletes every log-in count; returns how many counted attempts were forgotten (each wrong key is
 * counted for its client and again in the global count: the clients' counts are reported).
 */
export async function unlockAdminLogin(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ attempts: number }>(
    `WITH gone AS (DELETE FROM rate_limit_hits WHERE bucket = ANY($1::text[]) RETURNING bucket, hits)
     SELECT coalesce(sum(hits) FILTER (WHERE bucket <> $2), 0)::integer AS attempts FROM gone`,
    [[LOGIN_BUCKET, DEVICE_BUCKET, GLOBAL_BUCKET], GLOBAL_BUCKET],
  );
  return rows[0]!.attempts;
}

async function main(): Promise<void> {
  const { openDb } = await import('../db/open.ts');
  const { closeDb } = await import('../db/client.ts');
  const db = await openDb();
  try {
    const attempts = await unlockAdminLogin(db);
    console.log(
      `admin log-in unlocked: ${attempts} counted log-in ${attempts === 1 ? 'attempt' : 'attempts'} forgotten (${db.kind}).`,
    );
  } finally {
    await closeDb();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error('admin:unlock failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
