// A sign-up as a subscription (docs/subscriptions.md). In one transaction:
//   new address and type      → stored `pending` (or `confirmed` under SIGNUP_CONFIRMATION=single,
//                               unless the address is suppressed), its consent event, and the
//                               confirmation e-mail queued in the outbox (none when another list's
//                               went out within the hour: one-confirmation.ts)
//   pending                   → its confirmation again ('resent'), or the spec's duplicate when
//                               a cap is spent
//   confirmed                 → the spec's duplicate (409 23505), no e-mail
//   unsubscribed              → pending again, with a new confirmation ('resubscribed')
// The caps on confirmation e-mails (per mailbox, per client, site-wide: mail-caps.ts) are taken
// in the same transaction: when one is spent, nothing is stored and the reader is asked to try
// later (429), so no sign-up is ever acknowledged without its e-mail.
import type { SignupData } from '../../src/shared/form-schemas.ts';
import { CONSENT_VERSION } from '../../src/shared/messages/subscriptions.ts';
import type { Db } from '../db/client.ts';
import { clientHash } from '../rate-limit.ts';
import { confirmationMailLimit, signupConfirmation } from '../settings.ts';
import { takeConfirmationMail } from './mail-caps.ts';
import { recordConsent } from './consent.ts';
import { prepareConfirmation, queueConfirmation } from './mail.ts';
import { ridesOnPendingConfirmation } from './one-confirmation.ts';

export type SignupResult = 'created' | 'pending' | 'duplicate' | 'resent' | 'capped';

/** Thrown inside the transaction to roll it back when a cap on confirmation e-mails is spent. */
class CapSpent extends Error {}
/** Thrown inside the transaction when a pending address's confirmation may not go again now. */
class ResendCapped extends Error {}

interface ExistingRow {
  id: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
}

export async function subscribe(
  db: Db,
  signup: SignupData,
  ip: string,
  channel: 'form' | 'preferences' = 'form',
  arrivedFrom: string | null = null,
): Promise<SignupResult> {
  const mode = signupConfirmation();
  const limit = confirmationMailLimit();
  const client = await clientHash(db, ip);
  const type = signup.signup_type;
  const caps = { email: signup.email, client, limit };
  // Most sign-ups need the e-mail: it is rendered before the transaction, which then only writes.
  const prepared = await prepareConfirmation(type);
  // Concurrent sign-ups take the same counter rows (mail-caps.ts) and unique keys in one
  // transaction each; PostgreSQL may end one of two such transactions as a deadlock (40P01). Nothing
  // of it was stored, so it is run again, as PostgreSQL's documentation advises, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await signupTransaction(db, signup, mode, type, caps, prepared, channel, arrivedFrom);
    } catch (err) {
      if (attempt < 4 && isRetryable(err)) continue;
      throw err;
    }
  }
}

/** A deadlock or a serialization failure: the transaction was rolled back and may run again. */
function isRetryable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

async function signupTransaction(
  db: Db,
  signup: SignupData,
  mode: ReturnType<typeof signupConfirmation>,
  type: SignupData['signup_type'],
  caps: { email: string; client: string; limit: number },
  prepared: Awaited<ReturnType<typeof prepareConfirmation>>,
  channel: 'form' | 'preferences',
  arrivedFrom: string | null,
): Promise<SignupResult> {
  try {
    return await db.transaction(async (tx) => {
      const suppressed = await tx.query(
        'SELECT 1 FROM suppressed_addresses WHERE email_hash = subscriber_hash($1) AND signup_type = $2',
        [signup.email, type],
      );
      // A suppressed address is never re-added without a new confirmation, whatever the mode.
      const confirmNow = mode === 'single' && suppressed.rows.length === 0;
      const inserted = await tx.query<{ id: string; email_hash: string }>(
        `INSERT INTO email_signups (email, signup_type, source_page, status, email_hash, confirmation_sent_at, arrived_from)
         VALUES ($1, $2, $3, $4, subscriber_hash($1), CASE WHEN $4 = 'pending' THEN now() END, $5)
         ON CONFLICT (email_hash, signup_type) DO NOTHING
         RETURNING id::text AS id, email_hash`,
        [signup.email, type, signup.source_page, confirmNow ? 'confirmed' : 'pending', arrivedFrom],
      );
      const consent = {
        type,
        sourcePage: signup.source_page,
        consentVersion: CONSENT_VERSION,
        clientHash: caps.client,
      };
      if (inserted.rows[0]) {
        const row = inserted.rows[0];
        await recordConsent(tx, {
          ...consent,
          emailHash: row.email_hash,
          event: suppressed.rows.length ? 'resubscribed' : 'subscribed',
          channel,
        });
        if (confirmNow) return 'created';
        // Another list's confirmation went out within the hour: it covers this one too.
        if (await ridesOnPendingConfirmation(tx, row.email_hash, type)) return 'pending';
        if (await takeConfirmationMail(tx, caps)) throw new CapSpent();
        await queueConfirmation(tx, prepared, {
          id: row.id,
          email: signup.email,
          email_hash: row.email_hash,
          signup_type: type,
        });
        return 'pending';
      }

      // The address already has this type: lock its row and look.
      const { rows } = await tx.query<ExistingRow & { email_hash: string }>(
        `SELECT id::text AS id, status, email_hash
         FROM email_signups WHERE email_hash = subscriber_hash($1) AND signup_type = $2 FOR UPDATE`,
        [signup.email, type],
      );
      const existing = rows[0];
      // Gone between the insert and the select (erased or purged just then): the same as a duplicate.
      if (!existing) return 'duplicate';
      const pending = { id: existing.id, email: signup.email, email_hash: existing.email_hash, signup_type: type };
      // Every path writes the sign-up (whose insights trigger takes its day's count row) before it
      // takes the mail counters (mail-caps.ts): one order for every transaction, so two sign-ups
      // never wait on each other in a circle. A spent cap rolls the write back.
      if (existing.status === 'unsubscribed') {
        await tx.query(
          `UPDATE email_signups SET email = $2, source_page = $3, status = 'pending', submitted_at = now(),
             status_changed_at = now(), confirmation_sent_at = now() WHERE id = $1::bigint`,
          [existing.id, signup.email, signup.source_page],
        );
        const rides = await ridesOnPendingConfirmation(tx, existing.email_hash, type);
        if (!rides && (await takeConfirmationMail(tx, caps))) throw new CapSpent();
        await recordConsent(tx, { ...consent, emailHash: existing.email_hash, event: 'resubscribed', channel });
        if (rides) return 'pending';
        await queueConfirmation(tx, prepared, pending);
        return 'pending';
      }
      // Pending: the e-mail may have been lost or filtered, so it goes again, within the caps
      // (issue 39: a reader must not be stuck); a confirmed address gets nothing.
      if (existing.status === 'pending') {
        await tx.query('UPDATE email_signups SET confirmation_sent_at = now() WHERE id = $1::bigint', [existing.id]);
        // Capped: no e-mail again, and the write above rolled back; the reader gets the duplicate.
        if (await takeConfirmationMail(tx, caps)) throw new ResendCapped();
        await queueConfirmation(tx, prepared, pending);
        return 'resent';
      }
      return 'duplicate';
    });
  } catch (err) {
    if (err instanceof CapSpent) return 'capped';
    if (err instanceof ResendCapped) return 'duplicate';
    throw err;
  }
}
