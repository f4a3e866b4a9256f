// Passkeys (WebAuthn) through @simplewebauthn/server: no WebAuthn parsing of our own. The RP ID is
// the host the dashboard was opened on and the expected origin its origin (the request's URL: the
// allowed-hosts check of `npm start`, or Netlify's routing, decides which hosts reach us); a passkey
// keeps the RP ID it was made for and is only accepted there. Each ceremony's challenge is stored
// for CHALLENGE_SECONDS under a random ticket's HMAC and used once. User verification is required.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db, Queryable } from '../db/client.ts';
import { newStaffToken, staffMac } from './secret.ts';

export const CHALLENGE_SECONDS = 300;
const RP_NAME = 'Rooted Threads dashboard';

export interface Relying {
  rpID: string;
  origin: string;
}

export function relyingParty(req: Request): Relying {
  const url = new URL(req.url);
  return { rpID: url.hostname, origin: url.origin };
}

async function keepChallenge(db: Queryable, challenge: string, staffId: string | null): Promise<string> {
  const ticket = newStaffToken();
  await db.query('DELETE FROM staff_challenges WHERE expires_at < now()');
  await db.query(
    `INSERT INTO staff_challenges (ticket_hash, challenge, staff_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [await staffMac(db, 'ticket', ticket), challenge, staffId, CHALLENGE_SECONDS],
  );
  return ticket;
}

/** Takes a ticket's challenge (once); undefined when unknown or expired. */
async function takeChallenge(
  db: Queryable,
  ticket: string,
): Promise<{ challenge: string; staff_id: string | null } | undefined> {
  const { rows } = await db.query<{ challenge: string; staff_id: string | null; live: boolean }>(
    `DELETE FROM staff_challenges WHERE ticket_hash = $1
     RETURNING challenge, staff_id::text AS staff_id, expires_at > now() AS live`,
    [await staffMac(db, 'ticket', ticket)],
  );
  return rows[0]?.live ? rows[0] : undefined;
}

/** Options for a sign-in with any passkey of this site (discoverable: conditional UI offers them). */
export async function signInOptions(db: Db, rp: Relying) {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required' });
  return { options, ticket: await keepChallenge(db, options.challenge, null) };
}

/** The account a passkey sign-in proves, or undefined. */
export async function verifySignIn(
  db: Db,
  rp: Relying,
  ticket: string,
  response: AuthenticationResponseJSON,
): Promise<string | undefined> {
  const taken = await takeChallenge(db, ticket);
  if (!taken || typeof response?.id !== 'string') return undefined;
  const { rows } = await db.query<{ staff_id: string; public_key: Uint8Array; counter: string; transports: string }>(
    `SELECT p.staff_id::text AS staff_id, p.public_key, p.counter::text AS counter, p.transports
     FROM staff_passkeys p JOIN staff_accounts a ON a.id = p.staff_id
     WHERE p.credential_id = $1 AND p.rp_id = $2 AND a.active`,
    [response.id, rp.rpID],
  );
  const key = rows[0];
  if (!key) return undefined;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: response.id,
      publicKey: new Uint8Array(key.public_key),
      counter: Number(key.counter),
      transports: key.transports ? (key.transports.split(',') as AuthenticatorTransport[]) : undefined,
    },
  }).catch(() => undefined);
  if (!result?.verified) return undefined;
  await db.query('UPDATE staff_passkeys SET counter = $2, last_used_at = now() WHERE credential_id = $1', [
    response.id,
    result.authenticationInfo.newCounter,
  ]);
  await db.query('UPDATE staff_accounts SET last_sign_in_at = now() WHERE id = $1', [key.staff_id]);
  return key.staff_id;
}

/** Options for adding a passkey to account `staffId` (signed in). */
export async function registrationOptions(db: Db, rp: Relying, staffId: string) {
  const { rows } = await db.query<{ email: string; user_handle: string }>(
    'SELECT email, user_handle FROM staff_accounts WHERE id = $1',
    [staffId],
  );
  const account = rows[0]!;
  const existing = await db.query<{ credential_id: string }>(
    'SELECT credential_id FROM staff_passkeys WHERE staff_id = $1 AND rp_id = $2',
    [staffId, rp.rpID],
  );
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: account.email,
    userID: new Uint8Array(Buffer.from(account.user_handle, 'base64url')),
    attestationType: 'none',
    excludeCredentials: existing.rows.map((r) => ({ id: r.credential_id })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { options, ticket: await keepChallenge(db, options.challenge, staffId) };
}

/** Verifies and stores a new passkey of `staffId`; false when it does not verify. */
export async function verifyRegistration(
  db: Db,
  rp: Relying,
  staffId: string,
  ticket: string,
  response: RegistrationResponseJSON,
): Promise<boolean> {
  const taken = await takeChallenge(db, ticket);
  if (!taken || taken.staff_id !== staffId) return false;
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!result?.verified) return false;
  const { credential } = result.registrationInfo;
  await db.query(
    `INSERT INTO staff_passkeys (credential_id, staff_id, public_key, counter, transports, rp_id)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING`,
    [
      credential.id,
      staffId,
      Buffer.from(credential.publicKey),
      credential.counter,
      (credential.transports ?? []).join(','),
      rp.rpID,
    ],
  );
  return true;
}
