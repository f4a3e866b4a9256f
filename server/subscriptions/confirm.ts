// Confirming a sign-up from the link in its e-mail. The GET only looks (so a mail scanner that
// follows links confirms nobody); the POST from the page's button confirms, once.
//
// One confirmation covers the hour (issue 39, item 14): every pending list the same address asked
// for within an hour of the confirmation e-mail is confirmed with it, so a reader who signs up in
// three places gets one e-mail and presses one button. Each list confirmed gets its consent event
// and its welcome e-mail (welcome.ts).
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Db, Queryable } from '../db/client.ts';
import { clientHash } from '../rate-limit.ts';
import { recordConsent } from './consent.ts';
import { hashToken, hashesEqual, isTokenShape } from './tokens.ts';
import { prepareWelcomes, queueWelcome } from './welcome.ts';

export type TokenState =
  | { state: 'valid'; signupId: string; types: SignupType[] }
  | { state: 'confirmed'; types: SignupType[]; welcome: boolean }
  | { state: 'expired' }
  | { state: 'unknown' };

interface TokenRow {
  token_hash: string;
  signup_id: string;
  signup_type: SignupType;
  email_hash: string;
  status: string;
  used: boolean;
  expired: boolean;
  created_at: string;
}

async function readToken(db: Queryable, token: unknown, lock = false): Promise<TokenRow | undefined> {
  if (!isTokenShape(token)) return undefined;
  const hash = hashToken(token);
  const { rows } = await db.query<TokenRow>(
    `SELECT c.token_hash, c.signup_id::text AS signup_id, s.signup_type, s.email_hash, s.status,
            c.used_at IS NOT NULL AS used, c.expires_at <= now() AS expired, c.created_at::text AS created_at
     FROM signup_confirmations c JOIN email_signups s ON s.id = c.signup_id
     WHERE c.token_hash = $1${lock ? ' FOR UPDATE OF c, s' : ''}`,
    [hash],
  );
  const row = rows[0];
  return row && hashesEqual(row.token_hash, hash) ? row : undefined;
}

/** The address's pending sign-ups this confirmation covers: its own, and any asked for within the hour. */
const COVERED = `email_hash = $1 AND status = 'pending'
  AND (id = $2::bigint OR submitted_at BETWEEN $3::timestamptz - interval '1 hour' AND $3::timestamptz + interval '1 hour')`;

async function coveredTypes(db: Queryable, row: TokenRow): Promise<SignupType[]> {
  const { rows } = await db.query<{ signup_type: SignupType }>(
    `SELECT signup_type FROM email_signups WHERE ${COVERED} ORDER BY id`,
    [row.email_hash, row.signup_id, row.created_at],
  );
  return rows.map((r) => r.signup_type);
}

async function stateOf(db: Queryable, row: TokenRow | undefined): Promise<TokenState> {
  if (!row) return { state: 'unknown' };
  if (row.status === 'confirmed') return { state: 'confirmed', types: [row.signup_type], welcome: false };
  // A used token whose sign-up is not confirmed was withdrawn since: nothing to confirm.
  if (row.used || row.status !== 'pending') return { state: 'unknown' };
  if (row.expired) return { state: 'expired' };
  return { state: 'valid', signupId: row.signup_id, types: await coveredTypes(db, row) };
}

/** What the confirmation page shows for `token` (changes nothing). */
export async function inspectConfirmation(db: Db, token: unknown): Promise<TokenState> {
  return stateOf(db, await readToken(db, token));
}

/**
 * Confirms the sign-ups of `token` (its own and those it covers): marks the token used, the
 * sign-ups confirmed, records the consent, lifts a suppression of the address for those lists (and
 * a hard bounce), and queues each list's welcome. Returns the resulting state: 'confirmed' for
 * the first POST and for a repeat (the reader pressed twice).
 */
export async function confirmSignup(db: Db, token: unknown, ip: string): Promise<TokenState> {
  const client = await clientHash(db, ip);
  // Rendered before the transaction, which then only writes.
  const welcomes = await prepareWelcomes(db);
  return db.transaction(async (tx) => {
    const row = await readToken(tx, token, true);
    const state = await stateOf(tx, row);
    if (state.state !== 'valid') return state;
    await tx.query('UPDATE signup_confirmations SET used_at = now() WHERE token_hash = $1', [row!.token_hash]);
    const { rows } = await tx.query<{ email: string; signup_type: SignupType; source_page: string }>(
      `UPDATE email_signups SET status = 'confirmed', status_changed_at = now()
       WHERE ${COVERED} RETURNING email, signup_type, source_page`,
      [row!.email_hash, row!.signup_id, row!.created_at],
    );
    const emailHash = row!.email_hash;
    // The reader just opened our e-mail at this address: it takes mail again, so an old hard
    // bounce no longer keeps announcements from it (docs/announcements.md).
    await tx.query('DELETE FROM bounced_addresses WHERE email_hash = $1', [emailHash]);
    for (const signup of rows) {
      await tx.query('DELETE FROM suppressed_addresses WHERE email_hash = $1 AND signup_type = $2', [
        emailHash,
        signup.signup_type,
      ]);
      await recordConsent(tx, {
        emailHash,
        type: signup.signup_type,
        event: 'confirmed',
        channel: 'confirmation',
        sourcePage: signup.source_page,
        clientHash: client,
      });
      await queueWelcome(tx, welcomes, { email: signup.email, emailHash, list: signup.signup_type });
    }
    const types = rows.map((r) => r.signup_type);
    return { state: 'confirmed', types, welcome: welcomes !== null };
  });
}
