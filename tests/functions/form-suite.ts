// The function test suite, run unchanged against every target: the handlers called with real
// Requests and the `npm start` server over real HTTP, each on PGlite and on PostgreSQL.
//
// Storage is checked against a ledger: every test that expects a row to be stored records it,
// and the tables must equal the ledger exactly — after each test where the target can read its
// database while serving, and always at the end. So "nothing stored" is checked for every
// refused request, not only where a test remembers to look.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { API_ERRORS, DUPLICATE_SIGNUP, PROBLEMS, SIGNUP_TYPES, type Notice } from '../../src/shared/messages/index.ts';
import { siteOrigin } from '../../src/shared/site-origin.ts';
import { formRateLimit } from '../../server/settings.ts';

/**
 * The limits count fixed windows (server/rate-limit.ts): a client's count starts again at each
 * window's edge, by design. A test that fills one window starts well inside one, so that all its
 * requests land in it (an edge between the last allowed request and the refused one would
 * otherwise let the refused one through).
 */
async function startInsideOneWindow(windowSeconds: number, needSeconds = 20): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 250));
}

/** A limit test may wait for the next window first (startInsideOneWindow). */
const LIMIT_TEST_TIMEOUT = 60_000;

export interface SignupRow {
  email: string;
  signup_type: string;
  source_page: string;
}
export interface ContactRow {
  name: string;
  email: string;
  subject: string | null;
  message: string;
  source_page: string;
}
export interface Tables {
  signups: SignupRow[];
  contacts: ContactRow[];
}

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
  /** The client address (X-Forwarded-For over HTTP, context.ip for handlers). */
  ip?: string;
}

export interface Target {
  /** The origin requests are made to (a same-origin Origin header). */
  origin: string;
  send(path: string, init?: SendInit): Promise<Response>;
  /** The tables now, when the database can be read while the target serves. */
  read?: () => Promise<Tables>;
  /** Stops the target and returns the final tables. */
  finish: () => Promise<Tables>;
}

export const SELECT_SIGNUPS = 'SELECT email, signup_type, source_page FROM email_signups';
export const SELECT_CONTACTS = 'SELECT name, email, subject, message, source_page FROM contact_submissions';

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

let ipCounter = 0;
/** A client address of its own, so tests do not share a rate limit unless they mean to. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export const tag = (): string => randomBytes(4).toString('hex');

function sortRows<T extends object>(rows: T[]): T[] {
  return [...rows].map((r) => ({ ...r })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Every function answer: no caching, its own security headers. */
