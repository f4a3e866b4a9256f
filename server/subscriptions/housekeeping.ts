// The subscriptions' daily housekeeping (a timer in `npm start`, a scheduled function on Netlify):
//   - sign-ups still pending after 30 days are deleted (their consent record notes it);
//   - expired preference links and used or expired confirmation tokens are deleted;
//   - the hourly confirmation counts older than two days are dropped;
//   - a confirmation e-mail that never went (no mail transport, or a relay that keeps failing)
//     goes with its sign-up, and in any case once its link has expired (CONFIRMATION_DAYS): a
//     stranger's address and a live token must not wait in the outbox for ever (third audit, 9).
import type { Db } from '../db/client.ts';
import { CONFIRMATION_DAYS } from './links.ts';

export const UNCONFIRMED_DAYS = 30;

export interface SubscriptionPurge {
  unconfirmed: number;
  /** Confirmation e-mails that never went, dropped. */
  unsentConfirmations: number;
  links: number;
  tokens: number;
}

export async function purgeSubscriptions(db: Db): Promise<SubscriptionPurge> {
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ email_hash: string; signup_type: string; email: string | null }>(
      `DELETE FROM email_signups
       WHERE status = 'pending' AND submitted_at < now() - make_interval(days => $1::integer)
       RETURNING email_hash, signup_type, email`,
      [UNCONFIRMED_DAYS],
    );
    for (const row of gone.rows) {
      await tx.query(
        `INSERT INTO consent_events (email_hash, signup_type, event, channel) VALUES ($1, $2, 'erased', 'purge')`,
        [row.email_hash, row.signup_type],
      );
    }
    // 'sending' is in flight (the sender records it); every other unsent state is dropped.
    const unsent = await tx.query(
      `DELETE FROM mail_outbox
       WHERE kind = 'signup-confirmation' AND status IN ('queued', 'failed')
         AND (created_at < now() - make_interval(days => $1::integer) OR lower(recipient) = ANY($2::text[]))
       RETURNING 1`,
      [CONFIRMATION_DAYS, gone.rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : []))],
    );
    const links = await tx.query('DELETE FROM subscriber_links WHERE expires_at < now() RETURNING 1');
    const tokens = await tx.query(
      'DELETE FROM signup_confirmations WHERE expires_at < now() OR used_at IS NOT NULL RETURNING 1',
    );
    await tx.query("DELETE FROM confirmation_mail_hours WHERE hour < now() - interval '2 days'");
    return {
      unconfirmed: gone.rows.length,
      unsentConfirmations: unsent.rows.length,
      links: links.rows.length,
      tokens: tokens.rows.length,
    };
  });
}
