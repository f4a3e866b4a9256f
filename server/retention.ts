// The daily purge of what the site keeps only for a while (/privacy says how long; docs/mail.md why):
//   contact messages    older than MESSAGE_RETENTION_DAYS (default 730: two years)
//   delivered mail      30 days after it was sent (long enough to answer "did the alert go out?")
//   failed mail         90 days after it was queued (long enough for the owner to see and retry it)
//   unsent mail         an announcement's skipped or cancelled rows, 30 days after they were queued
// Queued mail is never purged: nothing acknowledged is dropped. `npm start` runs this on a timer,
// Netlify daily (netlify/functions/purge-old-data.ts).
import type { Queryable } from './db/client.ts';

export const SENT_MAIL_DAYS = 30;
export const FAILED_MAIL_DAYS = 90;

export interface Purged {
  messages: number;
  sentMail: number;
  failedMail: number;
  unsentMail: number;
}

async function count(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    params,
  );
  return rows[0]?.n ?? 0;
}

export async function purgeOldData(db: Queryable, messageRetentionDays: number): Promise<Purged> {
  return {
    messages: await count(
      db,
      `DELETE FROM contact_submissions WHERE submitted_at < now() - make_interval(days => $1)`,
      [messageRetentionDays],
    ),
    // A message's alert quotes it: an alert is never kept longer than the message itself.
    sentMail: await count(
      db,
      `DELETE FROM mail_outbox WHERE status = 'sent'
          AND (sent_at < now() - make_interval(days => $1) OR created_at < now() - make_interval(days => $2))`,
      [SENT_MAIL_DAYS, messageRetentionDays],
    ),
    failedMail: await count(
      db,
      `DELETE FROM mail_outbox WHERE status = 'failed' AND created_at < now() - make_interval(days => $1)`,
      [Math.min(FAILED_MAIL_DAYS, messageRetentionDays)],
    ),
    // An announcement's rows that never went (the reader left, the owner cancelled): the address
    // is kept no longer than a delivered copy's would be.
    unsentMail: await count(
      db,
      `DELETE FROM mail_outbox WHERE status IN ('skipped', 'cancelled') AND created_at < now() - make_interval(days => $1)`,
      [SENT_MAIL_DAYS],
    ),
  };
}
