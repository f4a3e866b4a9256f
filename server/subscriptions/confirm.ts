// Confirming a sign-up from the link in its e-mail. The GET only looks (so a mail scanner that
// follows links confirms nobody); the POST from the page's button confirms, once.
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Db, Queryable } from '../db/client.ts';
import { clientHash } from '../rate-limit.ts';
import { recordConsent } from './consent.ts';
import { hashToken, hashesEqual, isTokenShape } from './tokens.ts';

export type TokenState =
  | { state: 'valid'; signupId: string; type: SignupType }
  | { state: 'confirmed'; type: SignupType }
  | { state: 'expired' }
  | { state: 'unknown' };

interface TokenRow {
  token_hash: string;
  signup_id: string;
  signup_type: SignupType;
  status: string;
  used: boolean;
  expired: boolean;
}

async function readToken(db: Queryable, token: unknown, lock = false): Promise<TokenRow | undefined> {
  if (!isTokenShape(token)) return undefined;
  const hash = hashToken(token);
  const { rows } = await db.query<TokenRow>(
    `SELECT c.token_hash, c.signup_id::text AS signup_id, s.signup_type, s.status,
            c.used_at IS NOT NULL AS used, c.expires_at <= now() AS expired
     FROM signup_confirmations c JOIN email_signups s ON s.id = c.signup_id
     WHERE c.token_hash = $1${lock ? ' FOR UPDATE OF c, s' : ''}`,
    [hash],
  );
  const row = rows[0];
  return row && hashesEqual(row.token_hash, hash) ? row : undefined;
}

function stateOf(row: TokenRow | undefined): TokenState {
  if (!row) return { state: 'unknown' };
  if (row.status === 'confirmed') return { state: 'confirmed', type: row.signup_type };
  // A used token whose sign-up is not confirmed was withdrawn since: nothing to confirm.
  if (row.used || row.status !== 'pending') return { state: 'unknown' };
  if (row.expired) return { state: 'expired' };
  return { state: 'valid', signupId: row.signup_id, type: row.signup_type };
}

/** What the confirmation page shows for `token` (changes nothing). */
export async function inspectConfirmation(db: Db, token: unknown): Promise<TokenState> {
  return stateOf(await readToken(db, token));
}

/**
 * Confirms the sign-up of `token`: marks the token used, the sign-up confirmed, records the
 * consent and lifts a suppression of the address for that type (and a hard bounce). Returns the resulting state:
 * 'confirmed' for the first POST and for a repeat (the reader pressed twice).
 */
export async function confirmSignup(db: Db, token: unknown, ip: string): Promise<TokenState> {
  const client = await clientHash(db, ip);
  return db.transaction(async (tx) => {
    const row = await readToken(tx, token, true);
    const state = stateOf(row);
    if (state.state !== 'valid') return state;
    await tx.query('UPDATE signup_confirmations SET used_at = now() WHERE token_hash = $1', [row!.token_hash]);
    const { rows } = await tx.query<{ email_hash: string; source_page: string }>(
      `UPDATE email_signups SET status = 'confirmed', status_changed_at = now()
       WHERE id = $1::bigint AND status = 'pending' RETURNING email_hash, source_page`,
      [state.signupId],
    );
    const signup = rows[0]!;
    await tx.query('DELETE FROM suppressed_addresses WHERE email_hash = $1 AND signup_type = $2', [
      signup.email_hash,
      state.type,
    ]);
    // The reader just opened our e-mail at this address: it takes mail again, so an old hard
    // bounce no longer keeps announcements from it (docs/announcements.md).
    await tx.query('DELETE FROM bounced_addresses WHERE email_hash = $1', [signup.email_hash]);
    await recordConsent(tx, {
      emailHash: signup.email_hash,
      type: state.type,
      event: 'confirmed',
      channel: 'confirmation',
      sourcePage: signup.source_page,
      clientHash: client,
    });
    return { state: 'confirmed', type: state.type };
  });
}
