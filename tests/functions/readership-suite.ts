// Readership (issue 37) on a real database, run unchanged on PGlite and PostgreSQL through the
// function modules routed by their own config.path (admin-targets.ts): the collector's checks,
// the daily salts with a set clock, the rollups, conversion and the period comparison, sign-up
// attribution and the weekly e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { READERSHIP_API, type Readership } from '../../src/shared/readership-api.ts';
import { deleteOldSalts, forgetSalts, localDay, saltFor, visitorHash } from '../../server/readership/salts.ts';
import { RAW_VIEW_DAYS, VISITOR_DAILY_CAP, deleteOldViews, rollUpDay } from '../../server/readership/rollup.ts';
import { insertViews, type ViewRow } from '../../server/readership/writer.ts';
import { readReadership } from '../../server/readership/report.ts';
import { queueWeeklyReport } from '../../server/readership/weekly.ts';
import { refusedViews } from '../../server/readership/flood.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { TEST_ADMIN_KEY, type AdminTarget } from './admin-targets.ts';
import { freshIp, tag, type SendInit } from './form-suite.ts';
import { addDays, zonedTime } from './zoned-time.ts';

const ZONE = 'America/New_York';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ARTICLE = Object.keys(JSON.parse(readFileSync('dist/page-titles.json', 'utf8')) as object).find((p) =>
  p.startsWith('/articles/'),
)!;
const uuid = () => crypto.randomUUID();

