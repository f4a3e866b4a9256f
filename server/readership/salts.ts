// The daily salts of the visitor hash (Plausible's published method): one random salt per
// site-local day, made on the day's first view, kept in the database (so every function instance
// and the server agree) and deleted 48 hours after it was made. A visitor is
//   HMAC-SHA-256(salt of the day, site host | client address | user agent), 128 bits
// so one reader is one visitor for a day, and after the salt is gone nobody can tell which
// address or browser a stored hash came from, nor follow a reader from one day to the next.
// Every function takes `now`, so tests move the clock instead of waiting.
import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { addressKey } from '../client-address.ts';

/** Salts older than this are deleted (and never used again). */
export const SALT_LIFETIME_HOURS = 48;

/** The site-local calendar day of `now`, as YYYY-MM-DD. */
export function localDay(now: Date, timeZone: string): string {
  let zone = zones.get(timeZone);
  if (!zone) {
    // Making a formatter costs about half a millisecond; every view asks for its day.
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    zone = { format, minute: NaN, day: '' };
    zones.set(timeZone, zone);
  }
  // Every zone's offset is a whole number of minutes, so a day cannot change within a minute:
  // formatting (a few microseconds) is done once a minute, not once a view.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.day = zone.format.format(now);
    zone.minute = minute;
  }
  return zone.day;
}
const zones = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

const cache = new Map<string, { salt: string; created: number }>();

/** The salt of `now`'s day, made if it does not exist yet (two makers agree: the first insert wins). */
export async function saltFor(db: Queryable, now: Date, timeZone: string): Promise<string> {
  const day = localDay(now, timeZone);
  const cached = cache.get(day);
  if (cached && now.getTime() - cached.created < SALT_LIFETIME_HOURS * 3_600_000) return cached.salt;
  let row: { salt: string; created: string } | undefined;
  // Two first views of a day at once: the statement that loses the insert waits for the winner,
  // but its SELECT reads the snapshot taken when it began, before the winner committed, and finds
  // nothing. The next statement sees the committed salt.
  for (let attempt = 0; !row; attempt++) {
    if (attempt === 3) throw new Error(`readership: no salt for ${day} after three attempts`);
    const { rows } = await db.query<{ salt: string; created: string }>(
      `WITH made AS (
         INSERT INTO readership_salts (day, salt, created_at) VALUES ($1::date, $2, $3::timestamptz)
         ON CONFLICT (day) DO NOTHING RETURNING salt, created_at
       )
       SELECT salt, created_at::text AS created FROM made
       UNION ALL SELECT salt, created_at::text FROM readership_salts WHERE day = $1::date
       LIMIT 1`,
      [day, randomBytes(32).toString('hex'), now.toISOString()],
    );
    row = rows[0];
  }
  // A salt already past its life (a clock set back in a test) is not kept in memory.
  cache.set(day, { salt: row.salt, created: Math.min(now.getTime(), Date.parse(row.created)) });
  return row.salt;
}

/** Deletes the salts made more than SALT_LIFETIME_HOURS before `now`; how many went. */
export async function deleteOldSalts(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ day: string }>(
    `DELETE FROM readership_salts WHERE created_at <= $1::timestamptz - make_interval(hours => $2)
     RETURNING to_char(day, 'YYYY-MM-DD') AS day`,
    [now.toISOString(), SALT_LIFETIME_HOURS],
  );
  for (const { day } of rows) cache.delete(day);
  return rows.length;
}

/** Forgets the salts held in memory (a test that deletes them behind the module's back). */
export function forgetSalts(): void {
  cache.clear();
}

/** The visitor hash of one reader on the salt's day. IPv6 is taken by its /64, as the limits do. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHmac('sha256', salt)
    .update(`${site}\n${addressKey(address)}\n${userAgent}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
