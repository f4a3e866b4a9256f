// Announcements in the database (migration 007; docs/announcements.md): drafts, the audience
// count, queueing every recipient in one INSERT … SELECT, pause/resume/cancel, progress and
// history, and the drafts a new build proposes.
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Announcement, AnnouncementStatus, PreviousSend } from '../../src/shared/announcement-api.ts';
import type { Db, Queryable } from '../db/client.ts';
import { findAnnounceable, announceableItems } from './catalogue.ts';
import { announcementCampaign, renderAnnouncement, type AnnouncementSource } from './compose.ts';
import { headerText } from '../mail/outbox.ts';

export type { Announcement, AnnouncementStatus, PreviousSend };

export interface Draft {
  source_path?: string | undefined;
  note?: string | undefined;
  subject: string;
  audience: SignupType[];
}

/** What the e-mail is made from; undefined when the article is not (or no longer) on the site. */
export function sourceOf(draft: {
  source_path?: string | null | undefined;
  note?: string | null | undefined;
  subject: string;
  audience: readonly SignupType[];
}): AnnouncementSource | undefined {
  const item = draft.source_path ? findAnnounceable(draft.source_path) : undefined;
  if (draft.source_path && !item) return undefined;
  return { subject: draft.subject, audience: draft.audience, item, note: draft.note ?? undefined };
}

const COLUMNS = `a.id::text AS id, a.source_path, a.note, a.subject, a.audience, a.status, a.proposed,
  a.created_by, a.created_at, a.sent_by, a.sent_at, a.finished_at, a.recipients,
  coalesce(c.queued, 0)::int AS queued, (coalesce(c.sent, 0) + a.purged_sent)::int AS sent,
  (coalesce(c.failed, 0) + a.purged_failed)::int AS failed, (coalesce(c.skipped, 0) + a.purged_skipped)::int AS skipped,
  (coalesce(c.cancelled, 0) + a.purged_cancelled)::int AS cancelled`;

const COUNTS = `LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE o.status IN ('queued', 'sending')) AS queued,
           count(*) FILTER (WHERE o.status = 'sent') AS sent,
           count(*) FILTER (WHERE o.status = 'failed') AS failed,
           count(*) FILTER (WHERE o.status = 'skipped') AS skipped,
           count(*) FILTER (WHERE o.status = 'cancelled') AS cancelled
      FROM mail_outbox o WHERE o.announcement_id = a.id) c ON true`;

/** PGlite and pg give text[] as an array; Neon's HTTP driver may give its literal. */
function audienceOf(value: unknown): SignupType[] {
  return Array.isArray(value)
    ? (value as SignupType[])
    : (String(value).replace(/[{}]/g, '').split(',').filter(Boolean) as SignupType[]);
}

function normalise(row: Announcement): Announcement {
  return { ...row, audience: audienceOf(row.audience) };
}

/** Marks announcements whose last mail has gone as done (read paths call it: no timer needed). */
async function settle(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE announcements a SET status = 'done', finished_at = now()
      WHERE a.status = 'sending'
        AND NOT EXISTS (SELECT 1 FROM mail_outbox o WHERE o.announcement_id = a.id AND o.status IN ('queued', 'sending'))`,
  );
}

export async function readAnnouncement(db: Db, id: string): Promise<Announcement | undefined> {
  await settle(db);
  const { rows } = await db.query<Announcement>(
    `SELECT ${COLUMNS} FROM announcements a ${COUNTS} WHERE a.id = $1::bigint`,
    [id],
  );
  return rows[0] && normalise(rows[0]);
}

/** The history, newest first (drafts, proposals included). */
export async function listAnnouncements(db: Db, limit = 50): Promise<Announcement[]> {
  await settle(db);
  const { rows } = await db.query<Announcement>(
    `SELECT ${COLUMNS} FROM announcements a ${COUNTS} ORDER BY a.created_at DESC, a.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(normalise);
}

