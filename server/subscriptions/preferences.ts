// What the preferences link (in every e-mail to a subscriber) lets the reader do, with no log-in:
// see their types, turn each off or on, leave in one click (RFC 8058), or erase everything.
import { SIGNUP_TYPES, type SignupType } from '../../src/shared/messages/index.ts';
import { SUBSCRIPTION_MAILS, type SignupStatus } from '../../src/shared/messages/subscriptions.ts';
import { ownerAlertKey } from '../contacts.ts';
import type { Db, Queryable } from '../db/client.ts';
import { clientHash } from '../rate-limit.ts';
import { recordConsent, type ConsentChannel } from './consent.ts';
import { SUBSCRIPTION_PATHS } from './links.ts';
import { prepareErasureConfirmation, queueErasureConfirmation } from './mail.ts';
import { subscribe, type SignupResult } from './signup.ts';
import { hashToken, hashesEqual, isTokenShape } from './tokens.ts';

export interface SubscriberLink {
  emailHash: string;
  /** The list the e-mail was about: what a one-click unsubscribe leaves (null: every list). */
  scope: SignupType | null;
}

/** The link's address (by hash), or undefined for a wrong or expired token. */
export async function readLink(db: Queryable, token: unknown): Promise<SubscriberLink | undefined> {
  if (!isTokenShape(token)) return undefined;
  const hash = hashToken(token);
  const { rows } = await db.query<{ token_hash: string; email_hash: string; signup_type: SignupType | null }>(
    'SELECT token_hash, email_hash, signup_type FROM subscriber_links WHERE token_hash = $1 AND expires_at > now()',
    [hash],
  );
  const row = rows[0];
  return row && hashesEqual(row.token_hash, hash) ? { emailHash: row.email_hash, scope: row.signup_type } : undefined;
}

export interface Preferences {
  /** Each type's status; null where the address has no sign-up of that type. */
  types: Record<SignupType, SignupStatus | null>;
  /** Whether we still hold the address (needed to sign up again or to confirm an erasure). */
  addressKnown: boolean;
  /** The address, masked for the page (j•••@example.org); null when it is no longer held. */
  masked: string | null;
}

/** j•••@example.org: enough for a reader to know the address, not enough to give it away. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${[...email.slice(0, at)][0] ?? ''}•••${email.slice(at)}`;
}

export async function readPreferences(db: Queryable, emailHash: string): Promise<Preferences> {
  const { rows } = await db.query<{ signup_type: SignupType; status: SignupStatus; email: string | null }>(
    'SELECT signup_type, status, email FROM email_signups WHERE email_hash = $1',
    [emailHash],
  );
  const types = Object.fromEntries(SIGNUP_TYPES.map((t) => [t, null])) as Preferences['types'];
  for (const row of rows) types[row.signup_type] = row.status;
  const email = rows.find((r) => r.email)?.email;
  return { types, addressKnown: Boolean(email), masked: email ? maskAddress(email) : null };
}

/**
 * Unsubscribes the address from `types` (pending sign-ups are withdrawn the same way): the address
 * is removed from those rows, their confirmation links die, and the hash goes on the suppression
 * list. Returns the types that changed.
 */
