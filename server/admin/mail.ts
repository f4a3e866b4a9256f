// The Mail view's data: the outbox newest first, page by page, and the retry of a failed mail.
import type { Queryable } from '../db/client.ts';
import {
  MAIL_PAGE_SIZE,
  MAIL_STATUSES,
  type MailPage,
  type MailRow,
  type MailStatus,
} from '../../src/shared/admin-mail-api.ts';
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

export async function readMailPage(db: Queryable, query: { status?: MailStatus; before?: string }): Promise<MailPage> {
  const [list, counts] = await Promise.all([
    db.query<MailRow>(
      `SELECT id::text, kind, recipient, subject, text, status, attempts, last_error,
              ${TIMESTAMP('created_at')} AS created_at,
              CASE WHEN sent_at IS NULL THEN NULL ELSE ${TIMESTAMP('sent_at')} END AS sent_at,
              ${TIMESTAMP('next_attempt_at')} AS next_attempt_at
         FROM mail_outbox
        WHERE ($1::text IS NULL OR status = $1) AND ($2::bigint IS NULL OR id < $2::bigint)
        ORDER BY id DESC
        LIMIT $3`,
      [query.status ?? null, query.before ?? null, MAIL_PAGE_SIZE + 1],
    ),
    db.query<{ status: MailStatus; n: number }>(`SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status`),
  ]);
  const rows = list.rows.slice(0, MAIL_PAGE_SIZE).map((r) => ({ ...r, attempts: Number(r.attempts) }));
  return {
    configured: smtpSettings() !== null,
    ownerAlerts: ownerEmail() !== null,
    counts: Object.fromEntries(
      MAIL_STATUSES.map((s) => [s, Number(counts.rows.find((c) => c.status === s)?.n ?? 0)]),
    ) as Record<MailStatus, number>,
    rows,
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
