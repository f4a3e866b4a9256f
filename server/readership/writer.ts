// Writing views. On Netlify each collector call writes its one row (or one update) itself. Under
// `npm start` the server turns batching on (server/serve.ts): calls only append to a buffer and a
// timer writes it as one multi-row INSERT (and one UPDATE for read-to-the-end marks), so neither a
// beacon nor a page read ever waits on the database. The buffer is bounded: past BUFFER_MAX views
// new ones are dropped and counted (a database that cannot keep up must not eat the memory).
import type { Db, Queryable } from '../db/client.ts';

export interface ViewRow {
  viewId: string | null;
  at: Date;
  visitor: string;
  path: string;
  channel: string;
  source: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: string;
  browser: string;
}

export const BUFFER_MAX = 50_000;
/** Rows per INSERT, so one statement's JSON stays a few megabytes at most. */
const CHUNK = 5000;
/** Embedded PGlite's statements block the server's thread while they run: keep each one short. */
const PGLITE_CHUNK = 100;

/**
 * One parameter per statement, the rows as JSON: binding 12 parameters per row costs far more,
 * PGlite's most of all.
 */
export async function insertViews(db: Queryable, rows: readonly ViewRow[], chunk = CHUNK): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // PGlite runs in this thread: between small statements the server answers its other requests.
    if (i > 0 && chunk < CHUNK) await new Promise((resolve) => setImmediate(resolve));
    await db.query(
      `INSERT INTO readership_views (view_id, at, visitor, path, channel, source, referrer_host,
         utm_source, utm_medium, utm_campaign, device, browser)
       SELECT "viewId", at, visitor, path, channel, source, "referrerHost", "utmSource", "utmMedium", "utmCampaign",
              device, browser
         FROM json_to_recordset($1::json) AS v("viewId" uuid, at timestamptz, visitor text, path text, channel text,
              source text, "referrerHost" text, "utmSource" text, "utmMedium" text, "utmCampaign" text, device text,
              browser text)
       ON CONFLICT (view_id) DO NOTHING`,
      [JSON.stringify(rows.slice(i, i + chunk))],
    );
  }
}

export async function markRead(db: Queryable, viewIds: readonly string[]): Promise<void> {
  if (viewIds.length === 0) return;
  await db.query('UPDATE readership_views SET read_to_end = true WHERE view_id = ANY($1::uuid[])', [viewIds]);
}

interface Batching {
  db: () => Queryable;
  views: ViewRow[];
  reads: string[];
  dropped: number;
  /** Drops already logged. */
  reported: number;
  timer: NodeJS.Timeout;
  flushing: Promise<void> | null;
}

let batching: Batching | null = null;

/** Under `npm start`: buffer views and write them every `intervalMs`. */
export function startBatching(db: () => Queryable, intervalMs = 250): void {
  if (batching) return;
  const timer = setInterval(() => void flushViews().catch(logFailure), intervalMs);
  timer.unref();
  batching = { db, views: [], reads: [], dropped: 0, reported: 0, timer, flushing: null };
}

function logFailure(err: unknown): void {
  console.error(`readership: writing views failed: ${err instanceof Error ? err.message : String(err)}`);
}

/** Writes what is buffered (the timer's work; sign-up attribution and tests call it too). */
export async function flushViews(): Promise<void> {
  const b = batching;
  if (!b) return;
  if (b.flushing) await b.flushing;
  if (b.dropped > b.reported) {
    console.error(`readership: ${b.dropped - b.reported} views dropped, the write buffer was full`);
    b.reported = b.dropped;
  }
  if (b.views.length === 0 && b.reads.length === 0) return;
  const views = b.views.splice(0);
  const reads = b.reads.splice(0);
  b.flushing = (async () => {
    const db = b.db();
    await insertViews(db, views, (db as Partial<Db>).kind === 'pglite' ? PGLITE_CHUNK : CHUNK);
    await markRead(db, reads);
  })().finally(() => {
    b.flushing = null;
  });
  await b.flushing;
}

export async function stopBatching(): Promise<void> {
  if (!batching) return;
  clearInterval(batching.timer);
  await flushViews().catch(logFailure);
  batching = null;
}

/** Views dropped because the buffer was full, since the server started. */
export function droppedViews(): number {
  return batching?.dropped ?? 0;
}

/** Records a view: into the buffer when batching, else straight into the database. */
export async function writeView(db: Queryable, row: ViewRow): Promise<void> {
  if (!batching) return insertViews(db, [row]);
  if (batching.views.length >= BUFFER_MAX) batching.dropped++;
  else batching.views.push(row);
}

export async function writeRead(db: Queryable, viewId: string): Promise<void> {
  if (!batching) return markRead(db, [viewId]);
  if (batching.reads.length < BUFFER_MAX) batching.reads.push(viewId);
}
