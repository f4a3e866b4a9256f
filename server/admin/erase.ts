// Erasure (GDPR art. 17): deletes one contact submission or sign-up. Deleting is also how the
// owner cleans up spam and test rows, so no e-mail goes out unless the owner says the person
// asked (`notify`, a tick in the delete dialog); then a confirmed sign-up's address gets the
// erasure confirmation /privacy promises, in the same transaction (the outbox). A contact message's
// address and a pending sign-up's were never shown to be the sender's: they never get one (the
// dashboard must not be a way to mail strangers or spam traps; the owner answers the person who
// wrote, by hand). A sign-up's address stays only as a keyed hash on the suppression list and in
// the consent record, so it is never added again without a new confirmation. The log line names
// the kind and id only, never the person.
import type { Db } from '../db/client.ts';
import type { ListKind } from '../../src/shared/admin-api.ts';
import type { SignupType } from '../../src/shared/messages/index.ts';
import { SUBSCRIPTION_MAILS } from '../../src/shared/messages/subscriptions.ts';
import { recordConsent } from '../subscriptions/consent.ts';
import { prepareErasureConfirmation, queueErasureConfirmation } from '../subscriptions/mail.ts';
import { ownerAlertKey } from '../contacts.ts';

/**
 * Deletes the row; false when there was none. `id` must come from parseId(). `notify`: the person
 * asked, so a confirmed sign-up's address is told (see above).
 */
export async function eraseRow(db: Db, kind: ListKind, id: string, notify = false): Promise<boolean> {
  const erased = await db.transaction(async (tx) => {
    if (kind === 'contacts') {
      const { rows } = await tx.query<{ email: string }>(
        'DELETE FROM contact_submissions WHERE id = $1::bigint RETURNING email',
        [id],
      );
      if (!rows[0]) return false;
      // A message's owner alert quotes it: the copy in the outbox goes with it (contacts.ts, ownerAlertKey).
      await tx.query('DELETE FROM mail_outbox WHERE dedupe_key = $1', [ownerAlertKey(id)]);
      return true;
    }
    const { rows } = await tx.query<{
      email: string | null;
      email_hash: string;
      signup_type: SignupType;
      status: string;
    }>('DELETE FROM email_signups WHERE id = $1::bigint RETURNING email, email_hash, signup_type, status', [id]);
    const row = rows[0];
    if (!row) return false;
    await tx.query(
      `INSERT INTO suppressed_addresses (email_hash, signup_type, reason) VALUES ($1, $2, 'erased')
       ON CONFLICT (email_hash, signup_type) DO UPDATE SET reason = 'erased', suppressed_at = now()`,
      [row.email_hash, row.signup_type],
    );
    await recordConsent(tx, {
      emailHash: row.email_hash,
      type: row.signup_type,
      event: 'erased',
      channel: 'dashboard',
    });
    // When nothing else is held under the address, the outbox's copies of mail to it go too
    // (/privacy: only hashes are left); a reader still on another list keeps that list's mail, and
    // an earlier erasure's confirmation still goes.
    if (row.email) {
      const others = await tx.query(
        `SELECT 1 FROM email_signups WHERE email_hash = $1
         UNION ALL SELECT 1 FROM contact_submissions WHERE lower(email) = lower($2) LIMIT 1`,
        [row.email_hash, row.email],
      );
      if (!others.rows[0])
        await tx.query(
          "DELETE FROM mail_outbox WHERE lower(recipient) = lower($1) AND kind <> 'erasure-confirmation'",
          [row.email],
        );
    }
    if (notify && row.status === 'confirmed' && row.email) {
      await queueErasureConfirmation(
        tx,
        row.email,
        await prepareErasureConfirmation(SUBSCRIPTION_MAILS.erasedWhatSignup(row.signup_type)),
      );
    }
    return true;
  });
  if (erased) console.log(`admin: erased ${kind} ${id}`);
  return erased;
}
