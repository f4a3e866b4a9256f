// The stat cards, counted by the database in one statement. `confirmed` counts the sign-ups whose
// reader confirmed; each list's card counts its active subscribers (confirmed now: issue 39, item 8),
// not rows waiting or gone. The confirmation rate is over the rows that were sent a confirmation
// e-mail, a row counting as confirmed when its reader ever confirmed it (the consent record), so a
// reader who leaves later does not lower it (pending rows are purged after 30 days, so it
// describes the recent weeks best).
import type { Queryable } from '../db/client.ts';
import type { Stats } from '../../src/shared/admin-api.ts';

/** "This Week": sign-ups of the last 7 × 24 hours (docs/decisions.md, "This Week"). */
export const WEEK_SECONDS = 7 * 24 * 60 * 60;

export async function readStats(db: Queryable): Promise<Stats> {
  const { rows } = await db.query<Record<string, string | number>>(
    `SELECT
       (SELECT count(*) FROM contact_submissions) AS "totalContacts",
       count(*) AS "emailSignups",
       count(*) FILTER (WHERE signup_type = 'Newsletter' AND status = 'confirmed') AS newsletter,
       count(*) FILTER (WHERE signup_type = 'Updates' AND status = 'confirmed') AS updates,
       count(*) FILTER (WHERE signup_type = 'Movement' AND status = 'confirmed') AS movement,
       count(*) FILTER (WHERE submitted_at > now() - make_interval(secs => $1)) AS "thisWeek",
       count(*) FILTER (WHERE status = 'confirmed') AS confirmed,
       count(*) FILTER (WHERE confirmation_sent_at IS NOT NULL) AS asked,
       count(*) FILTER (WHERE confirmation_sent_at IS NOT NULL AND (status = 'confirmed' OR EXISTS (
         SELECT 1 FROM consent_events e
          WHERE e.email_hash = s.email_hash AND e.signup_type = s.signup_type AND e.event = 'confirmed'))) AS "askedConfirmed"
     FROM email_signups s`,
    [WEEK_SECONDS],
  );
  const row = rows[0]!;
  // count() is a bigint, which drivers hand over as a string.
  return {
    totalContacts: Number(row.totalContacts),
    emailSignups: Number(row.emailSignups),
    newsletter: Number(row.newsletter),
    updates: Number(row.updates),
    movement: Number(row.movement),
    thisWeek: Number(row.thisWeek),
    confirmed: Number(row.confirmed),
    confirmation: { asked: Number(row.asked), confirmed: Number(row.askedConfirmed) },
  };
}
