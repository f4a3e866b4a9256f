// The Readership view's numbers (src/shared/readership-api.ts), from the daily aggregates
// (rollup.ts) for the period and the period before, the period's sign-ups by the page and source
// that brought them, and the last 30 minutes of raw views. Two statements, so Neon's HTTP driver
// pays two round trips. The period is the last `days` site-local calendar days, today included
// (today's aggregates are as fresh as the last hourly rollup; the real-time part is live).
import type { Queryable } from '../db/client.ts';
import {
  READERSHIP_PERIODS,
  DEFAULT_READERSHIP_PERIOD,
  type Readership,
  type ReadershipPeriod,
} from '../../src/shared/readership-api.ts';
import { pageTitle } from '../page-titles.ts';
import { refusedViews } from './flood.ts';

export const TOP = 20;

export interface ReadershipQuery {
  days: ReadershipPeriod;
  timeZone: string;
  /** The moment "today" is taken from; the database's now() when absent. */
  now?: string;
}

/** `?days=`: absent is the default; anything but 7, 30, 90 or 365 is malformed. */
export function parseReadershipDays(url: URL): ReadershipPeriod | undefined {
  const raw = url.searchParams.get('days');
  if (raw === null || raw === '') return DEFAULT_READERSHIP_PERIOD;
  return READERSHIP_PERIODS.find((p) => String(p) === raw);
}

/** The period's rows of one breakdown (or several), read through the key (kind, day, …). */
const IN_PERIOD = (kinds: string) =>
  `readership_days r, p WHERE r.kind IN (${kinds}) AND r.day BETWEEN p.first_day AND p.last_day`;