async function insertDraft(db: Queryable, draft: Draft): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO announcements (source_path, note, subject, audience) VALUES ($1, $2, $3, $4::text[]) RETURNING id::text AS id`,
    [draft.source_path ?? null, draft.note ?? null, draft.subject, draft.audience],
  );
  return rows[0]!.id;
}

export async function createDraft(db: Db, draft: Draft): Promise<Announcement> {
  return (await readAnnouncement(db, await insertDraft(db, draft)))!;
}

class Rollback extends Error {}

/**
 * Saves the draft as "Send" would, then rolls it back: a test send goes out only for a draft that
 * the real send can store (every CHECK of the table applies), so the test predicts the send.
 * Throws what the insert throws.
 */
export async function checkDraftStorable(db: Db, draft: Draft): Promise<void> {
  await db
    .transaction(async (tx) => {
      await insertDraft(tx, draft);
      throw new Rollback('dry run');
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
}

/**
 * Confirmed subscribers of any of `types` ($1), each address once, leaving out bounced addresses
 * and, for an article or story ($2, NULL for a note), every address a copy of an earlier
 * announcement of it went to or is going to (while its outbox rows are kept: 30 days,
 * server/retention.ts). Beyond that the repeat confirmation is the guard (docs/announcements.md).
 */
const AUDIENCE = `SELECT min(s.email) AS address, min(s.email_hash) AS email_hash,
         CASE WHEN count(*) = 1 THEN min(s.signup_type) END AS list_type
    FROM email_signups s
   WHERE s.status = 'confirmed' AND s.signup_type = ANY($1::text[])
     AND NOT EXISTS (SELECT 1 FROM bounced_addresses b WHERE b.email_hash = s.email_hash)
     AND NOT EXISTS (
       SELECT 1 FROM mail_outbox o JOIN announcements p ON p.id = o.announcement_id
        WHERE $2::text IS NOT NULL AND p.source_path = $2::text
          AND o.status IN ('queued', 'sending', 'sent') AND lower(o.recipient) = lower(s.email))
   GROUP BY lower(s.email)`;

/** Readers the announcement would reach now (each address once). */
export async function audienceCount(
  db: Queryable,
  types: readonly SignupType[],
  sourcePath: string | null = null,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${AUDIENCE}) r`, [types, sourcePath]);
  return Number(rows[0]?.n ?? 0);
}

/** Earlier sends of `sourcePath` to any of `types`, oldest first (none for a note). */
export async function previousSends(
  db: Queryable,
  sourcePath: string | null | undefined,
  types: readonly SignupType[],
  /** The announcement being sent: its own send (a double click's first) is not an earlier one. */
  exceptId: string | null = null,
): Promise<PreviousSend[]> {
  if (!sourcePath) return [];
  const { rows } = await db.query<PreviousSend>(
    `SELECT audience, sent_at, recipients FROM announcements
      WHERE source_path = $1 AND status <> 'draft' AND sent_at IS NOT NULL AND audience && $2::text[]
        AND ($3::bigint IS NULL OR id <> $3::bigint)
      ORDER BY sent_at, id`,
    [sourcePath, types, exceptId],
  );
  return rows.map((row) => ({ ...row, audience: audienceOf(row.audience) }));
}

export type SendResult =
  | { kind: 'queued'; announcement: Announcement }
  /** Sent before (a double click, a retry): nothing more was queued. */
  | { kind: 'already'; announcement: Announcement }
  | { kind: 'missing' }
  | { kind: 'unknown-source' }
  | { kind: 'no-recipients' }
  /** Sent to some of these lists before: the owner has to confirm a repeat (`repeat: true`). */
  | { kind: 'repeat'; previous: PreviousSend[] };

/**
 * Queues the announcement to every confirmed subscriber of its audience, once: the draft → sending
 * change admits one caller only, and the outbox's dedupe key (announcement:<id>:<address>) would
 * refuse a second row anyway. The e-mail is rendered once and stored once, on the announcement,
 * with a placeholder for the reader's token (migration 008); each recipient gets a small outbox
 * row (address, subject, key): one INSERT … SELECT for any list size. The reader's preferences
 * token and its subscriber_links row are made by the sender when that copy goes (mail/claim.ts), so a
 * copy that is skipped or cancelled never makes a link, and queueing does no per-row hashing.
 */
