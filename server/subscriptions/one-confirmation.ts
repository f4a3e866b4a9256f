// One confirmation for the hour (docs/subscriptions.md, issue 39 item 14): a reader who signs up
// to a second or third list soon after the first gets no second confirmation e-mail; the one
// already on its way covers them all, because confirming confirms every list the address asked
// for within an hour of it (confirm.ts). The answer to the form is the same either way, so it
// says nothing about whether the address had signed up before.
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Queryable } from '../db/client.ts';

/** Whether an unanswered confirmation e-mail went to this address within the hour, for another list. */
export async function ridesOnPendingConfirmation(tx: Queryable, emailHash: string, type: SignupType): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM signup_confirmations c JOIN email_signups s ON s.id = c.signup_id
      WHERE s.email_hash = $1 AND s.signup_type <> $2 AND s.status = 'pending'
        AND c.used_at IS NULL AND c.expires_at > now() AND c.created_at > now() - interval '1 hour'
      LIMIT 1`,
    [emailHash, type],
  );
  return rows.length > 0;
}
