// Part 10: readership (issue 37).
//   a) Collection through the `npm start` server: beacons at full speed (views/s, p99), then a
//      sustained ~1,000 views/s while wrk reads the article page at full speed, against the same
//      server's article rate alone, in three rounds (the median ratio is reported, each round's
//      beside it); every view answered 204 must be stored (the batch writer keeps up).
//   b) The Readership view's queries over a synthetic 90 days of views on PostgreSQL (raw views
//      generated in SQL, rolled up day by day as the hourly job does), and on PGlite over the same
//      aggregates and sign-ups copied across (the dashboard reads only those).
//   BENCH_READERSHIP_VIEWS=10000000   how many synthetic views (default 2 million: seeding and rolling
//                                     up 10 million takes over ten minutes on 2 shared cores; the
//                                     aggregates the dashboard reads are the same size either way,
//                                     every page × source pair being present every day already)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, TEST_SERVER_ADMIN_KEY, type RunningServer } from '../../tests/support/server.ts';
import { createMigratedPgDatabase, migratedDataDir, removeDir } from '../../tests/support/db.ts';
import { openAdminSession } from '../../tests/support/admin-session.ts';
import { connect, type Db } from '../../server/db/client.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { rollUpDay } from '../../server/readership/rollup.ts';
import { localDay } from '../../server/readership/salts.ts';
import { readReadership } from '../../server/readership/report.ts';
import { READERSHIP_PERIODS, type Readership } from '../../src/shared/readership-api.ts';
import { BROWSER_ACCEPT_ENCODING, load, type Load } from './functions.ts';

const ARTICLE = '/articles/hemp-vs-cotton';
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ZONE = 'America/New_York';

/** wrk's Lua: a new view id and client address per request; `delayMs` paces each connection. */
function beaconScript(origin: string, delayMs: number): string {
  return `local n = 0
local run = ${Math.floor(Math.random() * 0xffffff)}
request = function()
  n = n + 1
  local id = string.format("%08x-0000-4000-8000-%012x", run, n)
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  local body = '{"t":"v","id":"' .. id .. '","p":"${ARTICLE}","r":"https://www.google.com/","u":"?utm_source=bench"}'
  return wrk.format("POST", nil, {["content-type"] = "text/plain;charset=UTF-8", ["origin"] = ${JSON.stringify(origin)}, ["user-agent"] = ${JSON.stringify(UA)}, ["x-forwarded-for"] = ip}, body)
end
${delayMs > 0 ? `delay = function() return ${delayMs} end` : ''}
`;
}

function wrk(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args);
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    // This part needs wrk (autocannon, in Node, would itself be the limit at 1,000 views/s here).
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error('the readership part needs wrk: apt-get install -y wrk') : err),
    );
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
  });
}

const ms = (v: string | undefined) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec((v ?? '').trim());
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

