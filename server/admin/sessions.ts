// Server-side admin sessions. A correct key starts one: a random 256-bit token goes to the browser
// in a `__Host-` cookie (HttpOnly, Secure, SameSite=Strict, Path=/) and only its HMAC is stored,
// keyed with scrypt(ADMIN_KEY, a random server salt: migration 006). A session ends after 30 idle
// minutes, after 12 hours whatever happens, on logout, or when ADMIN_KEY changes (its tokens no
// longer hash to a stored row). The slow, salted derivation means that even someone holding both
// a cookie and the database pays a memory-hard scrypt per guess of the key, not one fast HMAC.
// A session belongs to a staff account (issue 36: `staff_id`, its role read with the session) or,
// with none, to the key ("owner (key)").
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { serverSecret } from './server-secret.ts';
import { REAUTH_MINUTES, type StaffRole } from '../../src/shared/staff-api.ts';

export const SESSION_COOKIE = '__Host-rt_admin';
export const IDLE_SECONDS = 30 * 60;
export const ABSOLUTE_SECONDS = 12 * 60 * 60;

/** 32 random bytes, base64url: 43 characters. Anything else in the cookie is not ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** scrypt's cost: 16 MiB and about 40 ms once per key and process (the result is kept). */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;
const derived = new Map<string, Promise<Buffer>>();

async function sessionKey(db: Queryable, key: string): Promise<Buffer> {
  const salt = await serverSecret(db, 'admin_session_salt');
  const id = createHash('sha256').update(`${salt}\0${key}`).digest('base64url');
  let derivation = derived.get(id);
  if (!derivation) {
    if (derived.size > 8) derived.clear();
    derivation = new Promise<Buffer>((ok, fail) =>
      scrypt(key, `rooted-threads-admin-sessions:${salt}`, 32, SCRYPT, (err, out) => (err ? fail(err) : ok(out))),
    );
    derivation.catch(() => derived.delete(id));
    derived.set(id, derivation);
  }
  return derivation;
}

async function tokenHash(db: Queryable, key: string, token: string): Promise<string> {
  return createHmac('sha256', await sessionKey(db, key))
    .update(token)
    .digest('base64url');
}

/** Whether `given` is the key, in time that does not depend on where they differ or their lengths. */
export function keyMatches(given: string, key: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b);
}

/** The values of the request's cookies called `name` (a browser may send two of one name). */
export function cookieValues(req: Request, name: string): string[] {
  const values: string[] = [];
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** The session token the request's cookie carries, if it is well formed. */
export function sessionToken(req: Request): string | undefined {
  return cookieValues(req, SESSION_COOKIE).find((value) => TOKEN.test(value));
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${ABSOLUTE_SECONDS}; HttpOnly; Secure; SameSite=Strict`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}

/** Who a session belongs to: an account (`staffId`) or, with `staffId` null, the key ("owner (key)"). */
export interface SessionHolder {
  staffId: string | null;
  /** How it signed in: 'key', 'passkey', 'code' or 'invitation'. */
  method: string;
}

/** A live session as endpoint.ts sees it. */
export interface LiveSession {
  id: string;
  staffId: string | null;
  email: string | null;
  role: StaffRole;
  /** Signed in within REAUTH_MINUTES (the sensitive acts ask for it). */
  recent: boolean;
}

/** Starts a session and returns its token (for the cookie). Expired sessions are removed first. */
export async function createSession(
  db: Queryable,
  key: string,
  holder: SessionHolder = { staffId: null, method: 'key' },
): Promise<string> {
  await db.query(
    `DELETE FROM admin_sessions
     WHERE last_seen_at <= now() - make_interval(secs => $1) OR created_at <= now() - make_interval(secs => $2)`,
    [IDLE_SECONDS, ABSOLUTE_SECONDS],
  );
  const token = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO admin_sessions (token_hash, staff_id, method) VALUES ($1, $2, $3)', [
    await tokenHash(db, key, token),
    holder.staffId,
    holder.method,
  ]);
  return token;
}

/**
 * The request's live session, kept alive (its idle time restarts), with its holder's role. One
 * statement both checks and touches, so there is no window between the two; a removed account's
 * sessions went with its row (ON DELETE CASCADE), so they stop at once.
 */
export async function readSession(db: Queryable, key: string, req: Request): Promise<LiveSession | undefined> {
  const token = sessionToken(req);
  if (!token) return undefined;
  const { rows } = await db.query<LiveSession>(
    `WITH touched AS (
       UPDATE admin_sessions SET last_seen_at = now()
       WHERE token_hash = $1
         AND last_seen_at > now() - make_interval(secs => $2)
         AND created_at > now() - make_interval(secs => $3)
       RETURNING id, staff_id, reauth_at
     )
     SELECT t.id::text AS id, t.staff_id::text AS "staffId", a.email, coalesce(a.role, 'owner') AS role,
            t.reauth_at > now() - make_interval(secs => $4) AS recent
     FROM touched t LEFT JOIN staff_accounts a ON a.id = t.staff_id`,
    [await tokenHash(db, key, token), IDLE_SECONDS, ABSOLUTE_SECONDS, REAUTH_MINUTES * 60],
  );
  return rows[0];
}

/** Whether the request carries a live session (see readSession). */
export async function checkSession(db: Queryable, key: string, req: Request): Promise<boolean> {
  return (await readSession(db, key, req)) !== undefined;
}

/** Ends the request's session, if it has one. */
export async function endSession(db: Queryable, key: string, req: Request): Promise<void> {
  const token = sessionToken(req);
  if (token) await db.query('DELETE FROM admin_sessions WHERE token_hash = $1', [await tokenHash(db, key, token)]);
}