export function readershipSuite(start: () => Promise<AdminTarget>): void {
  let t: AdminTarget;
  beforeAll(async () => {
    process.env.SITE_TIME_ZONE = ZONE;
    t = await start();
  }, 120_000);
  afterAll(async () => {
    delete process.env.READERSHIP_RATE_LIMIT;
    await t?.finish();
  }, 120_000);

  const beacon = (body: unknown, init: SendInit & { ua?: string } = {}) =>
    t.send('/api/view', {
      method: 'POST',
      ip: init.ip ?? freshIp(),
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        Origin: t.origin,
        'User-Agent': init.ua ?? FIREFOX,
        ...init.headers,
      },
    });
  const views = async () =>
    (await t.db.query<Record<string, unknown>>('SELECT * FROM readership_views ORDER BY id')).rows;
  const countViews = async () => (await views()).length;

  describe('the collector', () => {
    it('stores a view as labels: path, named source, UTM tags, device and browser, never the address or agent', async () => {
      const ip = freshIp();
      const id = uuid();
      const before = await countViews();
      const res = await beacon(
        {
          t: 'v',
          id,
          p: ARTICLE,
          r: 'https://www.google.com/search?q=hemp',
          u: '?utm_source=News&utm_campaign=Spring%3Cb%3E',
        },
        { ip },
      );
      expect(res.status).toBe(204);
      const rows = await views();
      expect(rows.length).toBe(before + 1);
      const row = rows.at(-1)!;
      expect(row).toMatchObject({
        path: ARTICLE,
        channel: 'campaign',
        source: 'news',
        referrer_host: 'www.google.com',
      });
      expect(row).toMatchObject({ utm_campaign: 'springb', device: 'desktop', browser: 'Firefox', read_to_end: false });
      expect(JSON.stringify(row)).not.toContain(ip);
      expect(JSON.stringify(row)).not.toContain('Gecko');
      // The end of the article reached: the same view marked read.
      expect((await beacon({ t: 'e', id }, { ip })).status).toBe(204);
      expect((await views()).find((r) => r.view_id === id)?.read_to_end).toBe(true);
    });

    it('names search engines and social networks, and tells direct and internal visits apart', async () => {
      const cases: [string, string, string][] = [
        ['https://duckduckgo.com/', 'search', 'DuckDuckGo'],
        ['https://l.facebook.com/l.php?u=x', 'social', 'Facebook'],
        ['https://blog.example.org/post', 'site', 'blog.example.org'],
        ['', 'direct', 'Direct'],
        [`${t.origin}/articles`, 'internal', 'Internal'],
      ];
      for (const [r, channel, source] of cases) {
        expect((await beacon({ t: 'v', id: uuid(), p: '/', r, u: '' }, { ua: SAFARI_IPHONE })).status).toBe(204);
        expect((await views()).at(-1)).toMatchObject({ channel, source, device: 'mobile', browser: 'Safari' });
      }
    });

    it('answers 400 and stores nothing for anything but its own shape', async () => {
      const before = await countViews();
      const bad: [unknown, Record<string, string>?][] = [
        [{ t: 'v', id: uuid(), p: '/no-such-page', r: '', u: '' }],
        [{ t: 'v', id: uuid(), p: 'https://evil.example/', r: '', u: '' }],
        [{ t: 'v', id: uuid(), p: ARTICLE, r: '', u: '', extra: 1 }],
        [{ t: 'v', id: 'not-a-uuid', p: ARTICLE, r: '', u: '' }],
        [{ t: 'v', id: uuid(), p: ARTICLE, r: 'x'.repeat(1001), u: '' }],
        [{ t: 'x', id: uuid() }],
        ['{not json'],
        [{ t: 'v', id: uuid(), p: ARTICLE, r: '', u: '' }, { 'Content-Type': 'application/x-www-form-urlencoded' }],
        [JSON.stringify({ t: 'v', id: uuid(), p: ARTICLE, r: '', u: 'a'.repeat(3000) })],
      ];
      for (const [body, headers] of bad) expect((await beacon(body, { headers })).status).toBe(400);
      const pixel = (q: string) => t.send(`/api/view${q}`, { headers: { 'User-Agent': FIREFOX } });
      expect((await pixel('?p=/nowhere')).status).toBe(400);
      expect((await pixel(`?p=${ARTICLE}&x=1`)).status).toBe(400);
      expect((await pixel('')).status).toBe(400);
      expect(
        (
          await beacon(
            { t: 'v', id: uuid(), p: ARTICLE, r: '', u: '' },
            { headers: { Origin: 'https://evil.example' } },
          )
        ).status,
      ).toBe(403);
      expect(await countViews()).toBe(before);
    });

    it('counts the <noscript> pixel, with the UTM tags of the page it is on', async () => {
      const res = await t.send(`/api/view?p=${encodeURIComponent(ARTICLE)}`, {
        headers: {
          'User-Agent': FIREFOX,
          Referer: `${t.origin}${ARTICLE}?utm_source=announcement&utm_medium=email&utm_campaign=announcement-7`,
        },
      });
      expect(res.status).toBe(204);
      expect((await views()).at(-1)).toMatchObject({
        path: ARTICLE,
        view_id: null,
        channel: 'email',
        utm_campaign: 'announcement-7',
      });
    });

    it('does not count bots, prefetches, Global Privacy Control or the signed-in owner', async () => {
      const before = await countViews();
      const cookie = await openAdminSession((path, init) => t.send(path, init), t.origin, TEST_ADMIN_KEY);
      const view = () => ({ t: 'v', id: uuid(), p: ARTICLE, r: '', u: '' });
      expect((await beacon(view(), { ua: GOOGLEBOT })).status).toBe(204);
      expect((await beacon(view(), { headers: { 'Sec-Purpose': 'prefetch' } })).status).toBe(204);
      expect((await beacon(view(), { headers: { 'Sec-GPC': '1' } })).status).toBe(204);
      expect((await beacon(view(), { headers: { Cookie: cookie } })).status).toBe(204);
      expect(await countViews()).toBe(before);
    });

    it('limits one client: past READERSHIP_RATE_LIMIT it answers 429, stores nothing, and the refusals are counted', async () => {
      process.env.READERSHIP_RATE_LIMIT = '3/60';
      try {
        const ip = freshIp();
        const before = await countViews();
        const refused = refusedViews();
        const statuses = [];
        for (let i = 0; i < 6; i++)
          statuses.push((await beacon({ t: 'v', id: uuid(), p: '/', r: '', u: '' }, { ip })).status);
        expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(3);
        expect(statuses.slice(-3)).toEqual([429, 429, 429]);
        expect(await countViews()).toBe(before + statuses.filter((s) => s === 204).length);
        expect(refusedViews()).toBe(refused + statuses.filter((s) => s === 429).length);
        // Another client is not affected.
        expect((await beacon({ t: 'v', id: uuid(), p: '/', r: '', u: '' })).status).toBe(204);
      } finally {
        delete process.env.READERSHIP_RATE_LIMIT;
      }
    });

    it('never writes to the readers’ personal-data tables', async () => {
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT (SELECT count(*) FROM email_signups) + (SELECT count(*) FROM contact_submissions) AS n',
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });
  });

  describe('the daily salts (a set clock, no waiting)', () => {
    it('one salt per site-local day; the visitor hash changes with the day and never holds the address', async () => {
      forgetSalts();
      const day1 = zonedTime('2030-03-10', '09:00:00', ZONE);
      const later = zonedTime('2030-03-10', '23:30:00', ZONE);
      const day2 = zonedTime('2030-03-11', '00:10:00', ZONE);
      const s1 = await saltFor(t.db, day1, ZONE);
      expect(await saltFor(t.db, later, ZONE)).toBe(s1);
      forgetSalts(); // another process reads the same salt from the database
      expect(await saltFor(t.db, later, ZONE)).toBe(s1);
      const s2 = await saltFor(t.db, day2, ZONE);
      expect(s2).not.toBe(s1);
      const h1 = visitorHash(s1, 'site', '203.0.113.9', FIREFOX);
      expect(visitorHash(s1, 'site', '203.0.113.9', FIREFOX)).toBe(h1);
      expect(visitorHash(s1, 'site', '203.0.113.9', SAFARI_IPHONE)).not.toBe(h1);
      expect(visitorHash(s2, 'site', '203.0.113.9', FIREFOX)).not.toBe(h1);
      expect(h1).not.toContain('203');
    });

    it('the first views of a day, at once, all get the one salt the database keeps', async () => {
      // On PostgreSQL each call runs on its own connection: those that lose the insert must still
      // find the winner's salt (they read a snapshot from before it committed).
      // Connections opened first, so the calls of each day reach the database together.
      await Promise.all(Array.from({ length: 10 }, () => t.db.query('SELECT pg_sleep(0.05)')));
      for (const day of ['2030-05-02', '2030-05-03', '2030-05-04', '2030-05-05', '2030-05-06']) {
        forgetSalts();
        const first = zonedTime(day, '00:00:05', ZONE);
        const salts = await Promise.all(Array.from({ length: 10 }, () => saltFor(t.db, first, ZONE)));
        expect(new Set(salts).size).toBe(1);
        const kept = await t.db.query<{ salt: string }>('SELECT salt FROM readership_salts WHERE day = $1::date', [
          day,
        ]);
        expect(kept.rows).toEqual([{ salt: salts[0] }]);
      }
    });

    it('deletes a salt 48 hours after it was made, not before', async () => {
      const made = zonedTime('2030-04-01', '08:00:00', ZONE);
      const salt = await saltFor(t.db, made, ZONE);
      const has = async () =>
        (await t.db.query('SELECT 1 FROM readership_salts WHERE salt = $1', [salt])).rows.length === 1;
      await deleteOldSalts(t.db, new Date(made.getTime() + 47 * 3_600_000));
      expect(await has()).toBe(true);
      await deleteOldSalts(t.db, new Date(made.getTime() + 48 * 3_600_000));
      expect(await has()).toBe(false);
      // The day's next view makes a new salt: yesterday's visitors cannot be matched to today's.
      expect(await saltFor(t.db, new Date(made.getTime() + 48 * 3_600_000 + 1000), ZONE)).not.toBe(salt);
    });
  });

  // A quiet stretch of the calendar (2031) that the tests above never touch.
  const TODAY = '2031-06-20';
  const NOW = zonedTime(TODAY, '12:00:00', ZONE);
  const at = (day: string, time = '10:00:00') => zonedTime(day, time, ZONE);
  const row = (day: string, over: Partial<ViewRow> = {}): ViewRow => ({
    viewId: uuid(),
    at: at(day),
    visitor: `v-${tag()}`,
    path: ARTICLE,
    channel: 'search',
    source: 'Google',
    referrerHost: 'www.google.com',
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    device: 'desktop',
    browser: 'Firefox',
    ...over,
  });

  describe('rollups', () => {
    it('counts views, daily unique visitors and reads per breakdown; caps one visitor’s flood, visibly; runs again the same', async () => {
      const day = addDays(TODAY, -30);
      const flood = 'v-flood';
      await insertViews(t.db, [
        row(day, { visitor: 'v-a' }),
        row(day, { visitor: 'v-a', path: '/' }),
        row(day, { visitor: 'v-b', device: 'mobile', browser: 'Safari', channel: 'direct', source: 'Direct' }),
        ...Array.from({ length: VISITOR_DAILY_CAP + 5 }, () => row(day, { visitor: flood, path: '/' })),
      ]);
      await t.db.query('UPDATE readership_views SET read_to_end = true WHERE visitor = $1', ['v-a']);
      for (let run = 0; run < 2; run++) {
        await rollUpDay(t.db, day, ZONE);
        const { rows } = await t.db.query<{
          kind: string;
          a: string;
          b: string;
          views: number;
          visitors: number;
          read_to_end: number;
          capped: number;
        }>(
          'SELECT kind, a, b, views, visitors, read_to_end, capped FROM readership_days WHERE day = $1::date ORDER BY kind, a, b',
          [day],
        );
        const get = (kind: string, a: string, b = '') => rows.find((r) => r.kind === kind && r.a === a && r.b === b);
        expect(get('site', '')).toMatchObject({ views: 3 + VISITOR_DAILY_CAP, visitors: 3, read_to_end: 2, capped: 5 });
        expect(get('page', ARTICLE)).toMatchObject({ views: 2, visitors: 2, read_to_end: 1 });
        expect(get('page', '/')).toMatchObject({ views: 1 + VISITOR_DAILY_CAP, visitors: 2 });
        expect(get('source', 'Direct', 'direct')).toMatchObject({ views: 1, visitors: 1 });
        expect(get('device', 'mobile')).toMatchObject({ views: 1, visitors: 1 });
        expect(get('page_source', ARTICLE, 'Google')).toMatchObject({ views: 1, visitors: 1 });
      }
    });

    it(`deletes raw views ${RAW_VIEW_DAYS} days after their day, and keeps the aggregates`, async () => {
      const old = addDays(TODAY, -30);
      const kept = await t.db.query('SELECT count(*)::int AS n FROM readership_days WHERE day = $1::date', [old]);
      await deleteOldViews(t.db, NOW, ZONE);
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM readership_views WHERE at < $1::timestamptz',
        [at(addDays(TODAY, -RAW_VIEW_DAYS), '00:00:00').toISOString()],
      );
      expect(rows[0]!.n).toBe(0);
      const after = await t.db.query('SELECT count(*)::int AS n FROM readership_days WHERE day = $1::date', [old]);
      expect(after.rows).toEqual(kept.rows);
    });
  });

  describe('conversion and the period comparison', () => {
    it('puts visitors, sign-ups, confirmed and conversion of a page and source in one row, beside the period before', async () => {
      const { rows: ann } = await t.db.query<{ id: string }>(
        `INSERT INTO announcements (source_path, subject, audience, status, sent_at)
         VALUES ($1, 'Hemp news', ARRAY['Updates'], 'done', $2) RETURNING id::text AS id`,
        [ARTICLE, at(addDays(TODAY, -3)).toISOString()],
      );
      const campaign = `announcement-${ann[0]!.id}`;
      const current = [addDays(TODAY, -1), addDays(TODAY, -2)];
      const previous = addDays(TODAY, -10);
      const views: ViewRow[] = [];
      for (const day of current) for (let i = 0; i < 10; i++) views.push(row(day, { visitor: `v-${day}-${i}` }));
      views.push(
        row(current[0]!, {
          channel: 'email',
          source: 'announcement',
          utmSource: 'announcement',
          utmMedium: 'email',
          utmCampaign: campaign,
        }),
      );
      for (let i = 0; i < 4; i++) views.push(row(previous, { visitor: `p-${i}` }));
      await insertViews(t.db, views);
      for (const day of [...current, previous]) await rollUpDay(t.db, day, ZONE);
      const signup = async (day: string, from: string, status: string) =>
        t.db.query(
          `INSERT INTO email_signups (email, signup_type, source_page, submitted_at, status, email_hash, arrived_from)
           VALUES ($1, 'Updates', $2, $3, $4, subscriber_hash($1), $5)`,
          [`r-${tag()}@example.com`, ARTICLE, at(day).toISOString(), status, from],
        );
      await signup(current[0]!, 'Google', 'confirmed');
      await signup(current[1]!, 'Google', 'pending');
      await signup(current[1]!, `announcement/${campaign}`, 'confirmed');
      await signup(previous, 'Google', 'confirmed');

      const r: Readership = await readReadership(t.db, { days: 7, timeZone: ZONE, now: NOW.toISOString() });
      expect(r.series.length).toBe(7);
      expect(r.previousSeries.length).toBe(7);
      expect(r.totals).toMatchObject({ views: 21, visitors: 21, signups: 3, confirmed: 2 });
      expect(r.previous).toMatchObject({ views: 4, visitors: 4, signups: 1, confirmed: 1 });
      const conv = r.conversion.find((c) => c.path === ARTICLE && c.source === 'Google')!;
      expect(conv).toMatchObject({ visitors: 20, signups: 2, confirmed: 1 });
      expect(r.pages.find((p) => p.path === ARTICLE)).toMatchObject({ views: 21, signups: 3, confirmed: 2 });
      expect(r.sources.find((s) => s.source === 'announcement')).toMatchObject({ views: 1, signups: 1, confirmed: 1 });
      expect(r.announcements.find((a) => a.id === ann[0]!.id)).toMatchObject({ visits: 1, signups: 1, confirmed: 1 });
      expect(r.campaigns.find((c) => c.name === campaign)).toMatchObject({ views: 1 });
      // 7 days against 30: the longer period holds the earlier views too.
      const month = await readReadership(t.db, { days: 30, timeZone: ZONE, now: NOW.toISOString() });
      expect(month.totals.views).toBe(25);
      expect(month.previous.views).toBe(3 + VISITOR_DAILY_CAP);
    });

    it('answers the dashboard with a session only, and only for its periods', async () => {
      expect((await t.send(`${READERSHIP_API}?days=30`)).status).toBe(401);
      const cookie = await openAdminSession((path, init) => t.send(path, init), t.origin, TEST_ADMIN_KEY);
      const ok = await t.send(`${READERSHIP_API}?days=90`, { headers: { Cookie: cookie } });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as Readership).series.length).toBe(90);
      expect((await t.send(`${READERSHIP_API}?days=8`, { headers: { Cookie: cookie } })).status).toBe(400);
    });
  });

  describe('sign-up attribution and the weekly e-mail', () => {
    it('a sign-up records the source and campaign of the visit that brought the reader', async () => {
      const ip = freshIp();
      const u = '?utm_source=announcement&utm_medium=email&utm_campaign=announcement-42';
      expect((await beacon({ t: 'v', id: uuid(), p: ARTICLE, r: '', u }, { ip })).status).toBe(204);
      // then an internal page, which does not replace the source
      expect((await beacon({ t: 'v', id: uuid(), p: '/', r: `${t.origin}${ARTICLE}`, u: '' }, { ip })).status).toBe(
        204,
      );
      const email = `attributed-${tag()}@example.com`;
      const res = await t.send('/api/signups', {
        method: 'POST',
        ip,
        headers: { 'Content-Type': 'application/json', Origin: t.origin, 'User-Agent': FIREFOX },
        body: JSON.stringify({ email, signup_type: 'Updates', source_page: ARTICLE }),
      });
      expect(res.status).toBe(201);
      const { rows } = await t.db.query<{ arrived_from: string }>(
        'SELECT arrived_from FROM email_signups WHERE email = $1',
        [email],
      );
      expect(rows[0]!.arrived_from).toBe('announcement/announcement-42');
    });

    it('queues last week’s report once for the owner; off when switched off or when the week was empty', async () => {
      process.env.OWNER_EMAIL = 'owner@example.org';
      try {
        const monday = zonedTime(TODAY, '08:00:00', ZONE);
        expect(await queueWeeklyReport(t.db, monday)).toBe('queued');
        expect(await queueWeeklyReport(t.db, monday)).toBe('already');
        const { rows } = await t.db.query<{ subject: string; text: string }>(
          "SELECT subject, text FROM mail_outbox WHERE kind = 'readership-weekly'",
        );
        expect(rows.length).toBe(1);
        expect(rows[0]!.text).toContain('Daily unique visitors, summed: 21 (the week before: 4)');
        expect(await queueWeeklyReport(t.db, zonedTime('2035-01-08', '08:00:00', ZONE))).toBe('empty');
        process.env.READERSHIP_WEEKLY_REPORT = 'off';
        expect(await queueWeeklyReport(t.db, monday)).toBe('off');
      } finally {
        delete process.env.OWNER_EMAIL;
        delete process.env.READERSHIP_WEEKLY_REPORT;
      }
    });
  });

  it('uses the site-local day for its salts', () => {
    expect(localDay(zonedTime('2031-01-01', '23:30:00', ZONE), ZONE)).toBe('2031-01-01');
  });
}
