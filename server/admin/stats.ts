// The stat cards, counted by the database in one statement.
import type { Queryable } from '../db/client.ts';
import type { Stats } from '../../src/shared/admin-api.ts';

/** "This Week": sign-ups of the last 7 × 24 hours (docs/decisions.md, "This Week"). */
export const WEEK_SECONDS = 7 * 24 * 60 * 60;

export async function readStats(db: Queryable): Promise<Stats> {
  const { rows } = await db.query<Record<keyof Stats, string | number>>(
    `SELECT
       (SELECT count(*) FROM contact_submissions) AS "totalContacts",
       count(*) AS "emailSignups",
       count(*) FILTER (WHERE signup_type = 'Newsletter') AS newsletter,
       count(*) FILTER (WHERE signup_type = 'Updates') AS updates,
       count(*) FILTER (WHERE signup_type = 'Movement') AS movement,
       count(*) FILTER (WHERE submitted_at > now() - make_interval(secs => $1)) AS "thisWeek"
     FROM email_signups`,
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
  };
}
