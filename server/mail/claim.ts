// The claim: which due rows a sender takes, as a lease. One UPDATE … WHERE id IN (SELECT … FOR
// UPDATE SKIP LOCKED) RETURNING (the site's own mail first, then announcements' copies): a single
// statement, so it is atomic on every backend (PGlite, `pg`, Neon's HTTP driver) and two senders
// never claim one row. The lease is next_attempt_at: a sender that dies mid-send leaves the row
// 'sending', and once the lease has passed it is due again (README.md, "Lifecycle").
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client.ts';
import { RECIPIENT_TOKEN_PLACEHOLDER, type MailAddress } from './outbox.ts';
import { LINK_DAYS } from '../subscriptions/links.ts';
import { unsealLinks } from './sealed-links.ts';

export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string | MailAddress>;
  attempts: number;
  claim: string;
  message_uuid: string;
  /** The announcement this copy is of; null for the site's own mail. */
  announcement_id: string | null;
  /**
   * An announcement's copy the claim held back at send time (its announcement paused or cancelled,
   * its reader gone or bounced): the claim already recorded it; nothing is sent. null: send it.
   */
  hold: 'paused' | 'cancelled' | 'skipped' | null;
}

/** Connect 10 s + greeting 10 s + a send's socket idle 30 s (smtp-transport.ts) stay well inside it. */
export const LEASE_SECONDS = 120;

/** A fresh preferences token in SQL: 256 random bits, base64url, 43 characters (as tokens.ts makes them). */
const SQL_TOKEN = `translate(rtrim(encode(decode(
    replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')`;

/**
 * Claims up to `limit` due rows for `leaseSeconds`, the site's own mail (an owner alert, a
 * confirmation) before announcements' copies: a reader's confirmation never waits behind a send to
 * 100,000 readers. An announcement's copy (migration 008) is checked here, at send time, in the
 * same statement: its announcement paused (the row waits again), cancelled (it is cancelled), or
 * its reader no longer a confirmed subscriber of those lists or bounced since it was queued (it is
 * skipped: an address that unsubscribes mid-send gets nothing more); such a row comes back with
 * its `hold` and is not sent. A copy that goes gets its reader's token on its first claim (kept,
 * so a copy sent again after a crash carries the same link), the token's SHA-256 in
 * subscriber_links (the subscription e-mails' table and lifetime; the link leaves the one list the
 * reader was on among the announcement's, or all of them: docs/announcements.md), and the
 * announcement's body with the token in place of the placeholder. One statement per claim.
 */
