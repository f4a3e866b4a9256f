// The audit log (issue 36): who did what to readers' data or to the staff, when, and from which
// client (a keyed hash, as the rate limits keep it). An entry names the act and the list or row
// number, never the reader's data it is about (an erasure's entry says "signups #12", not the
// address); search texts are never recorded (a search can be an address). Entries are kept
// AUDIT_DAYS, then the daily purge removes them (server/retention.ts).
import type { Db, Queryable } from '../db/client.ts';
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow } from '../csv.ts';
import { SECURITY_HEADERS } from '../http.ts';
import { clientHash } from '../rate-limit.ts';
import {
  AUDIT_ACTIONS,
  AUDIT_DAYS,
  type AuditAction,
  type AuditPage,
  type AuditRow,
} from '../../src/shared/staff-api.ts';

/** The actor of a session opened with ADMIN_KEY. */
export const KEY_ACTOR = 'owner (key)';

export interface Actor {
  staffId: string | null;
  email: string | null;
}

export const actorName = (actor: Actor): string => actor.email ?? KEY_ACTOR;

export async function recordAudit(
  db: Db,
  entry: { actor: Actor | string; action: AuditAction; detail?: string; ip?: string },
): Promise<void> {
  const { actor } = entry;
  await db.query('INSERT INTO admin_audit (staff_id, actor, action, detail, client_hash) VALUES ($1, $2, $3, $4, $5)', [
    typeof actor === 'string' ? null : actor.staffId,
    typeof actor === 'string' ? actor : actorName(actor),
    entry.action,
    (entry.detail ?? '').slice(0, 300),
    entry.ip ? await clientHash(db, entry.ip) : null,
  ]);
}

export interface AuditQuery {
  action?: AuditAction;
  actor?: string;
  /** Entries older than this id (the page before's last). */
  before?: string;
  limit: number;
}

export function parseAuditQuery(url: URL, limit = 100): AuditQuery | undefined {
  const action = url.searchParams.get('action') || undefined;
  const actor = url.searchParams.get('actor') || undefined;
  const before = url.searchParams.get('before') || undefined;
  if (action && !(AUDIT_ACTIONS as readonly string[]).includes(action)) return undefined;
  if (actor && actor.length > 254) return undefined;
  if (before && !/^\d{1,18}$/.test(before)) return undefined;
  return { action: action as AuditAction | undefined, actor: actor?.toLowerCase(), before, limit };
}

export async function readAudit(db: Queryable, query: AuditQuery): Promise<AuditPage> {
  const { rows } = await db.query<AuditRow>(
    `SELECT id::text AS id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
            actor, action, detail, client_hash
     FROM admin_audit
     WHERE ($1::text IS NULL OR action = $1) AND ($2::text IS NULL OR actor = $2)
       AND ($3::bigint IS NULL OR id < $3::bigint)
     ORDER BY admin_audit.id DESC LIMIT $4`,
    [query.action ?? null, query.actor ?? null, query.before ?? null, query.limit + 1],
  );
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return { rows: page, nextCursor: more ? page[page.length - 1]!.id : null };
}

const COLUMNS = ['at', 'actor', 'action', 'detail', 'client_hash'] as const;

/** The filtered log as audit-log.csv (at most the last AUDIT_DAYS: that is all there is). */
export async function auditCsv(db: Queryable, query: Omit<AuditQuery, 'limit' | 'before'>): Promise<Response> {
  const { rows } = await readAudit(db, { ...query, limit: 100_000 });
  const body = CSV_BOM + csvRow(COLUMNS) + rows.map((r) => csvRow(COLUMNS.map((c) => r[c]))).join('');
  return new Response(body, {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': 'attachment; filename="audit-log.csv"',
    },
  });
}

/** The daily purge's part: entries older than AUDIT_DAYS. */
export async function purgeAudit(db: Queryable, days = AUDIT_DAYS): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM admin_audit WHERE at < now() - make_interval(days => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [days],
  );
  return rows[0]?.n ?? 0;
}
