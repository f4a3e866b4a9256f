// The dashboard's insights: sign-ups per calendar day by type, contacts per day, the pages that
// bring the most sign-ups, and the totals of the period before, for growth. Read from the per-day
// counts the database keeps (migration 003: signup_days, contact_days, maintained by triggers), so
// a year costs a few thousand small rows, not a pass over every sign-up; one statement, one round
// trip (Neon's HTTP driver pays for each).
//
// Days are calendar days in the site's time zone (settings.ts: SITE_TIME_ZONE); the counts are
// kept in the zone stored with them, and recounted once when the setting names another. The period
// is the last `days` calendar days, today included, so a day is 23 or 25 hours long across a
// daylight-saving change, as on a wall calendar. Entries dated after today are in no period.
import type { Queryable } from '../db/client.ts';
import {
  DEFAULT_INSIGHTS_PERIOD,
  INSIGHTS_PERIODS,
  PREFERENCES_SOURCE,
  TOP_PAGES,
  type Insights,
  type InsightsDay,
  type InsightsPeriod,
} from '../../src/shared/admin-api.ts';
import { SIGNUP_TYPES } from '../../src/shared/messages/index.ts';
import { TOP_PAGES_LABELS } from '../../src/shared/messages/security.ts';
import { knownPages, pageTitle } from '../page-titles.ts';

export interface InsightsQuery {
  days: InsightsPeriod;
  timeZone: string;
  /** The moment "today" is taken from; the database's now() when absent (tests pass a fixed one). */
  now?: string;
}

/** `?days=` of an insights request: absent means the default; anything but 30, 90 or 365 is malformed. */
export function parseInsightsDays(url: URL): InsightsPeriod | undefined {
  const raw = url.searchParams.get('days');
  if (raw === null || raw === '') return DEFAULT_INSIGHTS_PERIOD;
  return INSIGHTS_PERIODS.find((p) => String(p) === raw);
}

interface InsightsRow {
  counted_in: string;
  days: InsightsDay[];
  top_pages: { source_page: string; signups: number }[] | null;
  other_pages: number | string;
  previous: { signups: number; contacts: number };
}

// $1 time zone, $2 days, $3 now (or null), $4 how many top pages, $5 the pages the build knows.
// Only known pages are ranked: anyone can post a sign-up naming any path, and the owner must not
// be shown (or handed a link to) whatever a stranger typed; the rest is one "other" count.
const SQL = `
WITH today AS (
  SELECT (coalesce($3::timestamptz, now()) AT TIME ZONE $1::text)::date AS day
),
period AS (
  SELECT day - ($2::integer - 1) AS first_day, day AS last_day, day - (2 * $2::integer - 1) AS previous_first_day
  FROM today
),
signups AS (
  SELECT s.day, s.signup_type, s.source_page, s.signups
  FROM signup_days s, period p
  WHERE s.day BETWEEN p.first_day AND p.last_day
),
calendar AS (
  SELECT g::date AS day
  FROM period p, generate_series(p.first_day::timestamp, p.last_day::timestamp, interval '1 day') g
)
SELECT
  (SELECT time_zone FROM insights_time_zone) AS counted_in,
  (SELECT json_agg(json_build_object(
            'date', to_char(d.day, 'YYYY-MM-DD'),
            'Updates', coalesce(s.updates, 0),
            'Newsletter', coalesce(s.newsletter, 0),
            'Movement', coalesce(s.movement, 0),
            'contacts', coalesce(c.contacts, 0)) ORDER BY d.day)
     FROM calendar d
     LEFT JOIN (SELECT day,
                       sum(signups) FILTER (WHERE signup_type = 'Updates') AS updates,
                       sum(signups) FILTER (WHERE signup_type = 'Newsletter') AS newsletter,
                       sum(signups) FILTER (WHERE signup_type = 'Movement') AS movement
                FROM signups GROUP BY day) s ON s.day = d.day
     LEFT JOIN contact_days c ON c.day = d.day) AS days,
  (SELECT json_agg(json_build_object('source_page', t.source_page, 'signups', t.signups)
                   ORDER BY t.signups DESC, t.source_page)
     FROM (SELECT source_page, sum(signups) AS signups FROM signups
           WHERE source_page = ANY($5::text[])
           GROUP BY source_page ORDER BY signups DESC, source_page LIMIT $4::integer) t) AS top_pages,
  (SELECT coalesce(sum(signups), 0) FROM signups WHERE NOT (source_page = ANY($5::text[]))) AS other_pages,
  json_build_object(
    'signups', (SELECT coalesce(sum(s.signups), 0) FROM signup_days s, period p
                WHERE s.day >= p.previous_first_day AND s.day < p.first_day),
    'contacts', (SELECT coalesce(sum(c.contacts), 0) FROM contact_days c, period p
                 WHERE c.day >= p.previous_first_day AND c.day < p.first_day)) AS previous`;

/** Recounts the per-day counts in `timeZone` (once, after SITE_TIME_ZONE changed). */
async function recount(db: Queryable, timeZone: string): Promise<void> {
  await db.query('SELECT insights_recount($1::text)', [timeZone]);
}

export async function readInsights(db: Queryable, query: InsightsQuery): Promise<Insights> {
  // The preferences page is ours, not a stranger's path: ranked by name (issue 39, item 8).
  const params = [query.timeZone, query.days, query.now ?? null, TOP_PAGES, [...knownPages(), PREFERENCES_SOURCE]];
  let row = (await db.query<InsightsRow>(SQL, params)).rows[0]!;
  if (row.counted_in !== query.timeZone) {
    await recount(db, query.timeZone);
    row = (await db.query<InsightsRow>(SQL, params)).rows[0]!;
  }
  const days = row.days.map((d) => ({
    date: d.date,
    Updates: Number(d.Updates),
    Newsletter: Number(d.Newsletter),
    Movement: Number(d.Movement),
    contacts: Number(d.contacts),
  }));
  const signups = days.reduce((sum, d) => sum + SIGNUP_TYPES.reduce((n, type) => n + d[type], 0), 0);
  const contacts = days.reduce((sum, d) => sum + d.contacts, 0);
  return {
    timeZone: query.timeZone,
    days,
    topPages: [
      ...(row.top_pages ?? []).map((p) => ({
        source_page: p.source_page,
        title:
          p.source_page === PREFERENCES_SOURCE
            ? TOP_PAGES_LABELS.preferencesPage
            : (pageTitle(p.source_page) ?? p.source_page),
        signups: Number(p.signups),
      })),
      ...(Number(row.other_pages) > 0 ? [{ source_page: null, title: null, signups: Number(row.other_pages) }] : []),
    ],
    totals: {
      signups,
      contacts,
      previousPeriod: { signups: Number(row.previous.signups), contacts: Number(row.previous.contacts) },
    },
  };
}