export function expectSecurityHeaders(res: Response): void {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

async function expectProblem(res: Response, status: number, notice?: Notice): Promise<void> {
  const body = (await bodyOf(res)) as { error?: { title?: unknown; text?: unknown } };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expectSecurityHeaders(res);
  expect(typeof body.error?.title).toBe('string');
  expect(typeof body.error?.text).toBe('string');
  if (notice) expect(body.error).toEqual(notice);
}

// ── the suite ────────────────────────────────────────────────────────────────────────────────

export function formSuite(label: string, start: () => Promise<Target>): void {
  describe(label, () => {
    let t: Target;
    const ledger: Tables = { signups: [], contacts: [] };

    const expectTables = (tables: Tables) => {
      expect(sortRows(tables.signups)).toEqual(sortRows(ledger.signups));
      expect(sortRows(tables.contacts)).toEqual(sortRows(ledger.contacts));
    };

    beforeAll(async () => {
      t = await start();
    }, 120_000);

    afterEach(async () => {
      if (!t?.read) return;
      const tables = await t.read();
      try {
        expectTables(tables);
      } finally {
        // Blame only the test that diverged: the next one starts from what is really stored.
        ledger.signups = tables.signups;
        ledger.contacts = tables.contacts;
      }
    });

    afterAll(async () => {
      if (t) expectTables(await t.finish());
    }, 120_000);

    const post = (path: string, body: unknown, init: SendInit = {}) =>
      t.send(path, {
        method: 'POST',
        ...init,
        ip: init.ip ?? freshIp(),
        headers: { 'Content-Type': 'application/json', Origin: t.origin, ...init.headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    const postForm = (path: string, fields: Record<string, string>, init: SendInit = {}) =>
      t.send(path, {
        method: 'POST',
        ...init,
        ip: init.ip ?? freshIp(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.origin, ...init.headers },
        body: new URLSearchParams(fields).toString(),
      });

    const signup = (over: Record<string, unknown> = {}) => ({
      email: `reader-${tag()}@example.com`,
      signup_type: 'Updates',
      source_page: '/articles/hemp-vs-cotton',
      ...over,
    });
    const stored = (row: SignupRow) => ledger.signups.push(row);

    const contact = (over: Record<string, unknown> = {}) => ({
      name: 'Ada Weaver',
      email: `writer-${tag()}@example.com`,
      subject: 'A question about linen',
      message: 'How should I wash a linen shirt?',
      source_page: '/contact',
      ...over,
    });

    describe('POST /api/signups', () => {
      it('stores a sign-up: 201 {ok: true, confirmation: "queued"} (double opt-in), the e-mail trimmed but as typed', async () => {
        const email = `Mixed.Case-${tag()}@Example.COM`;
        const res = await post(
          '/api/signups',
          signup({ email: `  ${email}\t `, signup_type: 'Newsletter', source_page: '/' }),
        );
        expect(res.status).toBe(201);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expectSecurityHeaders(res);
        expect(await res.json()).toEqual({ ok: true, confirmation: 'queued' });
        stored({ email, signup_type: 'Newsletter', source_page: '/' });
      });

      it('accepts each sign-up type, and a charset on the content type', async () => {
        const email = `every-${tag()}@example.com`;
        for (const type of SIGNUP_TYPES) {
          const res = await post('/api/signups', signup({ email, signup_type: type }), {
            headers: { 'Content-Type': 'application/json; charset=utf-8' },
          });
          expect(res.status).toBe(201);
          stored({ email, signup_type: type, source_page: '/articles/hemp-vs-cotton' });
        }
      });

      it('refuses a duplicate case-insensitively: 409 {code: "23505", message}', async () => {
        const email = `dupe-${tag()}@example.com`;
        expect((await post('/api/signups', signup({ email }))).status).toBe(201);
        stored({ email, signup_type: 'Updates', source_page: '/articles/hemp-vs-cotton' });
        for (const again of [email, email.toUpperCase(), `  ${email.replace('dupe', 'DUPE')}  `]) {
          const res = await post('/api/signups', signup({ email: again, source_page: '/' }));
          expect(res.status).toBe(409);
          expectSecurityHeaders(res);
          // A pending address also hears its confirmation went again (subscription-suite.ts).
          expect(await res.json()).toMatchObject({ code: '23505', message: DUPLICATE_SIGNUP.text });
        }
      });

      it.each([
        ['', PROBLEMS.emailRequired],
        ['   ', PROBLEMS.emailRequired],
        ['plainaddress', PROBLEMS.invalidEmail],
        ['reader@example', PROBLEMS.invalidEmail],
        ['@example.com', PROBLEMS.invalidEmail],
        ['reader@@example.com', PROBLEMS.invalidEmail],
        ['read er@example.com', PROBLEMS.invalidEmail],
        ['reader@exa mple.com', PROBLEMS.invalidEmail],
        ['😀@example.com', PROBLEMS.invalidEmail],
        ['reader@exämple.com', PROBLEMS.invalidEmail],
        ['reader\u0000@example.com', PROBLEMS.invalidEmail],
        [`${'a'.repeat(250)}@example.com`, PROBLEMS.invalidEmail],
      ])('validates the e-mail %j: 400 with the spec message, nothing stored', async (email, notice) => {
        await expectProblem(await post('/api/signups', signup({ email })), 400, notice);
      });

      it('a missing e-mail reads as Email Required', async () => {
        const { email: _omit, ...rest } = signup();
        await expectProblem(await post('/api/signups', rest), 400, PROBLEMS.emailRequired);
      });

      it.each([
        ['malformed JSON', '{"email": "a@b.co",'],
        ['a JSON array', '[]'],
        ['JSON null', 'null'],
        ['a JSON string', '"reader@example.com"'],
        ['a JSON number', '42'],
        ['empty body', ''],
        ['the e-mail as a number', JSON.stringify({ ...signup(), email: 42 })],
        ['the e-mail as an array', JSON.stringify({ ...signup(), email: ['a@b.co'] })],
        ['the e-mail as null', JSON.stringify({ ...signup(), email: null })],
        ['the e-mail as an object', JSON.stringify({ ...signup(), email: { toString: 'x' } })],
        ['an unknown field', JSON.stringify({ ...signup(), admin: true })],
        ['a __proto__ field', `{"__proto__": {"polluted": 1}, ${JSON.stringify(signup()).slice(1)}`],
        ['an unknown sign-up type', JSON.stringify(signup({ signup_type: 'Weekly' }))],
        ['a sign-up type in the wrong case', JSON.stringify(signup({ signup_type: 'updates' }))],
        ['no sign-up type', JSON.stringify({ email: 'a@b.co', source_page: '/' })],
        ['no source page', JSON.stringify({ email: 'a@b.co', signup_type: 'Updates' })],
        ['another site as source page', JSON.stringify(signup({ source_page: 'https://evil.example/' }))],
        ['a protocol-relative source page', JSON.stringify(signup({ source_page: '//evil.example/x' }))],
        ['a backslash source page', JSON.stringify(signup({ source_page: '/\\evil.example' }))],
        ['a script source page', JSON.stringify(signup({ source_page: 'javascript:alert(1)' }))],
        ['a source page with a space', JSON.stringify(signup({ source_page: '/a b' }))],
        ['a source page with a quote', JSON.stringify(signup({ source_page: '/a"><script>' }))],
        ['a source page over 200', JSON.stringify(signup({ source_page: `/${'a'.repeat(200)}` }))],
        ['a non-string honeypot', JSON.stringify(signup({ website: 1 }))],
        ['deeply nested JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ])('refuses %s: 400 Invalid Request, nothing stored', async (_name, raw) => {
        await expectProblem(await post('/api/signups', raw), 400, PROBLEMS.badRequest);
      });

      it('refuses a body that is not UTF-8: 400', async () => {
        const bytes = new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
        const res = await t.send('/api/signups', {
          method: 'POST',
          ip: freshIp(),
          headers: { 'Content-Type': 'application/json', Origin: t.origin },
          body: bytes,
        });
        await expectProblem(res, 400, PROBLEMS.badRequest);
      });

      it('refuses a 100 KB e-mail as too large (413), and any body over 16 KiB', async () => {
        await expectProblem(
          await post('/api/signups', signup({ email: `${'a'.repeat(100_000)}@example.com` })),
          413,
          API_ERRORS.payloadTooLarge,
        );
        const base = JSON.stringify(signup());
        // JSON allows trailing whitespace: exactly 16 KiB is accepted, one byte more is not.
        const exact = signup();
        const exactBody = JSON.stringify(exact);
        const ok = await post('/api/signups', exactBody + ' '.repeat(16 * 1024 - exactBody.length));
        expect(ok.status).toBe(201);
        stored(exact);
        await expectProblem(await post('/api/signups', base + ' '.repeat(16 * 1024 + 1 - base.length)), 413);
      });

      it('refuses an over-size body sent in chunks without a length (413)', async () => {
        const chunk = new TextEncoder().encode(' '.repeat(4096));
        let sent = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent === 0) controller.enqueue(new TextEncoder().encode(JSON.stringify(signup())));
            if (sent++ < 8) controller.enqueue(chunk);
            else controller.close();
          },
        });
        const res = await t.send('/api/signups', {
          method: 'POST',
          ip: freshIp(),
          headers: { 'Content-Type': 'application/json', Origin: t.origin },
          body: stream,
        });
        await expectProblem(res, 413);
      });

      it.each([['text/plain'], ['multipart/form-data; boundary=x'], ['application/jsonx'], ['application/xml']])(
        'refuses content type %s: 415',
        async (type) => {
          await expectProblem(
            await post('/api/signups', signup(), { headers: { 'Content-Type': type } }),
            415,
            API_ERRORS.unsupportedType,
          );
        },
      );

      it('refuses a body without a content type: 415', async () => {
        const res = await t.send('/api/signups', {
          method: 'POST',
          ip: freshIp(),
          headers: { Origin: t.origin },
          body: new TextEncoder().encode(JSON.stringify(signup())),
        });
        await expectProblem(res, 415);
      });

      it.each([['GET'], ['PUT'], ['PATCH'], ['DELETE'], ['OPTIONS']])(
        'answers %s with 405 and Allow: POST',
        async (method) => {
          const res = await t.send('/api/signups', { method, ip: freshIp() });
          expect(res.status).toBe(405);
          expect(res.headers.get('allow')).toBe('POST');
          expectSecurityHeaders(res);
        },
      );

      it.each([
        ['another site', { Origin: 'https://evil.example' }],
        ['an opaque origin', { Origin: 'null' }],
        ['another port of this host', { Origin: 'http://127.0.0.1:1' }],
        ['a cross-site fetch without Origin', { Origin: '', 'Sec-Fetch-Site': 'cross-site' }],
      ])('refuses a post from %s: 403, nothing stored', async (_name, headers) => {
        const h: Record<string, string> = { ...headers };
        if (h.Origin === '') delete h.Origin;
        const res = await t.send('/api/signups', {
          method: 'POST',
          ip: freshIp(),
          headers: { 'Content-Type': 'application/json', ...h },
          body: JSON.stringify(signup()),
        });
        await expectProblem(res, 403, API_ERRORS.forbidden);
        // A cross-site plain form post is refused the same way, not redirected.
        const form = await t.send('/api/signups', {
          method: 'POST',
          ip: freshIp(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...h },
          body: new URLSearchParams(signup()).toString(),
        });
        expect(form.status).toBe(403);
      });

      it("accepts the site's configured origin, and a client that sends no Origin (not a browser)", async () => {
        const a = signup();
        expect((await post('/api/signups', a, { headers: { Origin: siteOrigin(process.env) } })).status).toBe(201);
        stored(a);
        const b = signup();
        const res = await t.send('/api/signups', {
          method: 'POST',
          ip: freshIp(),
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        });
        expect(res.status).toBe(201);
        stored(b);
      });

      it('answers a filled honeypot with the normal success and stores nothing', async () => {
        // The same answer as a real sign-up's (double opt-in by default), so a bot cannot tell.
        const res = await post('/api/signups', signup({ website: 'https://spam.example' }));
        expect(res.status).toBe(201);
        expect(await res.json()).toEqual({ ok: true, confirmation: 'queued' });
        const form = await postForm('/api/signups', { ...(signup() as Record<string, string>), website: 'spam' });
        expect(form.status).toBe(303);
        expect(form.headers.get('location')).toBe('/articles/hemp-vs-cotton#signup-updates-confirm');
        // An empty honeypot (every real form sends one) is fine.
        const real = signup({ website: '' });
        expect((await post('/api/signups', real)).status).toBe(201);
        stored({ email: real.email, signup_type: 'Updates', source_page: '/articles/hemp-vs-cotton' });
      });

      // The limits in force: the defaults unless this environment sets SIGNUP_RATE_LIMIT (every
      // target sees this process's environment). tests/functions/settings.test.ts sets others.
      const signupLimit = formRateLimit('signups')!;
      it(
        `limits a client to ${signupLimit.max} sign-ups per ${signupLimit.windowSeconds} s: 429 with Retry-After, nothing stored`,
        async () => {
          await startInsideOneWindow(signupLimit.windowSeconds);
          const ip = freshIp();
          for (let i = 0; i < signupLimit.max; i++) {
            const s = signup();
            const res = await post('/api/signups', s, { ip });
            expect(res.status).toBe(201);
            stored(s);
          }
          const res = await post('/api/signups', signup(), { ip });
          const retryAfter = Number(res.headers.get('retry-after'));
          await expectProblem(res, 429, API_ERRORS.rateLimited);
          expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= signupLimit.windowSeconds).toBe(true);
          // A plain post from the same client goes back to its page with the notice.
          const form = await postForm('/api/signups', signup(), { ip });
          expect(form.headers.get('location')).toBe('/articles/hemp-vs-cotton#signup-updates-limited');
          // Another client is not affected.
          const other = signup();
          expect((await post('/api/signups', other)).status).toBe(201);
          stored(other);
        },
        LIMIT_TEST_TIMEOUT,
      );

      it(
        'counts IPv6 clients per /64',
        async () => {
          await startInsideOneWindow(signupLimit.windowSeconds);
          const prefix = `2001:db8:${(ipCounter++ % 65535).toString(16)}:1`;
          for (let i = 1; i <= signupLimit.max; i++) {
            const s = signup();
            expect((await post('/api/signups', s, { ip: `${prefix}::${i.toString(16)}` })).status).toBe(201);
            stored(s);
          }
          const res = await post('/api/signups', signup(), { ip: `${prefix}:ffff:ffff:ffff:ffff` });
          expect(res.status).toBe(429);
        },
        LIMIT_TEST_TIMEOUT,
      );

      it('answers plain form posts with 303 back to the page and the notice fragment', async () => {
        const s = signup({ signup_type: 'Movement' });
        let res = await postForm('/api/signups', s);
        expect(res.status).toBe(303);
        expectSecurityHeaders(res);
        expect(res.headers.get('location')).toBe('/articles/hemp-vs-cotton#signup-movement-confirm');
        stored(s);
        res = await postForm('/api/signups', s);
        expect(res.headers.get('location')).toBe('/articles/hemp-vs-cotton#signup-movement-duplicate');
        res = await postForm('/api/signups', { ...(s as Record<string, string>), email: ' ' });
        expect(res.headers.get('location')).toBe('/articles/hemp-vs-cotton#signup-movement-email-required');
        res = await postForm('/api/signups', {
          ...(s as Record<string, string>),
          email: 'nope',
          signup_type: 'Newsletter',
          source_page: '/',
        });
        expect(res.headers.get('location')).toBe('/#signup-newsletter-invalid-email');
        res = await postForm('/api/signups', { ...(s as Record<string, string>), extra: 'x' });
        expect(res.headers.get('location')).toBe('/articles/hemp-vs-cotton#signup-movement-bad-request');
        // A field given twice is not our form.
        const twice = await t.send('/api/signups', {
          method: 'POST',
          ip: freshIp(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.origin },
          body: `${new URLSearchParams(signup()).toString()}&email=other%40example.com`,
        });
        expect(twice.status).toBe(400);
      });

      it('never redirects a plain post off the site: a bad source page falls back to the same-site Referer, else 400', async () => {
        const fields = signup({ source_page: '//evil.example/' }) as Record<string, string>;
        let res = await postForm('/api/signups', fields, {
          headers: { Referer: `${t.origin}/stories/plant-power?x=1` },
        });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/stories/plant-power#signup-updates-bad-request');
        res = await postForm('/api/signups', fields, { headers: { Referer: 'https://evil.example/page' } });
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
      });

      it('stores exactly one of 50 concurrent identical sign-ups; the other 49 are duplicates', async () => {
        const s = signup({ email: `race-${tag()}@example.com` });
        const answers = await Promise.all(Array.from({ length: 50 }, () => post('/api/signups', s)));
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses.filter((x) => x === 201)).toHaveLength(1);
        expect(statuses.filter((x) => x === 409)).toHaveLength(49);
        stored(s);
      });

      it('stores all of 200 concurrent distinct sign-ups', async () => {
        const many = Array.from({ length: 200 }, (_, i) => signup({ signup_type: SIGNUP_TYPES[i % 3] }));
        const answers = await Promise.all(many.map((s) => post('/api/signups', s)));
        expect(answers.map((r) => r.status)).toEqual(Array(200).fill(201));
        many.forEach((s) => stored(s));
      });
    });

    describe('POST /api/contact', () => {
      const lf = (text: string) => text.replace(/\r\n?/g, '\n');
      const storedContact = (c: Record<string, unknown>) =>
        ledger.contacts.push({
          name: lf(String(c.name)).trim(),
          email: String(c.email).trim(),
          subject: typeof c.subject === 'string' && c.subject.trim() ? c.subject.trim() : null,
          message: lf(String(c.message)).trim(),
          source_page: String(c.source_page),
        });

      it('stores a message: 201 {ok: true}, fields trimmed', async () => {
        const c = contact({ name: '  Ada Weaver ', email: ` ada-${tag()}@example.com `, message: '\n Hello! \n' });
        const res = await post('/api/contact', c);
        expect(res.status).toBe(201);
        expectSecurityHeaders(res);
        expect(await res.json()).toEqual({ ok: true });
        storedContact(c);
      });

      it('the subject is optional: absent, null or blank are stored as NULL', async () => {
        const { subject: _omit, ...noSubject } = contact();
        for (const c of [noSubject, contact({ subject: null }), contact({ subject: '   ' })]) {
          expect((await post('/api/contact', c)).status).toBe(201);
          storedContact({ ...c, subject: null });
        }
      });

      it('stores emoji, accents and line breaks exactly (CRLF, as browsers post textareas, as LF)', async () => {
        const c = contact({
          name: 'Zoë 🌿 Ñandú',
          subject: 'Linen 🧵 & hemp — “quotes”',
          message: 'Line one 😀\nLine two: crème brûlée, 中文, עברית\r\n\tIndented.',
        });
        expect((await post('/api/contact', c)).status).toBe(201);
        storedContact(c);
      });

      it('accepts fields at their limits (100, 150, 5,000) and refuses one more: 400 Too Long', async () => {
        const atLimit = contact({ name: 'n'.repeat(100), subject: 's'.repeat(150), message: 'm'.repeat(5000) });
        expect((await post('/api/contact', atLimit)).status).toBe(201);
        storedContact(atLimit);
        for (const over of [{ name: 'n'.repeat(101) }, { subject: 's'.repeat(151) }, { message: 'm'.repeat(5001) }]) {
          await expectProblem(await post('/api/contact', contact(over)), 400, PROBLEMS.tooLong);
        }
      });

      it.each([
        ['no name', { name: '' }],
        ['a blank name', { name: '   ' }],
        ['a blank e-mail', { email: ' ' }],
        ['a blank message', { message: '\n\t ' }],
        ['a missing message', { message: undefined }],
      ])('refuses %s: 400 Missing Information', async (_name, over) => {
        await expectProblem(await post('/api/contact', contact(over)), 400, PROBLEMS.missingInformation);
      });

      it('refuses a bad e-mail: 400 Invalid Email', async () => {
        await expectProblem(await post('/api/contact', contact({ email: 'ada@example' })), 400, PROBLEMS.invalidEmail);
      });

      it.each([
        ['a NUL in the message', { message: 'hello\u0000world' }],
        ['a NUL in the name', { name: 'Ada\u0000' }],
        ['a lone surrogate', { message: 'broken \ud83d text' }],
        ['a numeric message', { message: 5 }],
        ['a name object', { name: { first: 'Ada' } }],
        ['an unknown field', { phone: '555' }],
        // Terminal escapes and bells reach a printed CSV; bidi overrides spoof text direction.
        ['an escape sequence in the name', { name: 'Ada \u001b[31mWeaver' }],
        ['a bell in the message', { message: 'ding\u0007' }],
        ['a C1 control in the message', { message: 'csi \u009b 2J' }],
        ['a line break in the name', { name: 'Ada\nWeaver' }],
        ['a right-to-left override in the message', { message: 'invoice \u202Efdp.exe' }],
        ['a bidi isolate in the subject', { subject: 'Linen \u2067care\u2069' }],
      ])('refuses %s: 400 Invalid Request', async (_name, over) => {
        await expectProblem(await post('/api/contact', contact(over)), 400, PROBLEMS.badRequest);
      });

      const contactLimit = formRateLimit('contact')!;
      it(
        `limits a client to ${contactLimit.max} messages per ${contactLimit.windowSeconds} s: 429 with Retry-After`,
        async () => {
          await startInsideOneWindow(contactLimit.windowSeconds);
          const ip = freshIp();
          for (let i = 0; i < contactLimit.max; i++) {
            const c = contact();
            expect((await post('/api/contact', c, { ip })).status).toBe(201);
            storedContact(c);
          }
          const res = await post('/api/contact', contact(), { ip });
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          await expectProblem(res, 429, API_ERRORS.rateLimited);
        },
        LIMIT_TEST_TIMEOUT,
      );

      it('answers plain form posts with 303 to /contact and the notice fragment', async () => {
        const c = contact({ subject: '' });
        let res = await postForm('/api/contact', c);
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/contact#contact-ok');
        storedContact(c);
        res = await postForm('/api/contact', { ...(c as Record<string, string>), name: '' });
        expect(res.headers.get('location')).toBe('/contact#contact-missing-information');
        res = await postForm('/api/contact', { ...(c as Record<string, string>), email: 'x@' });
        expect(res.headers.get('location')).toBe('/contact#contact-invalid-email');
      });

      it('sends an over-size plain post back to its page as Too Long (a long message in a non-Latin script)', async () => {
        // 5,000 characters of Cyrillic are valid, but percent-encoded they are ~30 KB: over the limit.
        const c = contact({ message: 'ж'.repeat(5000) });
        const res = await postForm('/api/contact', c, {
          headers: { Referer: `${t.origin}/contact` },
        });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/contact#contact-too-long');
        // As JSON (what the island sends) the same message fits and is stored.
        expect((await post('/api/contact', c)).status).toBe(201);
        storedContact(c);
      });

      it('stores all of 100 concurrent messages', async () => {
        const many = Array.from({ length: 100 }, (_, i) => contact({ message: `Message number ${i}` }));
        const answers = await Promise.all(many.map((c) => post('/api/contact', c)));
        expect(answers.map((r) => r.status)).toEqual(Array(100).fill(201));
        many.forEach(storedContact);
      });
    });

    describe('GET /api/health', () => {
      it('answers 200 {ok: true} when the database answers', async () => {
        const res = await t.send('/api/health', { method: 'GET' });
        expect(res.status).toBe(200);
        expectSecurityHeaders(res);
        expect(await res.json()).toEqual({ ok: true });
      });

      it('answers other methods with 405 and Allow', async () => {
        const res = await t.send('/api/health', { method: 'POST', headers: { Origin: t.origin } });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
      });
    });
  });
}