// $1 time zone, $2 days, $3 now, $4 top.
export const AGGREGATES_SQL = `
WITH t AS (SELECT (coalesce($3::timestamptz, now()) AT TIME ZONE $1::text)::date AS today),
p0 AS (SELECT today - ($2::integer - 1) AS first_day, today AS last_day, today - (2 * $2::integer - 1) AS prev_first FROM t),
p AS (SELECT *, first_day::timestamp AT TIME ZONE $1::text AS first_at, prev_first::timestamp AT TIME ZONE $1::text AS prev_at,
             (last_day + 1)::timestamp AT TIME ZONE $1::text AS end_at FROM p0),
camp AS (SELECT a, sum(views) AS views, sum(visitors) AS visitors FROM ${IN_PERIOD("'campaign'")} GROUP BY a),
-- The period's sign-ups grouped as stored (one pass, no per-row time-zone arithmetic), then by
-- source and campaign: a few hundred rows at most, which every breakdown below reads.
s AS (
  SELECT e.source_page, e.arrived_from, e.submitted_at >= p.first_at AS current,
         count(*) AS signups, count(*) FILTER (WHERE e.status = 'confirmed') AS confirmed
    FROM email_signups e, p
   WHERE e.submitted_at >= p.prev_at AND e.submitted_at < p.end_at
   GROUP BY 1, 2, 3
),
sg AS (
  SELECT source_page, split_part(coalesce(arrived_from, 'Unknown'), '/', 1) AS source,
         nullif(split_part(coalesce(arrived_from, ''), '/', 2), '') AS campaign, current,
         sum(signups) AS signups, sum(confirmed) AS confirmed
    FROM s GROUP BY 1, 2, 3, 4
),
cal AS (SELECT g::date AS day, 0 AS prev FROM p, generate_series(p.first_day::timestamp, p.last_day::timestamp, '1 day') g
        UNION ALL
        SELECT g::date, 1 FROM p, generate_series(p.prev_first::timestamp, (p.first_day - 1)::timestamp, '1 day') g)
SELECT
  (SELECT json_agg(json_build_object('date', to_char(cal.day, 'YYYY-MM-DD'), 'prev', cal.prev,
          'visitors', coalesce(r.visitors, 0), 'views', coalesce(r.views, 0), 'ends', coalesce(r.read_to_end, 0),
          'capped', coalesce(r.capped, 0)) ORDER BY cal.day)
     FROM cal LEFT JOIN readership_days r ON r.kind = 'site' AND r.day = cal.day AND r.a = '' AND r.b = '') AS series,
  (SELECT json_build_object('signups', coalesce(sum(signups) FILTER (WHERE current), 0),
          'confirmed', coalesce(sum(confirmed) FILTER (WHERE current), 0),
          'prevSignups', coalesce(sum(signups) FILTER (WHERE NOT current), 0),
          'prevConfirmed', coalesce(sum(confirmed) FILTER (WHERE NOT current), 0))
     FROM sg) AS signup_totals,
  (SELECT json_agg(x) FROM (
     SELECT pg.a AS path, pg.views, pg.visitors, pg.ends, coalesce(sp.signups, 0) AS signups, coalesce(sp.confirmed, 0) AS confirmed
       FROM (SELECT a, sum(views) AS views, sum(visitors) AS visitors, sum(read_to_end) AS ends FROM ${IN_PERIOD("'page'")}
             GROUP BY a ORDER BY sum(views) DESC, a LIMIT $4::integer) pg
       LEFT JOIN (SELECT source_page, sum(signups) AS signups, sum(confirmed) AS confirmed FROM sg
                  WHERE current GROUP BY source_page) sp ON sp.source_page = pg.a
      ORDER BY pg.views DESC, pg.a) x) AS pages,
  (SELECT json_agg(x) FROM (
     SELECT ps.a AS path, ps.b AS source, ps.visitors, coalesce(sp.signups, 0) AS signups, coalesce(sp.confirmed, 0) AS confirmed
       FROM (SELECT a, b, sum(visitors) AS visitors FROM ${IN_PERIOD("'page_source'")} GROUP BY a, b) ps
       LEFT JOIN (SELECT source_page, source, sum(signups) AS signups, sum(confirmed) AS confirmed FROM sg
                  WHERE current GROUP BY 1, 2) sp ON sp.source_page = ps.a AND sp.source = ps.b
      ORDER BY coalesce(sp.confirmed, 0) DESC, coalesce(sp.signups, 0) DESC, ps.visitors DESC, ps.a, ps.b
      LIMIT $4::integer) x) AS conversion,
  (SELECT json_agg(x) FROM (
     SELECT so.a AS source, so.b AS channel, so.views, so.visitors, coalesce(sp.signups, 0) AS signups,
            coalesce(sp.confirmed, 0) AS confirmed
       FROM (SELECT a, b, sum(views) AS views, sum(visitors) AS visitors FROM ${IN_PERIOD("'source'")} GROUP BY a, b) so
       LEFT JOIN (SELECT source, sum(signups) AS signups, sum(confirmed) AS confirmed FROM sg
                  WHERE current GROUP BY 1) sp ON sp.source = so.a
      ORDER BY so.views DESC, so.a LIMIT $4::integer) x) AS sources,
  (SELECT json_agg(x) FROM (
     SELECT kind, a AS name, b AS detail, sum(views) AS views, sum(visitors) AS visitors
       FROM ${IN_PERIOD("'campaign', 'device', 'browser'")} GROUP BY kind, a, b ORDER BY kind, sum(views) DESC, a) x) AS counts,
  (SELECT json_agg(x) FROM (
     SELECT an.id::text AS id, an.subject, an.sent_at AS "sentAt",
            coalesce((SELECT views FROM camp WHERE a = 'announcement-' || an.id), 0) AS visits,
            coalesce((SELECT visitors FROM camp WHERE a = 'announcement-' || an.id), 0) AS visitors,
            coalesce((SELECT sum(signups) FROM sg WHERE current AND campaign = 'announcement-' || an.id), 0) AS signups,
            coalesce((SELECT sum(confirmed) FROM sg WHERE current AND campaign = 'announcement-' || an.id), 0) AS confirmed
       FROM announcements an, p
      WHERE (an.sent_at IS NOT NULL AND an.sent_at >= (p.prev_first::timestamp AT TIME ZONE $1::text))
         OR 'announcement-' || an.id IN (SELECT campaign FROM sg WHERE current UNION SELECT a FROM camp)
      ORDER BY an.sent_at DESC NULLS LAST, an.id DESC LIMIT $4::integer) x) AS announcements`;

const LAST_30 = `at > coalesce($1::timestamptz, now()) - interval '30 minutes' AND at <= coalesce($1::timestamptz, now())`;
// $1 now or null: views of the last 30 minutes, raw.
const REALTIME = `
SELECT path, count(*)::int AS views, count(DISTINCT visitor)::int AS visitors,
       count(*) FILTER (WHERE read_to_end)::int AS ends,
       (SELECT count(DISTINCT visitor) FROM readership_views WHERE ${LAST_30})::int AS all_visitors
  FROM readership_views
 WHERE ${LAST_30}
 GROUP BY path ORDER BY count(*) DESC, path`;

