// Our own failures answer with the spec's generic failure texts (500, or 503 when the database
// cannot be reached) and never leak internals. Real broken databases, no mocks: a refused port, a
// database without our tables, a table that refuses inserts, a closed PGlite, none configured.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import signups from '../../netlify/functions/signups.ts';
import contact from '../../netlify/functions/contact.ts';
import health from '../../netlify/functions/health.ts';
import { closeDb, connect, setDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { CONTACT, SIGNUP_FAILURE } from '../../src/shared/messages/index.ts';
import { createPgDatabase, removeDir, tempDataDir, type TempDatabase } from '../support/db.ts';
import { freshIp } from './form-suite.ts';

const ORIGIN = 'http://functions.test';
const signupBody = () => ({
  email: `x-${freshIp()}@example.com`,
  signup_type: 'Updates',
  source_page: '/articles/wool-vs-fleece',
});
const contactBody = () => ({ name: 'Ada', email: 'ada@example.com', message: 'Hello', source_page: '/contact' });

function post(path: string, body: unknown, type = 'application/json'): Request {
  return new Request(ORIGIN + path, {
    method: 'POST',
    headers: { 'Content-Type': type, Origin: ORIGIN },
    body:
      type === 'application/json'
        ? JSON.stringify(body)
        : new URLSearchParams(body as Record<string, string>).toString(),
  });
}

/** The answer is `status` with exactly `notice`, and says nothing about the database. */
async function expectGeneric(res: Response, status: number, notice: { title: string; text: string }): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(JSON.parse(text)).toEqual({ error: notice });
  expect(text).not.toMatch(/relation|constraint|ECONN|postgres|pglite|select|insert|sql/i);
}

/** Embedded databases made here, removed at the end. */
const dirs: string[] = [];
const embedded = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return pgliteDb(`${dir}/pglite`);
};

describe('when the database fails', () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  afterEach(() => {
    logged.mockClear();
  });
  afterAll(async () => {
    logged.mockRestore();
    await closeDb();
    dirs.forEach(removeDir);
  });

  describe('cannot be reached (connection refused): 503', () => {
    beforeAll(() => setDb(connect('postgres://postgres@127.0.0.1:1/nowhere')));

    it('sign-ups and contact messages answer 503 with the spec failure text and Retry-After', async () => {
      const s = await signups(post('/api/signups', signupBody()), { ip: freshIp() });
      expect(s.headers.get('retry-after')).toBe('30');
      await expectGeneric(s, 503, SIGNUP_FAILURE);
      await expectGeneric(await contact(post('/api/contact', contactBody()), { ip: freshIp() }), 503, CONTACT.failure);
      // The log says what happened, without the submitted values.
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/signups: database unavailable \(ECONNREFUSED\)/);
      expect(JSON.stringify(logged.mock.calls)).not.toContain('@example.com');
    });

    it('a plain form post goes back to the page with the error notice', async () => {
      const res = await signups(post('/api/signups', signupBody(), 'application/x-www-form-urlencoded'), {
        ip: freshIp(),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/articles/wool-vs-fleece#signup-updates-error');
    });

    it('health answers 503 {ok: false}', async () => {
      const res = await health(new Request(ORIGIN + '/api/health'));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false });
    });
  });

  describe('is not configured at all: 503', () => {
    beforeAll(async () => {
      await closeDb();
      vi.stubEnv('DATABASE_URL', '');
    });
    afterAll(() => {
      vi.unstubAllEnvs();
    });

    it('answers 503, not 500', async () => {
      await expectGeneric(await signups(post('/api/signups', signupBody()), { ip: freshIp() }), 503, SIGNUP_FAILURE);
      expect((await health(new Request(ORIGIN + '/api/health'))).status).toBe(503);
    });
  });

  describe('has no tables (migrations not run): 500', () => {
    let temp: TempDatabase;
    let db: Db;
    beforeAll(async () => {
      temp = await createPgDatabase();
      db = connect(temp.url);
      setDb(db);
    });
    afterAll(async () => {
      setDb(undefined);
      await db.close();
      await temp.drop();
    });

    it('answers 500 with the spec failure texts', async () => {
      await expectGeneric(await signups(post('/api/signups', signupBody()), { ip: freshIp() }), 500, SIGNUP_FAILURE);
      await expectGeneric(await contact(post('/api/contact', contactBody()), { ip: freshIp() }), 500, CONTACT.failure);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/\(42P01\)/);
    });
  });

  describe('refuses the insert itself (PostgreSQL and PGlite): 500, nothing stored', () => {
    let temp: TempDatabase;
    const dbs: Db[] = [];
    beforeAll(async () => {
      temp = await createPgDatabase();
      dbs.push(connect(temp.url), await embedded());
      for (const db of dbs) {
        await migrate(db);
        await db.query('ALTER TABLE email_signups ADD CONSTRAINT refuse_all CHECK (false) NOT VALID');
        await db.query('ALTER TABLE contact_submissions ADD CONSTRAINT refuse_all CHECK (false) NOT VALID');
      }
    }, 60_000);
    afterAll(async () => {
      setDb(undefined);
      for (const db of dbs) await db.close();
      await temp.drop();
    });

    it.each([0, 1])('backend %i answers 500 after the rate limit passed', async (i) => {
      const db = dbs[i]!;
      setDb(db);
      await expectGeneric(await signups(post('/api/signups', signupBody()), { ip: freshIp() }), 500, SIGNUP_FAILURE);
      await expectGeneric(await contact(post('/api/contact', contactBody()), { ip: freshIp() }), 500, CONTACT.failure);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/signups: failed \(23514\)/);
      const counts = await db.query<{ n: string }>(
        'SELECT ((SELECT count(*) FROM email_signups) + (SELECT count(*) FROM contact_submissions))::text AS n',
      );
      expect(counts.rows[0]?.n).toBe('0');
    });
  });

  describe('was closed (PGlite after shutdown): 503', () => {
    it('answers 503', async () => {
      const db = await embedded();
      await migrate(db);
      await db.close();
      setDb(db);
      await expectGeneric(await signups(post('/api/signups', signupBody()), { ip: freshIp() }), 503, SIGNUP_FAILURE);
      setDb(undefined);
    }, 60_000);
  });
});