async function beacons(
  label: string,
  url: string,
  connections: number,
  seconds: number,
  delayMs: number,
): Promise<Load & { done: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'rt-beacon-'));
  try {
    writeFileSync(join(dir, 'beacon.lua'), beaconScript(new URL(url).origin, delayMs));
    const out = await wrk([
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-s',
      join(dir, 'beacon.lua'),
      url,
    ]);
    const pick = (re: RegExp) => re.exec(out)?.[1];
    return {
      label,
      rps: Number(pick(/Requests\/sec:\s+([\d.]+)/)),
      p50: ms(pick(/^\s+50%\s+(\S+)/m)),
      p99: ms(pick(/^\s+99%\s+(\S+)/m)),
      non2xx: Number(pick(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
      errors: 0,
      done: Number(pick(/(\d+) requests in/)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface CollectionRow {
  backend: string;
  /** The round whose with ÷ without ratio is the median of the rounds'. */
  articleAlone: Load;
  full: Load;
  sustained: Load;
  articleWith: Load;
  /** Each round's article rate with the paced beacons ÷ the same round's rate without. */
  ratios: number[];
  answered: number;
  stored: number;
}

/** Rounds of (article alone, then article beside paced beacons): the machine's noise moves single runs. */
const ROUNDS = 3;

async function storedViews(s: RunningServer): Promise<number> {
  const cookie = await openAdminSession((p, init) => fetch(s.url + p, init), s.url, TEST_SERVER_ADMIN_KEY);
  // The batch writer flushes every 250 ms: wait for the last batch before counting.
  await new Promise((r) => setTimeout(r, 1000));
  const res = await fetch(`${s.url}/api/admin/readership?days=7`, { headers: { Cookie: cookie } });
  return ((await res.json()) as Readership).realtime.views;
}

async function collection(backend: string, env: Record<string, string>): Promise<CollectionRow> {
  const s = await startServer({ TRUST_PROXY: '1', ...env });
  try {
    const url = s.url + '/api/view';
    const article = () => load('article page alone', s.url + ARTICLE, 'get', s.url, 10, BROWSER_ACCEPT_ENCODING);
    const full = await beacons('beacons, 50 connections, full speed', url, 50, 10, 0);
    let answered = full.done - full.non2xx;
    const rounds: { alone: Load; sustained: Load; with: Load; ratio: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await article();
      // ~1,000 views/s: 12 connections, each waiting 10 ms after every answer.
      const [sustained, withBeacons] = await Promise.all([
        beacons('beacons, paced (~1,000/s)', url, 12, 12, 10),
        new Promise<void>((r) => setTimeout(r, 1000)).then(article),
      ]);
      withBeacons.label = 'article page during the paced beacons';
      answered += sustained.done - sustained.non2xx;
      rounds.push({ alone, sustained, with: withBeacons, ratio: withBeacons.rps / alone.rps });
    }
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
    return {
      backend,
      articleAlone: median.alone,
      full,
      sustained: median.sustained,
      articleWith: median.with,
      ratios: rounds.map((r) => r.ratio),
      answered,
      stored: await storedViews(s),
    };
  } finally {
    await s.stop();
  }
}

export async function benchCollection(): Promise<CollectionRow[]> {
  const rows = [await collection('PGlite (embedded)', {})];
  const temp = await createMigratedPgDatabase();
  try {
    rows.push(await collection('PostgreSQL 15 (TCP)', { DATABASE_URL: temp.url }));
  } finally {
    await temp.drop();
  }
  return rows;
}

export function collectionTable(rows: CollectionRow[]): string {
  const head =
    '| backend | article alone req/s | beacons full speed views/s (p99 ms) | paced beacons views/s (p99 ms) | article during paced beacons req/s | with ÷ without, median (each round) | views answered 204 / stored |\n| --- | --- | --- | --- | --- | --- | --- |';
  return [
    head,
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${r.articleAlone.rps.toFixed(0)} | ${r.full.rps.toFixed(0)} (${+r.full.p99.toFixed(2)}) | ${r.sustained.rps.toFixed(0)} (${+r.sustained.p99.toFixed(2)}) | ${r.articleWith.rps.toFixed(0)} | ${(r.articleWith.rps / r.articleAlone.rps).toFixed(3)} (${r.ratios.map((x) => x.toFixed(2)).join(', ')}) | ${r.answered} / ${r.stored} |`,
    ),
  ].join('\n');
}

// ── b) the queries at scale ──────────────────────────────────────────────────────────────────

/** Every page the build lists, and 60 sources: a pessimistic number of aggregate rows per day. */
const PATHS = Object.keys(JSON.parse(readFileSync('dist/page-titles.json', 'utf8')) as object);
const SOURCES: [string, string][] = [
  ['search', 'Google'],
  ['search', 'Google'],
  ['search', 'Google'],
  ['direct', 'Direct'],
  ['direct', 'Direct'],
  ['internal', 'Internal'],
  ['internal', 'Internal'],
  ['social', 'Facebook'],
  ['social', 'Pinterest'],
  ['social', 'Reddit'],
  ['search', 'DuckDuckGo'],
  ['search', 'Bing'],
  ['email', 'announcement'],
  ...Array.from({ length: 47 }, (_, i): [string, string] => ['site', `blog-${i}.example.org`]),
];

/** `n` views over the 90 days before `now`, in chunks of one million, by SQL alone. */
export async function seedViews(db: Db, n: number, now: Date): Promise<void> {
  const chunk = 1_000_000;
  for (let from = 0; from < n; from += chunk) {
    await db.query(
      `INSERT INTO readership_views (at, visitor, path, channel, source, referrer_host, utm_source, utm_medium, utm_campaign, device, browser, read_to_end)
       SELECT $3::timestamptz - (g::float8 / $2) * interval '90 days',
              'v' || (g / 3), ($4::text[])[1 + g % cardinality($4::text[])],
              ($5::text[])[1 + (g * 7) % cardinality($5::text[])], ($6::text[])[1 + (g * 7) % cardinality($6::text[])],
              NULL, CASE WHEN ($6::text[])[1 + (g * 7) % cardinality($6::text[])] = 'announcement' THEN 'announcement' END, CASE WHEN ($6::text[])[1 + (g * 7) % cardinality($6::text[])] = 'announcement' THEN 'email' END,
              CASE WHEN ($6::text[])[1 + (g * 7) % cardinality($6::text[])] = 'announcement' THEN 'announcement-' || (1 + g % 5) END,
              (ARRAY['desktop','mobile','mobile','tablet'])[1 + g % 4], (ARRAY['Chrome','Safari','Firefox','Edge','Samsung Internet'])[1 + g % 5],
              g % 3 = 0
         FROM generate_series($1::bigint, $1::bigint + $7::bigint - 1) g`,
      [
        from,
        n,
        now.toISOString(),
        PATHS,
        SOURCES.map((s) => s[0]),
        SOURCES.map((s) => s[1]),
        Math.min(chunk, n - from),
      ],
    );
  }
  await db.query(
    `INSERT INTO email_signups (email, signup_type, source_page, submitted_at, status, email_hash, arrived_from)
     SELECT 'bench' || g || '@example.org', 'Updates', ($2::text[])[1 + g % cardinality($2::text[])],
            $1::timestamptz - (g::float8 / 30000) * interval '90 days', CASE WHEN g % 5 < 3 THEN 'confirmed' ELSE 'pending' END,
            subscriber_hash('bench' || g || '@example.org'), (ARRAY['Google','Direct','Facebook','announcement/announcement-1'])[1 + g % 4]
       FROM generate_series(1, 30000) g`,
    [now.toISOString(), PATHS],
  );
  await db.query(
    `INSERT INTO announcements (note, subject, audience, status, sent_at)
     SELECT 'Bench note ' || g, 'Bench announcement ' || g, ARRAY['Updates'], 'done', $1::timestamptz - g * interval '10 days'
       FROM generate_series(1, 5) g`,
    [now.toISOString()],
  );
}

export interface QueryRow {
  backend: string;
  days: number;
  p50: number;
  p95: number;
}

async function timeQueries(db: Db, backend: string, now: Date): Promise<QueryRow[]> {
  const rows: QueryRow[] = [];
  for (const days of READERSHIP_PERIODS) {
    const times: number[] = [];
    for (let i = 0; i < 23; i++) {
      const t0 = performance.now();
      await readReadership(db, { days, timeZone: ZONE, now: now.toISOString() });
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push({
      backend,
      days,
      p50: times[Math.floor(times.length / 2)]!,
      p95: times[Math.ceil(times.length * 0.95) - 1]!,
    });
  }
  return rows;
}

/** Copies the aggregates, sign-ups and announcements (what the dashboard reads) from `from` to `to`. */
async function copyAggregates(from: Db, to: Db): Promise<void> {
  for (const [table, columns] of [
    ['readership_days', 'day, kind, a, b, views, visitors, read_to_end, capped'],
    ['announcements', 'note, subject, audience, status, sent_at'],
    ['email_signups', 'email, signup_type, source_page, submitted_at, status, email_hash, arrived_from'],
  ] as const) {
    const { rows } = await from.query<Record<string, unknown>>(`SELECT ${columns} FROM ${table}`);
    const names = columns.split(', ');
    for (let i = 0; i < rows.length; i += 1000) {
      const part = rows.slice(i, i + 1000);
      const values = part.map((_, r) => `(${names.map((_, c) => `$${r * names.length + c + 1}`).join(', ')})`);
      await to.query(
        `INSERT INTO ${table} (${columns}) VALUES ${values.join(', ')}`,
        part.flatMap((row) => names.map((name) => row[name])),
      );
    }
  }
}

export interface ScaleResult {
  views: number;
  seedSeconds: number;
  rollupSecondsPerDay: number;
  aggregateRows: number;
  rows: QueryRow[];
}

export async function benchReadershipQueries(): Promise<ScaleResult> {
  const views = Number(process.env.BENCH_READERSHIP_VIEWS ?? 2_000_000);
  const now = new Date();
  const temp = await createMigratedPgDatabase();
  const db = connect(temp.url);
  const dir = await migratedDataDir();
  const lite = await pgliteDb(join(dir, 'pglite'));
  try {
    const t0 = performance.now();
    await seedViews(db, views, now);
    const seedSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const days = Array.from({ length: 91 }, (_, i) => localDay(new Date(now.getTime() - i * 86_400_000), ZONE));
    for (const day of days) await rollUpDay(db, day, ZONE);
    const rollupSecondsPerDay = (performance.now() - t1) / 1000 / days.length;
    // A bulk load leaves the visibility map and statistics behind; autovacuum catches up in a
    // running database, here it is done at once so the reads see what they would in production.
    await db.query('VACUUM ANALYZE email_signups');
    await db.query('VACUUM ANALYZE readership_days');
    const aggregateRows = Number(
      (await db.query<{ n: string }>('SELECT count(*) AS n FROM readership_days')).rows[0]!.n,
    );
    await copyAggregates(db, lite);
    const rows = [
      ...(await timeQueries(db, 'PostgreSQL 15 (TCP)', now)),
      ...(await timeQueries(lite, 'PGlite (in process)', now)),
    ];
    return { views, seedSeconds, rollupSecondsPerDay, aggregateRows, rows };
  } finally {
    await lite.close();
    removeDir(dir);
    await db.close();
    await temp.drop();
  }
}

export function queryTable(r: ScaleResult): string {
  const head = `${r.views.toLocaleString('en-US')} synthetic views over 90 days (seeded in ${r.seedSeconds.toFixed(0)} s; the rollup took ${r.rollupSecondsPerDay.toFixed(2)} s per day on PostgreSQL; ${r.aggregateRows.toLocaleString('en-US')} aggregate rows), 30,000 sign-ups. p50 / p95 of 20 reads after 3 warm-ups, through readReadership (both statements).\n\n| backend | period | p50 ms | p95 ms |\n| --- | --- | --- | --- |`;
  return [
    head,
    ...r.rows.map((q) => `| ${q.backend} | ${q.days} days | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} |`),
  ].join('\n');
}