export async function unsubscribe(
  tx: Queryable,
  emailHash: string,
  types: readonly SignupType[],
  channel: ConsentChannel,
  client: string | null,
): Promise<SignupType[]> {
  const changed: SignupType[] = [];
  for (const type of types) {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE email_signups SET status = 'unsubscribed', email = NULL, status_changed_at = now()
       WHERE email_hash = $1 AND signup_type = $2 AND status <> 'unsubscribed' RETURNING id::text AS id`,
      [emailHash, type],
    );
    if (!rows[0]) continue;
    changed.push(type);
    await tx.query('DELETE FROM signup_confirmations WHERE signup_id = $1::bigint', [rows[0].id]);
    await tx.query(
      `INSERT INTO suppressed_addresses (email_hash, signup_type, reason) VALUES ($1, $2, 'unsubscribed')
       ON CONFLICT (email_hash, signup_type) DO NOTHING`,
      [emailHash, type],
    );
    await recordConsent(tx, { emailHash, type, event: 'unsubscribed', channel, clientHash: client });
  }
  return changed;
}

/** RFC 8058 one-click: leaves the list the e-mail was about (every list for a link without one). */
export async function oneClickUnsubscribe(db: Db, link: SubscriberLink, ip: string): Promise<SignupType[]> {
  const client = await clientHash(db, ip);
  return db.transaction((tx) =>
    unsubscribe(tx, link.emailHash, link.scope ? [link.scope] : SIGNUP_TYPES, 'one-click', client),
  );
}

/**
 * The page's one-press leave for the list the e-mail was about (`link.scope`). Returns that list's
 * status before (null: the address had no such sign-up), so the page can say withdrawn or
 * unsubscribed; pressing twice changes nothing more.
 */
export async function leaveList(
  db: Db,
  link: SubscriberLink & { scope: SignupType },
  ip: string,
): Promise<SignupStatus | null> {
  const client = await clientHash(db, ip);
  const before = (await readPreferences(db, link.emailHash)).types[link.scope];
  await db.transaction((tx) => unsubscribe(tx, link.emailHash, [link.scope], 'preferences', client));
  return before;
}

export interface SaveResult {
  /** Types the reader turned on again: each got a confirmation e-mail (or hit the cap). */
  resubscribed: SignupResult[];
  /** Types the reader asked for that we cannot start: we no longer hold the address. */
  needsAddress: boolean;
}

/** Applies the preferences form: `wanted` are the ticked types. */
export async function savePreferences(
  db: Db,
  link: SubscriberLink,
  wanted: ReadonlySet<SignupType>,
  ip: string,
): Promise<SaveResult> {
  const client = await clientHash(db, ip);
  const before = await readPreferences(db, link.emailHash);
  const off = SIGNUP_TYPES.filter((t) => !wanted.has(t) && before.types[t] && before.types[t] !== 'unsubscribed');
  const on = SIGNUP_TYPES.filter((t) => wanted.has(t) && (!before.types[t] || before.types[t] === 'unsubscribed'));
  if (off.length) await db.transaction((tx) => unsubscribe(tx, link.emailHash, off, 'preferences', client));
  if (!on.length) return { resubscribed: [], needsAddress: false };
  const { rows } = await db.query<{ email: string }>(
    'SELECT email FROM email_signups WHERE email_hash = $1 AND email IS NOT NULL LIMIT 1',
    [link.emailHash],
  );
  const email = rows[0]?.email;
  if (!email) return { resubscribed: [], needsAddress: true };
  const resubscribed: SignupResult[] = [];
  for (const type of on) {
    resubscribed.push(
      await subscribe(db, { email, signup_type: type, source_page: SUBSCRIPTION_PATHS.preferences }, ip, 'preferences'),
    );
  }
  return { resubscribed, needsAddress: false };
}

/**
 * Erases everything held under the address: its sign-ups and contact messages and its links. The
 * hash stays on the suppression list (every type) and in the consent record. When the address
 * was still known, the erasure confirmation is queued to it in the same transaction.
 */
export async function eraseAddress(
  db: Db,
  emailHash: string,
  channel: ConsentChannel,
  ip: string | null,
): Promise<{ confirmationSent: boolean }> {
  const client = ip ? await clientHash(db, ip) : null;
  const mail = await prepareErasureConfirmation(SUBSCRIPTION_MAILS.erasedWhatEverything);
  return db.transaction(async (tx) => {
    const address = await tx.query<{ email: string }>(
      `SELECT email FROM email_signups WHERE email_hash = $1 AND email IS NOT NULL
       UNION ALL SELECT email FROM contact_submissions WHERE subscriber_hash(email) = $1 LIMIT 1`,
      [emailHash],
    );
    const had = await tx.query<{ signup_type: SignupType }>(
      `DELETE FROM email_signups WHERE email_hash = $1 RETURNING signup_type`,
      [emailHash],
    );
    const messages = await tx.query<{ id: string }>(
      'DELETE FROM contact_submissions WHERE subscriber_hash(email) = $1 RETURNING id::text AS id',
      [emailHash],
    );
    // The outbox's copies go too (/privacy: only hashes are left): each erased message's owner
    // alert, which quotes it, and every e-mail to the address (its text names the address's lists).
    await tx.query('DELETE FROM mail_outbox WHERE dedupe_key = ANY($1::text[])', [
      messages.rows.map((m) => ownerAlertKey(m.id)),
    ]);
    // By the address when it is still held (indexed: an outbox can hold an announcement's 100,000
    // copies), else by its hash (the same lowercased address, found without the index).
    const held = address.rows[0]?.email;
    if (held) await tx.query('DELETE FROM mail_outbox WHERE lower(recipient) = lower($1)', [held]);
    else await tx.query('DELETE FROM mail_outbox WHERE subscriber_hash(recipient) = $1', [emailHash]);
    await tx.query('DELETE FROM subscriber_links WHERE email_hash = $1', [emailHash]);
    const suppressed = await tx.query<{ signup_type: SignupType }>(
      'SELECT signup_type FROM suppressed_addresses WHERE email_hash = $1',
      [emailHash],
    );
    const recorded = new Set([...had.rows, ...suppressed.rows].map((r) => r.signup_type));
    for (const type of SIGNUP_TYPES) {
      await tx.query(
        `INSERT INTO suppressed_addresses (email_hash, signup_type, reason) VALUES ($1, $2, 'erased')
         ON CONFLICT (email_hash, signup_type) DO UPDATE SET reason = 'erased', suppressed_at = now()`,
        [emailHash, type],
      );
      if (recorded.has(type))
        await recordConsent(tx, { emailHash, type, event: 'erased', channel, clientHash: client });
    }
    const to = address.rows[0]?.email;
    if (to) await queueErasureConfirmation(tx, to, mail);
    return { confirmationSent: Boolean(to) };
  });
}
