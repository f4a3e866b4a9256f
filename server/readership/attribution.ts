// Which source brought the visitor who signs up: the latest view today by the same visitor hash
// (same day's salt, address and browser) that came from outside the site. The answer is a label
// of the visit ('Google', 'Direct', 'announcement/announcement-12'), never anything about the
// person, and it is the only thing of the readership data a sign-up row keeps
// (email_signups.arrived_from, migration 012).
import type { Queryable } from '../db/client.ts';
import { siteTimeZone, siteUrl } from '../settings.ts';
import { saltFor, visitorHash } from './salts.ts';
import { flushViews } from './writer.ts';

export async function arrivedFrom(
  db: Queryable,
  ip: string,
  userAgent: string,
  now = new Date(),
): Promise<string | null> {
  // A view still in the `npm start` buffer is written first, so a quick sign-up is attributed too.
  await flushViews();
  const salt = await saltFor(db, now, siteTimeZone());
  const visitor = visitorHash(salt, new URL(siteUrl()).host, ip, userAgent);
  const { rows } = await db.query<{ source: string; campaign: string | null }>(
    `SELECT source, utm_campaign AS campaign FROM readership_views
      WHERE visitor = $1 AND channel <> 'internal' AND at > $2::timestamptz - interval '1 day' AND at <= $2::timestamptz
      ORDER BY at DESC LIMIT 1`,
    [visitor, now.toISOString()],
  );
  const found = rows[0];
  if (!found) return null;
  return (found.campaign ? `${found.source}/${found.campaign}` : found.source).slice(0, 100);
}
