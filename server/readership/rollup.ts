// Raw views → daily aggregates (migration 012: readership_days), which the dashboard reads and
// which are kept for years; raw views are deleted after RAW_VIEW_DAYS. A day's aggregates are
// recomputed whole from its raw views (delete and insert in one transaction), so running the
// rollup again, or late, never counts a view twice; the hourly run does today and yesterday.
//
// A flood from one client: past VISITOR_DAILY_CAP views in a day, one visitor's further views
// count nowhere but in the day's `capped` figure, which the dashboard shows as such.
import type { Db } from '../db/client.ts';
import { deleteOldSalts, localDay } from './salts.ts';

/** Raw views are kept this many days after their day (docs/readership.md, /privacy). */
export const RAW_VIEW_DAYS = 3;
/** Views one visitor can add to a day's counts. */
export const VISITOR_DAILY_CAP = 100;

// $1 the day, $2 the time zone, $3 the cap. Each breakdown is one SELECT over the day's counted views.
const ROLLUP = `
WITH v AS (
  SELECT visitor, path, channel, source, coalesce(utm_campaign, '') AS campaign, coalesce(utm_source, '') AS usource,
         device, browser, read_to_end,
         row_number() OVER (PARTITION BY visitor ORDER BY at, id) AS n
    FROM readership_views
   WHERE at >= ($1::date::timestamp AT TIME ZONE $2::text) AND at < (($1::date + 1)::timestamp AT TIME ZONE $2::text)
),
c AS (SELECT * FROM v WHERE n <= $3::integer)
INSERT INTO readership_days (day, kind, a, b, views, visitors, read_to_end, capped)
SELECT $1::date, kind, a, b, views, visitors, ends, capped FROM (
  SELECT 'site' AS kind, '' AS a, '' AS b, count(*) AS views, count(DISTINCT visitor) AS visitors,
         count(*) FILTER (WHERE read_to_end) AS ends, (SELECT count(*) FROM v WHERE n > $3::integer) AS capped
    FROM c HAVING count(*) > 0 OR (SELECT count(*) FROM v) > 0
  UNION ALL
  SELECT 'page', path, '', count(*), count(DISTINCT visitor), count(*) FILTER (WHERE read_to_end), 0 FROM c GROUP BY path
  UNION ALL
  SELECT 'source', source, channel, count(*), count(DISTINCT visitor), count(*) FILTER (WHERE read_to_end), 0
    FROM c GROUP BY source, channel
  UNION ALL
  SELECT 'campaign', campaign, usource, count(*), count(DISTINCT visitor), count(*) FILTER (WHERE read_to_end), 0
    FROM c WHERE campaign <> '' GROUP BY campaign, usource
  UNION ALL
  SELECT 'device', device, '', count(*), count(DISTINCT visitor), 0, 0 FROM c GROUP BY device
  UNION ALL
  SELECT 'browser', browser, '', count(*), count(DISTINCT visitor), 0, 0 FROM c GROUP BY browser
  UNION ALL
  SELECT 'page_source', path, source, count(*), count(DISTINCT visitor), count(*) FILTER (WHERE read_to_end), 0
    FROM c GROUP BY path, source
) t`;

/** Recomputes the aggregates of one site-local day (YYYY-MM-DD) from its raw views. */
export async function rollUpDay(db: Db, day: string, timeZone: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM readership_days WHERE day = $1::date', [day]);
    await tx.query(ROLLUP, [day, timeZone, VISITOR_DAILY_CAP]);
  });
}

/** Deletes raw views older than RAW_VIEW_DAYS whole days before `now`'s day; how many went. */
export async function deleteOldViews(db: Db, now: Date, timeZone: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM readership_views
        WHERE at < (($1::date - $3::integer)::timestamp AT TIME ZONE $2::text) RETURNING 1
     ) SELECT count(*)::int AS n FROM gone`,
    [localDay(now, timeZone), timeZone, RAW_VIEW_DAYS],
  );
  return rows[0]?.n ?? 0;
}

export interface RollupRun {
  days: string[];
  rawDeleted: number;
  saltsDeleted: number;
}

/** The hourly job: yesterday and today rolled up, then old raw views and salts deleted. */
export async function runRollup(db: Db, now: Date, timeZone: string): Promise<RollupRun> {
  const today = localDay(now, timeZone);
  const yesterday = localDay(new Date(now.getTime() - 86_400_000), timeZone);
  const days = yesterday === today ? [today] : [yesterday, today];
  for (const day of days) await rollUpDay(db, day, timeZone);
  return { days, rawDeleted: await deleteOldViews(db, now, timeZone), saltsDeleted: await deleteOldSalts(db, now) };
}