type Num = number | string;
interface Row {
  series: { date: string; prev: number; visitors: Num; views: Num; ends: Num; capped: Num }[];
  signup_totals: { signups: Num; confirmed: Num; prevSignups: Num; prevConfirmed: Num };
  pages: { path: string; views: Num; visitors: Num; ends: Num; signups: Num; confirmed: Num }[] | null;
  conversion: { path: string; source: string; visitors: Num; signups: Num; confirmed: Num }[] | null;
  sources: { source: string; channel: string; views: Num; visitors: Num; signups: Num; confirmed: Num }[] | null;
  counts: { kind: string; name: string; detail: string; views: Num; visitors: Num }[] | null;
  announcements:
    | { id: string; subject: string; sentAt: string | null; visits: Num; visitors: Num; signups: Num; confirmed: Num }[]
    | null;
}

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);

export async function readReadership(db: Queryable, q: ReadershipQuery): Promise<Readership> {
  const row = (await db.query<Row>(AGGREGATES_SQL, [q.timeZone, q.days, q.now ?? null, TOP])).rows[0]!;
  const realtime = (
    await db.query<{ path: string; views: number; visitors: number; ends: number; all_visitors: number }>(REALTIME, [
      q.now ?? null,
    ])
  ).rows;
  const day = (d: Row['series'][number]) => ({ date: d.date, visitors: Number(d.visitors), views: Number(d.views) });
  const current = row.series.filter((d) => d.prev === 0);
  const before = row.series.filter((d) => d.prev === 1);
  const counts = (kind: string) =>
    (row.counts ?? [])
      .filter((c) => c.kind === kind)
      .slice(0, TOP)
      .map((c) => ({ name: c.name, detail: c.detail, views: Number(c.views), visitors: Number(c.visitors) }));
  const t = row.signup_totals;
  return {
    timeZone: q.timeZone,
    days: q.days,
    series: current.map(day),
    previousSeries: before.map(day),
    totals: {
      visitors: sum(current, (d) => Number(d.visitors)),
      views: sum(current, (d) => Number(d.views)),
      readToEnd: sum(current, (d) => Number(d.ends)),
      capped: sum(current, (d) => Number(d.capped)),
      signups: Number(t.signups),
      confirmed: Number(t.confirmed),
    },
    previous: {
      visitors: sum(before, (d) => Number(d.visitors)),
      views: sum(before, (d) => Number(d.views)),
      signups: Number(t.prevSignups),
      confirmed: Number(t.prevConfirmed),
    },
    pages: (row.pages ?? []).map((p) => ({
      path: p.path,
      title: pageTitle(p.path),
      views: Number(p.views),
      visitors: Number(p.visitors),
      readToEnd: Number(p.ends),
      signups: Number(p.signups),
      confirmed: Number(p.confirmed),
    })),
    conversion: (row.conversion ?? []).map((c) => ({
      path: c.path,
      title: pageTitle(c.path),
      source: c.source,
      visitors: Number(c.visitors),
      signups: Number(c.signups),
      confirmed: Number(c.confirmed),
    })),
    sources: (row.sources ?? []).map((s) => ({
      source: s.source,
      channel: s.channel,
      views: Number(s.views),
      visitors: Number(s.visitors),
      signups: Number(s.signups),
      confirmed: Number(s.confirmed),
    })),
    campaigns: counts('campaign'),
    devices: counts('device'),
    browsers: counts('browser'),
    announcements: (row.announcements ?? []).map((a) => ({
      id: a.id,
      subject: a.subject,
      sentAt: a.sentAt,
      visits: Number(a.visits),
      visitors: Number(a.visitors),
      signups: Number(a.signups),
      confirmed: Number(a.confirmed),
    })),
    realtime: {
      views: sum(realtime, (r) => r.views),
      visitors: realtime[0]?.all_visitors ?? 0,
      pages: realtime.map((r) => ({ path: r.path, views: r.views, visitors: r.visitors, readToEnd: r.ends })),
      refused: refusedViews(),
    },
  };
}
