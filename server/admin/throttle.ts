// The brute-force limits of the admin key.
//
// Per client: after 5 wrong keys from one client in 15 minutes, every attempt from it (even with
// the right key) is refused with 429 and Retry-After until the oldest of those failures is 15
// minutes old. Bounded, never a permanent lockout. A client is an IPv4 address or an IPv6 /48 (a
// /48 holder would otherwise have 65,536 fresh /64 buckets), or, for a browser that has logged in
// before, its device cookie (device-cookie.ts): a neighbour who locks out the owner's shared
// address does not lock out the owner's own browser.
//
// For everyone: more than GLOBAL_MAX_FAILURES wrong keys from all clients together in 15 minutes
// is an attack spread over many addresses. It is logged loudly, and log-ins without a device
// cookie are refused until the count falls; the owner's known browsers still get in.
//
// Kept in Postgres (rate_limit_hits, as the form limits are, so it holds across every function
// instance and is purged with them) in one-minute windows summed over the last 15 minutes: a
// sliding window, so nothing resets at a window edge. An attempt is counted BEFORE the key is
// compared, so concurrent guesses cannot slip past the limit; a right key clears the count.
import type { Db } from '../db/client.ts';
import { clientHash } from '../rate-limit.ts';

export const LOGIN_BUCKET = 'admin-login';
export const DEVICE_BUCKET = 'admin-login-device';
export const GLOBAL_BUCKET = 'admin-login-all';
export const MAX_FAILURES = 5;
export const GLOBAL_MAX_FAILURES = 100;
export const LOCKOUT_SECONDS = 15 * 60;
const WINDOW_SECONDS = 60;
const EVERYONE = 'all';

/** Marks the log line of the global ceiling, for whoever watches the logs. */
export const ALERT_MARK = 'ADMIN LOGIN ALERT';

export type Attempt =
  | { allowed: true; /** Call once the key is judged. */ settle: (correct: boolean) => Promise<void> }
  | { allowed: false; retryAfter: number };

/** Adds a hit to `client`'s current window; returns the window and the client's 15-minute total. */
export async function addHit(db: Db, bucket: string, client: string): Promise<{ window: string; total: number }> {
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
    [bucket, client, WINDOW_SECONDS, LOCKOUT_SECONDS],
  );
  return { window: rows[0]!.window_start, total: rows[0]!.total };
}

export async function recentTotal(db: Db, bucket: string, client: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT coalesce(sum(hits), 0)::integer AS total FROM rate_limit_hits
     WHERE bucket = $1 AND client_hash = $2 AND window_start > now() - make_interval(secs => $3)`,
    [bucket, client, LOCKOUT_SECONDS],
  );
  return rows[0]!.total;
}

/**
 * Counts an attempt of `ip` (or of the browser `device`, from knownDevice()) and says whether it
 * may try a key.
 */
export async function beginAttempt(db: Db, ip: string, device?: string): Promise<Attempt> {
  if (!device && (await recentTotal(db, GLOBAL_BUCKET, EVERYONE)) >= GLOBAL_MAX_FAILURES) {
    return { allowed: false, retryAfter: await retryAfter(db, GLOBAL_BUCKET, EVERYONE, GLOBAL_MAX_FAILURES) };
  }
  const bucket = device ? DEVICE_BUCKET : LOGIN_BUCKET;
  const client = device ?? (await clientHash(db, ip, 48));
  const { window, total } = await addHit(db, bucket, client);

  if (total > MAX_FAILURES) {
    // Refused attempts do not count: give this one back, then say when the next may come.
    await db.query(
      `UPDATE rate_limit_hits SET hits = hits - 1 WHERE bucket = $1 AND client_hash = $2 AND window_start = $3::timestamptz`,
      [bucket, client, window],
    );
    return { allowed: false, retryAfter: await retryAfter(db, bucket, client, MAX_FAILURES) };
  }

  return {
    allowed: true,
    settle: async (correct) => {
      if (correct) {
        await db.query('DELETE FROM rate_limit_hits WHERE bucket = $1 AND client_hash = $2', [bucket, client]);
        return;
      }
      const everyone = await addHit(db, GLOBAL_BUCKET, EVERYONE);
      if (everyone.total === GLOBAL_MAX_FAILURES) {
        console.error(
          `${ALERT_MARK}: ${GLOBAL_MAX_FAILURES} wrong admin keys from all clients in the last 15 minutes. ` +
            'Someone may be guessing the key from many addresses; log-ins from browsers that have not logged in before are refused until the count falls.',
        );
      }
    },
  };
}

/** Seconds until fewer than `max` failures of `client` fall within the last 15 minutes. */
export async function retryAfter(db: Db, bucket: string, client: string, max: number): Promise<number> {
  const { rows } = await db.query<{ hits: number; expires_in: number }>(
    `SELECT hits, ceil(extract(epoch FROM window_start) + $3 - extract(epoch FROM now()))::integer AS expires_in
     FROM rate_limit_hits
     WHERE bucket = $1 AND client_hash = $2 AND window_start > now() - make_interval(secs => $3) AND hits > 0
     ORDER BY window_start`,
    [bucket, client, LOCKOUT_SECONDS],
  );
  let remaining = rows.reduce((sum, r) => sum + r.hits, 0);
  for (const row of rows) {
    remaining -= row.hits;
    if (remaining < max) return Math.min(LOCKOUT_SECONDS, Math.max(1, row.expires_in));
  }
  return 1;
}
