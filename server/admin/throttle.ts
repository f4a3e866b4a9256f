// The brute-force limit of the admin key: after 5 wrong keys from one client in 15 minutes, every
// attempt from it (even with the right key) is refused with 429 and Retry-After until the oldest
// of those failures is 15 minutes old. Bounded, never a permanent lockout.
//
// Kept in Postgres (rate_limit_hits, as the form limits are, so it holds across every function
// instance and is purged with them) in one-minute windows summed over the last 15 minutes: a
// sliding window, so nothing resets at a window edge. An attempt is counted BEFORE the key is
// compared, so concurrent guesses cannot slip past the limit; a right key clears the count.
import type { Db } from '../db/client.ts';
import { clientHash } from '../rate-limit.ts';

export const LOGIN_BUCKET = 'admin-login';
export const MAX_FAILURES = 5;
export const LOCKOUT_SECONDS = 15 * 60;
const WINDOW_SECONDS = 60;

export type Attempt =
  | { allowed: true; /** Call once the key is judged. */ settle: (correct: boolean) => Promise<void> }
  | { allowed: false; retryAfter: number };

/** Counts an attempt of `ip` and says whether it may try a key. */
export async function beginAttempt(db: Db, ip: string): Promise<Attempt> {
  const client = await clientHash(db, ip);
  // The upsert's own row plus the earlier windows (a statement does not see its own upsert).
  const { rows } = await db.query<{ window_start: string; total: number }>(
    `WITH up AS (
       INSERT INTO rate_limit_hits (bucket, client_hash, window_start)
       VALUES ($1, $2, to_timestamp(floor(extract(epoch FROM now()) / $3::integer) * $3::integer))
       ON CONFLICT (bucket, client_hash, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
       RETURNING window_start, hits
     )
     SELECT up.window_start::text AS window_start,
            (up.hits + coalesce((
              SELECT sum(h.hits) FROM rate_limit_hits h
              WHERE h.bucket = $1 AND h.client_hash = $2 AND h.window_start <> up.window_start
                AND h.window_start > now() - make_interval(secs => $4)
            ), 0))::integer AS total
     FROM up`,
    [LOGIN_BUCKET, client, WINDOW_SECONDS, LOCKOUT_SECONDS],
  );
  const { window_start: window, total } = rows[0]!;

  if (total > MAX_FAILURES) {
    // Refused attempts do not count: give this one back, then say when the next may come.
    await db.query(
      `UPDATE rate_limit_hits SET hits = hits - 1 WHERE bucket = $1 AND client_hash = $2 AND window_start = $3::timestamptz`,
      [LOGIN_BUCKET, client, window],
    );
    return { allowed: false, retryAfter: await retryAfter(db, client) };
  }

  return {
    allowed: true,
    settle: async (correct) => {
      if (correct)
        await db.query('DELETE FROM rate_limit_hits WHERE bucket = $1 AND client_hash = $2', [LOGIN_BUCKET, client]);
    },
  };
}

/** Seconds until fewer than MAX_FAILURES failures of `client` fall within the last 15 minutes. */
async function retryAfter(db: Db, client: string): Promise<number> {
  const { rows } = await db.query<{ hits: number; expires_in: number }>(
    `SELECT hits, ceil(extract(epoch FROM window_start) + $3 - extract(epoch FROM now()))::integer AS expires_in
     FROM rate_limit_hits
     WHERE bucket = $1 AND client_hash = $2 AND window_start > now() - make_interval(secs => $3) AND hits > 0
     ORDER BY window_start`,
    [LOGIN_BUCKET, client, LOCKOUT_SECONDS],
  );
  let remaining = rows.reduce((sum, r) => sum + r.hits, 0);
  for (const row of rows) {
    remaining -= row.hits;
    if (remaining < MAX_FAILURES) return Math.min(LOCKOUT_SECONDS, Math.max(1, row.expires_in));
  }
  return 1;
}
