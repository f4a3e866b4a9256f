// The daily purge of what the site keeps only for a while (/privacy says how long; docs/mail.md why):
//   contact messages    older than MESSAGE_RETENTION_DAYS (default 730: two years)
//   delivered mail      30 days after it was sent (long enough to answer "did the alert go out?")
//   failed mail         90 days after it was queued (long enough for the owner to see and retry it)
//   unsent mail         an announcement's skipped or cancelled rows, 30 days after they were queued
//   the audit log       entries older than AUDIT_DAYS (400: a year and a month, staff/audit.ts)
// Queued mail is never purged: nothing acknowledged is dropped. `npm start` runs this on a timer,
// Netlify daily (netlify/functions/purge-old-data.ts).
import type { Queryable } from './db/client.ts';
import { purgeAudit } from './staff/audit.ts';

export const SENT_MAIL_DAYS = 30;
export const FAILED_MAIL_DAYS = 90;

export interface Purged {
  messages: number;
  sentMail: number;
  failedMail: number;
  unsentMail: number;
  auditEntries: number;
}

async function count(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deletes outbox rows (`where`) and, in the same statement, adds an announcement's deleted copies
 * to its purged_* counts (migration 008), so its history still says how many were sent.
 */
async function purgeMail(db: Queryable, where: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM mail_outbox WHERE ${where} RETURNING announcement_id, status),
          tally AS (
            SELECT announcement_id AS id,
                   count(*) FILTER (WHERE status = 'sent')::int AS sent,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed,
                   count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
                   count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
              FROM gone WHERE announcement_id IS NOT NULL GROUP BY announcement_id
          ),
          kept AS (
            UPDATE announcements a
               SET purged_sent = a.purged_sent + t.sent, purged_failed = a.purged_failed + t.failed,
                   purged_skipped = a.purged_skipped + t.skipped, purged_cancelled = a.purged_cancelled + t.cancelled
              FROM tally t WHERE a.id = t.id
            RETURNING 1
          )
     SELECT count(*)::int AS n FROM gone`,
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
    sentMail: await purgeMail(
      db,
      `status = 'sent' AND (sent_at < now() - make_interval(days => $1) OR created_at < now() - make_interval(days => $2))`,
      [SENT_MAIL_DAYS, messageRetentionDays],
    ),
    failedMail: await purgeMail(db, `status = 'failed' AND created_at < now() - make_interval(days => $1)`, [
      Math.min(FAILED_MAIL_DAYS, messageRetentionDays),
    ]),
    // An announcement's rows that never went (the reader left, the owner cancelled): the address
    // is kept no longer than a delivered copy's would be.
    unsentMail: await purgeMail(
      db,
      `status IN ('skipped', 'cancelled') AND created_at < now() - make_interval(days => $1)`,
      [SENT_MAIL_DAYS],
    ),
    auditEntries: await purgeAudit(db),
  };
}
