// The subscriptions' daily housekeeping (a timer in `npm start`, a scheduled function on Netlify):
//   - sign-ups still pending after 30 days are deleted (their consent record notes it);
//   - expired preference links and used or expired confirmation tokens are deleted;
//   - the hourly confirmation counts older than two days are dropped.
import type { Db } from '../db/client.ts';

export const UNCONFIRMED_DAYS = 30;

export interface SubscriptionPurge {
  unconfirmed: number;
  links: number;
  tokens: number;
}

export async function purgeSubscriptions(db: Db): Promise<SubscriptionPurge> {
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ email_hash: string; signup_type: string }>(
      `DELETE FROM email_signups
       WHERE status = 'pending' AND submitted_at < now() - make_interval(days => $1::integer)
       RETURNING email_hash, signup_type`,
      [UNCONFIRMED_DAYS],
    );
    for (const row of gone.rows) {
      await tx.query(
        `INSERT INTO consent_events (email_hash, signup_type, event, channel) VALUES ($1, $2, 'erased', 'purge')`,
        [row.email_hash, row.signup_type],
      );
    }
    const links = await tx.query('DELETE FROM subscriber_links WHERE expires_at < now() RETURNING 1');
    const tokens = await tx.query(
      'DELETE FROM signup_confirmations WHERE expires_at < now() OR used_at IS NOT NULL RETURNING 1',
    );
    await tx.query("DELETE FROM confirmation_mail_hours WHERE hour < now() - interval '2 days'");
    return { unconfirmed: gone.rows.length, links: links.rows.length, tokens: tokens.rows.length };
  });
}
