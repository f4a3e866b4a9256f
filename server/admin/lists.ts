// The dashboard's two lists: newest first (submitted_at, then id, descending), in pages found by
// keyset (the last row's position, not an OFFSET, so page 1,000 costs what page 1 does), optionally
// filtered by a case-insensitive substring of the fields the spec names:
//   contacts: name, email or subject        sign-ups: email, signup_type or source_page
// The search runs on each table's `search_text` (migration 002: those fields lowercased, one per
// line) as `LIKE lower('%text%')`, served by a trigram index where pg_trgm exists.
import type { Queryable } from '../db/client.ts';
import {
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
  type ListKind,
  type Page,
  type RowOf,
} from '../../src/shared/admin-api.ts';
import { SIGNUP_STATUSES, type SignupStatus } from '../../src/shared/messages/subscriptions.ts';

interface ListSpec {
  table: string;
  /** The columns sent, besides id and submitted_at. */
  columns: readonly string[];
}

export const LISTS: Record<ListKind, ListSpec> = {
  contacts: {
    table: 'contact_submissions',
    columns: ['name', 'email', 'subject', 'message', 'source_page'],
  },
  signups: {
    table: 'email_signups',
    columns: ['email', 'signup_type', 'source_page', 'status'],
  },
};

export interface ListQuery {
  /** Search text (trimmed, non-empty), or undefined for everything. */
  q?: string;
  cursor?: Cursor;
  limit: number;
  /** Sign-ups only: just this status (docs/subscriptions.md). */
  status?: SignupStatus;
}

/** Where the previous page ended: its last row's submitted_at (exact, as text) and id. */
export interface Cursor {
  at: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[1-9]\d{0,18}$/;
const BIGINT_MAX = 9223372036854775807n;

/** A row id from a URL, or undefined when it cannot be one (so it matches nothing). */
export function parseId(value: string | undefined): string | undefined {
  return value && ID.test(value) && BigInt(value) <= BIGINT_MAX ? value : undefined;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/**
 * A cursor's timestamp: the exact form we write, and a real instant. The pattern alone lets through
 * a 13th month or a 31st of February, which Postgres refuses with an error (a 500, not a 400).
 */
function isTimestamp(at: string): boolean {
  if (!TIMESTAMP.test(at)) return false;
  const date = new Date(`${at.slice(0, 23)}Z`);
  return (
    !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().slice(0, 19) === at.slice(0, 19)
  );
}

export function decodeCursor(value: string): Cursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(value)) return undefined;
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  return at && isTimestamp(at) && parseId(id) && rest.length === 0 ? { at, id: id! } : undefined;
}

/** Text no search needs and Postgres may refuse: control characters (NUL above all), lone UTF-16 halves. */
function unusable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return /\p{Cs}/u.test(text);
}

export type ParsedListQuery = { ok: true; query: ListQuery } | { ok: false };

/** `?q=&cursor=&limit=` of a list or export request; not ok when a parameter is malformed. */
export function parseListQuery(url: URL, { defaultLimit = PAGE_SIZE, maxLimit = MAX_PAGE_SIZE } = {}): ParsedListQuery {
  const params = url.searchParams;
  const q = (params.get('q') ?? '').trim();
  if (q.length > MAX_QUERY_LENGTH || unusable(q)) return { ok: false };

  let cursor: Cursor | undefined;
  const rawCursor = params.get('cursor');
  if (rawCursor) {
    cursor = decodeCursor(rawCursor);
    if (!cursor) return { ok: false };
  }

  let limit = defaultLimit;
  const rawLimit = params.get('limit');
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d{1,4}$/.test(rawLimit)) return { ok: false };
    limit = Number(rawLimit);
    if (limit < 1 || limit > maxLimit) return { ok: false };
  }
  let status: SignupStatus | undefined;
  const rawStatus = params.get('status');
  if (rawStatus !== null && rawStatus !== '') {
    if (!(SIGNUP_STATUSES as readonly string[]).includes(rawStatus)) return { ok: false };
    status = rawStatus as SignupStatus;
  }
  return { ok: true, query: { q: q || undefined, cursor, limit, ...(status ? { status } : {}) } };
}

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One batch of `kind` after `query.cursor`, and where the next one starts (none: this was the last). */
export async function readBatch<K extends ListKind>(
  db: Queryable,
  kind: K,
  query: ListQuery,
): Promise<{ rows: RowOf[K][]; next: Cursor | undefined }> {
  const spec = LISTS[kind];
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.q) {
    params.push(containsPattern(query.q));
    // lower() in SQL, so the text is folded exactly as search_text was (and as ILIKE would).
    where.push(`t.search_text LIKE lower($${params.length})`);
  }
  if (query.status && kind === 'signups') {
    params.push(query.status);
    where.push(`t.status = $${params.length}`);
  }
  if (query.cursor) {
    params.push(query.cursor.at, query.cursor.id);
    where.push(`(t.submitted_at, t.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
  }
  params.push(query.limit + 1);
  // Table and column names come from LISTS above, never from the request. The ORDER BY names the
  // table's columns (t.), not the text aliases of the select list, so the index serves it.
  const sql = `SELECT t.id::text AS id, ${spec.columns.map((c) => `t.${c}`).join(', ')},
      to_char(t.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS submitted_at
    FROM ${spec.table} t
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY t.submitted_at DESC, t.id DESC
    LIMIT $${params.length}`;
  const { rows } = await db.query<RowOf[K]>(sql, params);
  if (rows.length <= query.limit) return { rows, next: undefined };
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1]!;
  return { rows: page, next: { at: last.submitted_at, id: last.id } };
}

/** One page of `kind` for the API, with the opaque cursor of the next page. */
export async function listPage<K extends ListKind>(db: Queryable, kind: K, query: ListQuery): Promise<Page<RowOf[K]>> {
  const { rows, next } = await readBatch(db, kind, query);
  return { rows, nextCursor: next ? encodeCursor(next) : null };
}
