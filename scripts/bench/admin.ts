// The dashboard at scale: list, search, CSV export and insights times with 1,000, 10,000 and
// 100,000 rows in each table, on the PostgreSQL server (a temporary database, dropped afterwards),
// measured through the real function handlers (session check included), plus the memory an
// export takes.
//
//   npm run bench:admin                 prints a markdown table
//   BENCH_PG_URL=postgres://…/db        the server to use (default: TEST_DATABASE_URL, else the local one)
//   BENCH_ADMIN_SIZES=1000,10000        other sizes
//   BENCH_ADMIN_PARTS=insights          only the insights (and the list's first page beside them)
//
// `benchAdmin()` is what `npm run bench` calls.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { pgDb } from '../../server/db/postgres.ts';
import { setDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { exportHandler, insightsHandler, listHandler, sessionHandler } from '../../server/admin/routes.ts';
import type { ApiHandler } from '../../server/endpoint.ts';
import {
  INSIGHTS_PERIODS,
  type Insights,
  type InsightsPeriod,
  type ListKind,
  type Page,
} from '../../src/shared/admin-api.ts';
import { siteTimeZone } from '../../server/settings.ts';

const SERVER_URL =
  process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.BENCH_ADMIN_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ONLY_INSIGHTS = process.env.BENCH_ADMIN_PARTS === 'insights';
const ORIGIN = 'http://bench.test';
const KEY = `bench-${randomBytes(12).toString('hex')}`;

// A full garbage collection on demand, whatever flags node was started with.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function onServer<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Fills both tables with `n` rows each: realistic lengths, dates spread over two years. */
async function seed(db: Db, n: number): Promise<void> {
  await db.query('TRUNCATE contact_submissions, email_signups, admin_sessions');
  await db.query(
    `INSERT INTO contact_submissions (name, email, subject, message, source_page, submitted_at)
     SELECT (ARRAY['Ada','Ben','Chloé','Dmitri','Eve','Farah','Gus','Hana','Iris','Jonas'])[1 + g % 10] || ' ' ||
            (ARRAY['Weaver','Fuller','Dyer','Carder','Spinner','Tailor','Shepherd','Linnell'])[1 + (g / 10) % 8] || ' ' || g,
            'person' || g || '@' || (ARRAY['example.com','gmail.com','outlook.com','proton.me'])[1 + g % 4],
            CASE WHEN g % 5 = 0 THEN NULL ELSE (ARRAY['Question about linen','Wool care','Order help','Press enquiry','Hemp denim'])[1 + g % 5] || ' #' || g END,
            repeat('Thank you for the article on natural fibres, I have a question about washing and drying. ', 1 + g % 6),
            '/contact',
            now() - (g * interval '631 seconds')
     FROM generate_series(1, $1::integer) g`,
    [n],
  );
  await db.query(
    `INSERT INTO email_signups (email, signup_type, source_page, submitted_at)
     SELECT 'reader' || g || '@' || (ARRAY['example.com','gmail.com','outlook.com','proton.me'])[1 + g % 4],
            (ARRAY['Updates','Newsletter','Movement'])[1 + g % 3],
            (ARRAY['/','/articles/hemp-vs-cotton','/articles/merino-vs-cashmere','/articles/linen-vs-cotton'])[1 + g % 4],
            now() - (g * interval '631 seconds')
     FROM generate_series(1, $1::integer) g`,
    [n],
  );
  await db.query('ANALYZE contact_submissions');
  await db.query('ANALYZE email_signups');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(runs: number, fn: () => Promise<void>): Promise<number> {
  await fn(); // warm-up (plans, pool connections)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

interface Row {
  rows: number;
  kind: ListKind;
  first: number;
  deep: number;
  rare: number;
  common: number;
  short: number;
  exportMs: number;
  exportMb: number;
  exportSearchMs: number;
  heapMb: number;
  rssMb: number;
  retainedMb: number;
}

interface InsightsTimes {
  rows: number;
  /** The sign-ups list's first page, in the same run, for comparison. */
  list: number;
  periods: Record<InsightsPeriod, number>;
  /** Recounting every day after SITE_TIME_ZONE changed (once per change). */
  recount: number;
}

const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0)) + ' ms';
const mb = (v: number) => v.toFixed(1) + ' MB';

export async function benchAdmin(): Promise<string> {
  const name = `rt_bench_admin_${randomBytes(5).toString('hex')}`;
  await onServer((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = pgDb(url.toString());
  const savedKey = process.env.ADMIN_KEY;
  const results: Row[] = [];
  const insights: InsightsTimes[] = [];
  let trigram: boolean;
  try {
    await migrate(db);
    trigram = (await db.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).rows.length === 1;
    setDb(db);
    process.env.ADMIN_KEY = KEY;

    const context = { ip: '127.0.0.1', site: { url: ORIGIN } };
    const logIn = async (): Promise<string> => {
      const res = await sessionHandler(
        new Request(`${ORIGIN}/api/admin/session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
          body: JSON.stringify({ key: KEY }),
        }),
        context,
      );
      if (res.status !== 200) throw new Error(`bench: login failed (${res.status})`);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    };

    const handlers = {
      contacts: { list: listHandler('contacts'), csv: exportHandler('contacts') },
      signups: { list: listHandler('signups'), csv: exportHandler('signups') },
    };
    const zone = siteTimeZone();

    for (const n of SIZES) {
      await seed(db, n);
      const session = await logIn();
      const get = async (handler: ApiHandler, path: string) => {
        const res = await handler(new Request(ORIGIN + path, { headers: { Cookie: session } }), context);
        if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}`);
        return res;
      };

      for (const kind of ONLY_INSIGHTS ? [] : (['contacts', 'signups'] as const)) {
        const { list, csv } = handlers[kind];
        const path = `/api/admin/${kind}`;
        // A cursor half-way down the list, reached by paging (what "load more" does).
        let cursor: string | null = null;
        for (let seen = 0; seen < n / 2; seen += 200) {
          const page = (await (
            await get(list, `${path}?limit=200${cursor ? `&cursor=${cursor}` : ''}`)
          ).json()) as Page<unknown>;
          cursor = page.nextCursor;
        }
        const rare = kind === 'contacts' ? `person${Math.ceil(n / 2)}@` : `reader${Math.ceil(n / 2)}@`;

        const row: Row = {
          rows: n,
          kind,
          first: await timed(15, async () => void (await (await get(list, `${path}?limit=50`)).json())),
          deep: await timed(
            15,
            async () => void (await (await get(list, `${path}?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).json()),
          ),
          rare: await timed(
            15,
            async () => void (await (await get(list, `${path}?limit=50&q=${encodeURIComponent(rare)}`)).json()),
          ),
          common: await timed(15, async () => void (await (await get(list, `${path}?limit=50&q=gmail`)).json())),
          short: await timed(15, async () => void (await (await get(list, `${path}?limit=50&q=zq`)).json())),
          exportMs: 0,
          exportMb: 0,
          exportSearchMs: 0,
          heapMb: 0,
          rssMb: 0,
          retainedMb: 0,
        };

        // The whole table as CSV, read as a client would; memory sampled while it streams.
        gc();
        const base = process.memoryUsage();
        let peakHeap = base.heapUsed;
        let peakRss = base.rss;
        const sampler = setInterval(() => {
          const m = process.memoryUsage();
          peakHeap = Math.max(peakHeap, m.heapUsed);
          peakRss = Math.max(peakRss, m.rss);
        }, 5);
        let bytes = 0;
        const start = performance.now();
        const reader = (await get(csv, `${path}.csv`)).body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
        }
        row.exportMs = performance.now() - start;
        clearInterval(sampler);
        row.exportMb = bytes / 1e6;
        row.heapMb = (peakHeap - base.heapUsed) / 1e6;
        row.rssMb = (peakRss - base.rss) / 1e6;
        gc();
        row.retainedMb = (process.memoryUsage().heapUsed - base.heapUsed) / 1e6;
        row.exportSearchMs = await timed(
          3,
          async () => void (await (await get(csv, `${path}.csv?q=gmail`)).arrayBuffer()),
        );
        results.push(row);
      }

      // Insights for each period, next to the sign-ups list's first page measured above.
      const list = ONLY_INSIGHTS
        ? await timed(
            15,
            async () => void (await (await get(handlers.signups.list, '/api/admin/signups?limit=50')).json()),
          )
        : results.at(-1)!.first;
      const times = { rows: n, list, periods: {}, recount: 0 } as InsightsTimes;
      for (const days of INSIGHTS_PERIODS) {
        const path = `/api/admin/insights?days=${days}`;
        times.periods[days] = await timed(15, async () => {
          const answer = (await (await get(insightsHandler, path)).json()) as Insights;
          if (answer.days.length !== days) throw new Error(`bench: ${path} answered ${answer.days.length} days`);
        });
      }
      const start = performance.now();
      await db.query('SELECT insights_recount($1::text)', [zone]);
      times.recount = performance.now() - start;
      insights.push(times);
    }
  } finally {
    setDb(undefined);
    if (savedKey === undefined) delete process.env.ADMIN_KEY;
    else process.env.ADMIN_KEY = savedKey;
    await db.close();
    await onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }

  const insightsZone = siteTimeZone();
  const version = await onServer(
    async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v,
  );
  const lists = [
    `PostgreSQL ${version}${trigram ? ', pg_trgm trigram indexes' : ', no pg_trgm (search scans)'}; times are medians of 15 calls of the`,
    'real handler (session check included; 3 for searched exports), pages of 50. "Deep page": the page half-way down the list,',
    'by its keyset cursor. Searches: rare = one match, common = "gmail" (a quarter of rows), 2 chars = "zq" (no trigram; no match).',
    'Export: the whole table streamed as CSV in batches of 2,000 rows. Memory: peak growth of this process while it streams',
    '(garbage not yet collected included), and what is still held after a full GC once it has finished.',
    '',
    '| rows | list | first page | deep page | search: rare | search: common | search: 2 chars | export all | CSV size | export "gmail" | heap during export | RSS during export | heap retained |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.rows.toLocaleString('en-US')} | ${r.kind} | ${ms(r.first)} | ${ms(r.deep)} | ${ms(r.rare)} | ${ms(r.common)} | ${ms(r.short)} | ${ms(r.exportMs)} | ${mb(r.exportMb)} | ${ms(r.exportSearchMs)} | +${mb(Math.max(0, r.heapMb))} | +${mb(Math.max(0, r.rssMb))} | ${r.retainedMb >= 0 ? '+' : ''}${mb(r.retainedMb)} |`,
    ),
    '',
  ];
  const lines = [
    ...(results.length ? lists : [`PostgreSQL ${version}.`, '']),
    `Insights (GET /api/admin/insights, time zone ${insightsZone}): medians of 15 calls of the real handler, the same rows`,
    '(dates spread over two years, so 365 days hold about half of them). Target: under 50 ms for 365 days at 100,000 rows.',
    'Recount: rebuilding the per-day counts from every row, which happens once after SITE_TIME_ZONE changes.',
    '',
    '| rows | sign-ups list, first page | 30 days | 90 days | 365 days | recount |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...insights.map(
      (r) =>
        `| ${r.rows.toLocaleString('en-US')} | ${ms(r.list)} | ${ms(r.periods[30])} | ${ms(r.periods[90])} | ${ms(r.periods[365])} | ${ms(r.recount)} |`,
    ),
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await benchAdmin());
}
