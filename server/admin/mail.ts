// The Mail view's data: the outbox newest first, page by page (announcements summed up one line
// each), and the retry of a failed mail.
import type { Queryable } from '../db/client.ts';
import {
  MAIL_ANNOUNCEMENT_LINES,
  MAIL_PAGE_SIZE,
  MAIL_STATUSES,
  type MailAnnouncementLine,
  type MailPage,
  type MailRow,
  type MailStatus,
} from '../../src/shared/admin-mail-api.ts';
import { RECIPIENT_TOKEN_PLACEHOLDER } from '../mail/outbox.ts';
import { redactLinks } from '../mail/sealed-links.ts';
import { ownerEmail, smtpSettings } from '../settings.ts';
import { parseId } from './lists.ts';

const TIMESTAMP = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** ?status= and ?before= (an id), or undefined when either is malformed. */
export function parseMailQuery(url: URL): { status?: MailStatus; before?: string } | undefined {
  const status = url.searchParams.get('status') || undefined;
  const before = url.searchParams.get('before') || undefined;
  if (status && !(MAIL_STATUSES as readonly string[]).includes(status)) return undefined;
  if (before && !parseId(before)) return undefined;
  return { status: status as MailStatus | undefined, before };
}

/**
 * One page of the outbox, newest first. Unfiltered it lists the site's own mail (alerts,
 * confirmations, tests) and sums announcements up one line each: an announcement's 100,000 copies
 * would otherwise bury everything else. A status filter lists every mail of that status.
 */
export async function readMailPage(db: Queryable, query: { status?: MailStatus; before?: string }): Promise<MailPage> {
  const firstUnfiltered = !query.status && !query.before;
  const [list, counts, lines] = await Promise.all([
    db.query<MailRow>(
      `SELECT o.id::text, o.kind, o.recipient, o.subject,
              -- An announcement's copy has no text of its own (migration 008): its announcement's,
              -- with the reader's token left out.
              coalesce(o.text, replace(a.mail_text, $4, '…')) AS text,
              o.announcement_id::text AS announcement_id,
              o.status, o.attempts, o.last_error,
              ${TIMESTAMP('o.created_at')} AS created_at,
              CASE WHEN o.sent_at IS NULL THEN NULL ELSE ${TIMESTAMP('o.sent_at')} END AS sent_at,
              ${TIMESTAMP('o.next_attempt_at')} AS next_attempt_at
         FROM mail_outbox o LEFT JOIN announcements a ON a.id = o.announcement_id
        WHERE ($1::text IS NULL OR o.status = $1) AND ($2::bigint IS NULL OR o.id < $2::bigint)
          AND ($1::text IS NOT NULL OR o.announcement_id IS NULL)
        ORDER BY o.id DESC
        LIMIT $3`,
      [query.status ?? null, query.before ?? null, MAIL_PAGE_SIZE + 1, RECIPIENT_TOKEN_PLACEHOLDER],
    ),
    db.query<{ status: MailStatus; n: number }>(`SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status`),
    firstUnfiltered
      ? db.query<MailAnnouncementLine>(
          `SELECT a.id::text AS id, a.subject, a.status, a.recipients,
                  CASE WHEN a.sent_at IS NULL THEN NULL ELSE ${TIMESTAMP('a.sent_at')} END AS sent_at,
                  coalesce(c.queued, 0)::int AS queued, (coalesce(c.sent, 0) + a.purged_sent)::int AS sent,
                  (coalesce(c.failed, 0) + a.purged_failed)::int AS failed,
                  (coalesce(c.skipped, 0) + a.purged_skipped)::int AS skipped,
                  (coalesce(c.cancelled, 0) + a.purged_cancelled)::int AS cancelled
             FROM announcements a
             LEFT JOIN LATERAL (
               SELECT count(*) FILTER (WHERE o.status IN ('queued', 'sending')) AS queued,
                      count(*) FILTER (WHERE o.status = 'sent') AS sent,
                      count(*) FILTER (WHERE o.status = 'failed') AS failed,
                      count(*) FILTER (WHERE o.status = 'skipped') AS skipped,
                      count(*) FILTER (WHERE o.status = 'cancelled') AS cancelled
                 FROM mail_outbox o WHERE o.announcement_id = a.id) c ON true
            WHERE a.status <> 'draft'
            ORDER BY a.sent_at DESC NULLS LAST, a.id DESC
            LIMIT $1`,
          [MAIL_ANNOUNCEMENT_LINES],
        )
      : Promise.resolve({ rows: [] as MailAnnouncementLine[] }),
  ]);
  // No live link reaches the browser (third audit, item 5): tokens and placeholders show as "…".
  const rows = list.rows
    .slice(0, MAIL_PAGE_SIZE)
    .map((r) => ({ ...r, text: r.text === null ? r.text : redactLinks(r.text), attempts: Number(r.attempts) }));
  const number = (x: unknown) => Number(x ?? 0);
  return {
    configured: smtpSettings() !== null,
    ownerAlerts: ownerEmail() !== null,
    counts: Object.fromEntries(
      MAIL_STATUSES.map((s) => [s, Number(counts.rows.find((c) => c.status === s)?.n ?? 0)]),
    ) as Record<MailStatus, number>,
    rows,
    announcements: lines.rows.map((l) => ({
      ...l,
      recipients: number(l.recipients),
      queued: number(l.queued),
      sent: number(l.sent),
      failed: number(l.failed),
      skipped: number(l.skipped),
      cancelled: number(l.cancelled),
    })),
    nextCursor: list.rows.length > MAIL_PAGE_SIZE ? rows[rows.length - 1]!.id : null,
  };
}

/** Queues a failed mail again, its attempts counted afresh: false when there is no failed mail `id`. */
export async function retryMail(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE mail_outbox SET status = 'queued', attempts = 0, next_attempt_at = now(), claim = NULL
      WHERE id = $1::bigint AND status = 'failed' RETURNING id`,
    [id],
  );
  if (rows.length) console.log(`admin: mail ${id} queued again`);
  return rows.length === 1;
}