export async function sendAnnouncement(
  db: Db,
  id: string,
  sentBy: string,
  changes: Partial<Pick<Draft, 'subject' | 'audience'>> & { repeat?: boolean | undefined } = {},
): Promise<SendResult> {
  const current = await readAnnouncement(db, id);
  if (!current) return { kind: 'missing' };
  if (current.status !== 'draft') return { kind: 'already', announcement: current };
  const { repeat, ...edits } = changes;
  const draft = { ...current, ...edits };
  const source = sourceOf(draft);
  if (!source) return { kind: 'unknown-source' };
  const previous = await previousSends(db, draft.source_path, draft.audience, id);
  const refusal: SendResult | null =
    previous.length && !repeat
      ? { kind: 'repeat', previous }
      : (await audienceCount(db, draft.audience, draft.source_path)) === 0
        ? { kind: 'no-recipients' }
        : null;
  if (refusal) {
    // A double click's second request may look after the first has queued: its rows then hide
    // every reader from the audience. That is the first send, not a refusal.
    const now = await readAnnouncement(db, id);
    return now && now.status !== 'draft' ? { kind: 'already', announcement: now } : refusal;
  }
  const mail = await renderAnnouncement({ ...source, campaign: announcementCampaign(id) });
  // One line each, as enqueueMail makes every header value (server/mail/outbox.ts).
  const headers = Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k, headerText(v, 2000)]));
  const subject = headerText(draft.subject) || mail.subject;

  const queued = await db.transaction(async (tx) => {
    const { rows: claimed } = await tx.query(
      `UPDATE announcements SET status = 'sending', sent_by = $2, sent_at = now(), subject = $3, audience = $4::text[],
              mail_text = $5, mail_html = $6, mail_headers = $7::jsonb
        WHERE id = $1::bigint AND status = 'draft' RETURNING id`,
      [id, sentBy, draft.subject, draft.audience, mail.text, mail.html, JSON.stringify(headers)],
    );
    if (!claimed.length) return null;
    const { rows } = await tx.query<{ n: number }>(
      `WITH queued AS (
         INSERT INTO mail_outbox (kind, recipient, subject, dedupe_key, announcement_id)
         SELECT 'announcement', address, $3, 'announcement:' || $4 || ':' || lower(address), $5::bigint
           FROM (${AUDIENCE}) r
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING 1
       )
       SELECT count(*)::int AS n FROM queued`,
      [draft.audience, draft.source_path, subject, id, id],
    );
    const n = Number(rows[0]?.n ?? 0);
    await tx.query(`UPDATE announcements SET recipients = $2 WHERE id = $1::bigint`, [id, n]);
    return n;
  });
  const announcement = (await readAnnouncement(db, id))!;
  return queued === null ? { kind: 'already', announcement } : { kind: 'queued', announcement };
}

export type Control = 'pause' | 'resume' | 'cancel';

/**
 * Pause: the queued rows wait (next_attempt_at far in the future; the sender also checks at send time, so
 * a row in flight or retried is held too). Resume: due now. Cancel: the rows not yet sent are
 * cancelled for good. Returns false when the announcement is not in a state that allows it.
 */
export async function controlAnnouncement(db: Db, id: string, control: Control): Promise<boolean> {
  const from = control === 'resume' ? ['paused'] : control === 'pause' ? ['sending'] : ['sending', 'paused'];
  const to = control === 'pause' ? 'paused' : control === 'resume' ? 'sending' : 'cancelled';
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE announcements SET status = $2, finished_at = CASE WHEN $2 = 'cancelled' THEN now() END
        WHERE id = $1::bigint AND status = ANY($3::text[]) RETURNING id`,
      [id, to, from],
    );
    if (!rows.length) return false;
    if (control === 'pause') {
      await tx.query(
        `UPDATE mail_outbox SET next_attempt_at = '9999-12-31' WHERE announcement_id = $1::bigint AND status = 'queued'`,
        [id],
      );
    } else if (control === 'resume') {
      await tx.query(
        `UPDATE mail_outbox SET next_attempt_at = now() WHERE announcement_id = $1::bigint AND status = 'queued'`,
        [id],
      );
    } else {
      await tx.query(
        `UPDATE mail_outbox SET status = 'cancelled', claim = NULL, recipient_token = NULL
          WHERE announcement_id = $1::bigint AND status = 'queued'`,
        [id],
      );
    }
    return true;
  });
}

/**
 * "A new article proposes its announcement": every article or story path of the build that the
 * database has not seen is recorded; each new ARTICLE gets a proposed draft to the Updates list
 * (the readers who asked to hear when we publish). The first time (an empty record: a new
 * installation, or this migration) only records what is there, so the existing site proposes
 * nothing. One statement, safe when two processes run it at once.
 */
export async function proposeNewArticles(db: Queryable): Promise<number> {
  const items = announceableItems();
  if (!items.length) return 0;
  const { rows } = await db.query<{ n: number }>(
    `WITH known AS (SELECT count(*) AS n FROM published_paths),
          fresh AS (
            INSERT INTO published_paths (path) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING RETURNING path
          ),
          proposed AS (
            INSERT INTO announcements (source_path, subject, audience, proposed, created_by)
            SELECT t.path, t.title, ARRAY['Updates'], true, 'build'
              FROM fresh JOIN unnest($1::text[], $2::text[], $3::text[]) AS t(path, title, kind) ON t.path = fresh.path
             WHERE (SELECT n FROM known) > 0 AND t.kind = 'article'
            ON CONFLICT DO NOTHING
            RETURNING 1
          )
     SELECT count(*)::int AS n FROM proposed`,
    [items.map((i) => i.path), items.map((i) => i.title.slice(0, 200)), items.map((i) => i.kind)],
  );
  return Number(rows[0]?.n ?? 0);
}