export async function claimDue(db: Queryable, limit: number, leaseSeconds = LEASE_SECONDS): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `WITH site AS (
       SELECT id FROM mail_outbox
        WHERE announcement_id IS NULL AND status IN ('queued', 'sending') AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     ), due AS (
       SELECT id FROM mail_outbox
        WHERE status IN ('queued', 'sending') AND next_attempt_at <= now() AND id NOT IN (SELECT id FROM site)
        ORDER BY next_attempt_at, id
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     ), picked AS (
       SELECT id FROM (SELECT id, 0 AS rank FROM site UNION ALL SELECT id, 1 FROM due) p ORDER BY rank LIMIT $3
     ), checked AS (
       SELECT x.id,
              CASE WHEN x.announcement_id IS NULL THEN NULL
                   WHEN a.status = 'paused' THEN 'paused'
                   WHEN a.status = 'cancelled' THEN 'cancelled'
                   WHEN l.n = 0 THEN 'skipped' END AS hold,
              CASE WHEN l.n = 1 THEN l.only_type END AS link_type
         FROM picked p JOIN mail_outbox x ON x.id = p.id
         LEFT JOIN announcements a ON a.id = x.announcement_id
         LEFT JOIN LATERAL (
           SELECT count(*) AS n, min(s.signup_type) AS only_type FROM email_signups s
            WHERE x.announcement_id IS NOT NULL AND s.email_hash = subscriber_hash(x.recipient)
              AND s.status = 'confirmed'
              AND s.signup_type = ANY(a.audience)
              AND NOT EXISTS (SELECT 1 FROM bounced_addresses b WHERE b.email_hash = s.email_hash)
         ) l ON x.announcement_id IS NOT NULL
     ), claimed AS (
       UPDATE mail_outbox o
          SET status = coalesce(k.hold, 'sending'),
              attempts = CASE WHEN k.hold IS NULL THEN o.attempts + 1 ELSE o.attempts END,
              claim = CASE WHEN k.hold IS NULL THEN $1::uuid END,
              next_attempt_at = CASE WHEN k.hold IS NULL THEN now() + make_interval(secs => $2)
                                     WHEN k.hold = 'paused' THEN '9999-12-31'::timestamptz
                                     ELSE o.next_attempt_at END,
              last_error = CASE WHEN k.hold = 'skipped'
                                THEN 'not sent: the reader unsubscribed or the address bounced after it was queued'
                                ELSE o.last_error END,
              recipient_token = CASE WHEN o.text IS NOT NULL THEN NULL
                                     WHEN k.hold IS NULL THEN coalesce(o.recipient_token, ${SQL_TOKEN})
                                     WHEN k.hold = 'paused' THEN o.recipient_token END
         FROM checked k
        WHERE o.id = k.id
        RETURNING o.id, o.kind, o.recipient, o.subject, o.text, o.html, o.headers, o.attempts, o.claim,
                  o.message_uuid, o.announcement_id, o.recipient_token, k.hold, k.link_type
     ), link AS (
       INSERT INTO subscriber_links (token_hash, email_hash, signup_type, expires_at)
       SELECT encode(sha256(convert_to(c.recipient_token, 'UTF8')), 'hex'), subscriber_hash(c.recipient),
              c.link_type, now() + make_interval(days => $5::integer)
         FROM claimed c
        WHERE c.hold IS NULL AND c.announcement_id IS NOT NULL AND c.recipient_token IS NOT NULL
       ON CONFLICT (token_hash) DO NOTHING
     )
     SELECT c.id, c.kind, c.recipient, c.subject, c.attempts, c.claim, c.message_uuid, c.hold, c.announcement_id,
            coalesce(c.text, replace(a.mail_text, $4, c.recipient_token)) AS text,
            CASE WHEN c.text IS NULL THEN replace(a.mail_html, $4, c.recipient_token) ELSE c.html END AS html,
            CASE WHEN c.text IS NULL THEN replace(a.mail_headers::text, $4, c.recipient_token)::jsonb
                 ELSE c.headers END AS headers
       FROM claimed c LEFT JOIN announcements a ON a.id = c.announcement_id`,
    [randomUUID(), leaseSeconds, limit, RECIPIENT_TOKEN_PLACEHOLDER, LINK_DAYS],
  );
  const claimed = rows.map((row) => ({
    ...row,
    headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as OutboxRow['headers']) : row.headers,
  }));
  return unsealLinks(db, claimed); // the sealed links go into the copy being sent (mail/sealed-links.ts)
}

/** Seconds until the next row is due (a retry or an expired lease), or null when nothing waits. */
export async function secondsUntilDue(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ wait: number | null }>(
    `SELECT extract(epoch FROM min(next_attempt_at) - now())::float8 AS wait
       FROM mail_outbox WHERE status IN ('queued', 'sending')`,
  );
  const wait = rows[0]?.wait;
  return wait === null || wait === undefined ? null : Math.max(0, Number(wait));
}

/**
 * Makes every 'sending' row due now. Only for the embedded database: its lock file means no other
 * process can be sending, so any such row was left by this server's previous life (a crash).
 */
export async function releaseAbandonedClaims(db: Db): Promise<number> {
  if (db.kind !== 'pglite') return 0;
  const { rows } = await db.query<{ id: string }>(
    `UPDATE mail_outbox SET status = 'queued', claim = NULL, next_attempt_at = now()
      WHERE status = 'sending' RETURNING id`,
  );
  return rows.length;
}
