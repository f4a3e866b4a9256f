// Fuzz, handler level: property-based (fast-check, fixed seed) requests — bodies, headers, methods,
// paths, client addresses — into every function module, as real Requests routed by each module's
// own config.path exactly as the `npm start` runtime routes them, on a fresh PostgreSQL database.
//   - every public endpoint (/api/signups, /api/contact, /api/health) and every admin endpoint:
//     never a 5xx, only documented statuses, the error shape and no-store on every answer;
//   - nothing invalid stored: the tables equal what was acknowledged (by the documented
//     normalisation), and every stored row passes the documented rules on its own;
//   - no admin data without a session: no row's text, address or CSV in any answer, no success,
//     no session cookie, and nothing deleted; with a session, malformed queries and ids are 4xx.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { closeDb, type Db } from '../../server/db/client.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { loadFunctions, makeContext, matchFunction, type MountedFunction } from '../../server/runtime/functions.ts';
import { createMigratedPgDatabase, type TempDatabase } from '../support/db.ts';
import { readTables } from '../functions/targets.ts';
import {
  ADMIN_AUTHENTICATED,
  ADMIN_UNAUTHENTICATED,
  FORM_ALLOWED,
  FormLedger,
  SEED,
  SESSION_COOKIE,
  adminCase,
  adminRequest,
  answerProblems,
  clientIp,
  extraHeaders,
  formCase,
  formRequest,
  leakProblems,
  method,
  originChoice,
  originHeaders,
  params,
  text,
  type FuzzAnswer,
  type FuzzRequest,
} from './fuzz-model.ts';
import { fuzzRuns } from './intensity.ts';

const ORIGIN = 'http://functions.test';
const ADMIN_KEY = `fuzz-admin-key-${randomBytes(12).toString('base64url')}`;
/** In every seeded row: it must never show up in an answer given without a session. */
const MARK = `seed${randomBytes(6).toString('hex')}`;

let temp: TempDatabase;
let db: Db;
let functions: MountedFunction[];
const ledger = new FormLedger();
const tally: Record<string, Record<string, number>> = {};

function count(property: string, status: number | string): void {
  const t = (tally[property] ??= {});
  t[status] = (t[status] ?? 0) + 1;
}

/** One request into the function its path routes to; undefined when no function has that path. */
async function call(r: FuzzRequest): Promise<FuzzAnswer | undefined> {
  const url = new URL(ORIGIN + r.path);
  const match = matchFunction(functions, url);
  if (!match) return undefined;
  const req = new Request(url, { method: r.method, headers: r.headers, body: r.body ? new Uint8Array(r.body) : null });
  const res = await match.fn.handler(req, makeContext(r.ip, match.params, ORIGIN));
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<FuzzAnswer> {
  const answer = await call({
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body: new TextEncoder().encode(JSON.stringify(body)),
    ip: `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
  });
  return answer!;
}

interface IdRows {
  signups: { id: string }[];
  contacts: { id: string }[];
}
const readIds = async (): Promise<IdRows> => ({
  signups: (await db.query<{ id: string }>('SELECT id::text AS id FROM email_signups ORDER BY id')).rows,
  contacts: (await db.query<{ id: string }>('SELECT id::text AS id FROM contact_submissions ORDER BY id')).rows,
});
const sessions = async () =>
  Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM admin_sessions')).rows[0]!.n);

beforeAll(async () => {
  vi.stubEnv('ADMIN_KEY', ADMIN_KEY);
  temp = await createMigratedPgDatabase();
  db = await openDb({ DATABASE_URL: temp.url });
  await migrate(db);
  functions = await loadFunctions(join(process.cwd(), 'netlify', 'functions'));
  // Rows the admin endpoints could leak, each carrying MARK.
  for (let i = 0; i < 15; i++) {
    const signup = { email: `${MARK}-${i}@example.com`, signup_type: 'Newsletter', source_page: '/' };
    expect((await post('/api/signups', signup)).status).toBe(201);
    ledger.signups.push(signup);
    const contact = {
      name: `Name ${MARK} ${i}`,
      email: `c${i}-${MARK}@example.com`,
      subject: `Subject ${MARK}`,
      message: `Message ${MARK} ${i}`,
      source_page: '/contact',
    };
    expect((await post('/api/contact', contact)).status).toBe(201);
    ledger.contacts.push(contact);
  }
  console.log(`fuzz (handlers): seed ${SEED} (FUZZ_SEED=${SEED} replays these runs)`);
});

afterAll(async () => {
  console.log(`fuzz (handlers): statuses per property ${JSON.stringify(tally)}`);
  vi.unstubAllEnvs();
  await closeDb();
  await temp?.drop();
});

describe(`fuzz, handler level, on PostgreSQL (seed ${SEED})`, () => {
  it(`POST /api/signups and /api/contact: ${fuzzRuns(1000)} requests, no 5xx, only what was acknowledged is stored`, async () => {
    await fc.assert(
      fc.asyncProperty(formCase, async (c) => {
        const req = formRequest(c, ORIGIN);
        const answer = (await call(req))!;
        count('forms', answer.status);
        const problems = [...ledger.record(req, answer), ...answerProblems(req, answer, FORM_ALLOWED)];
        expect(problems).toEqual([]);
      }),
      params(1000),
    );
    const problems = ledger.problems(await readTables(db));
    console.log(
      `fuzz (handlers): forms: ${ledger.signups.length} sign-ups and ${ledger.contacts.length} messages acknowledged and stored (with 30 seeded); ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
    // The run is worth something only if it stored and refused plenty (50 each of the full 1000).
    expect(tally.forms?.[201] ?? 0).toBeGreaterThan(fuzzRuns(1000) / 20);
    expect(tally.forms?.[400] ?? 0).toBeGreaterThan(fuzzRuns(1000) / 20);
  }, 120_000);

  it('GET /api/health with any method, query and headers: 200 or 405, never a 5xx', async () => {
    const health = fc.record({
      method: fc.oneof(fc.constantFrom('GET', 'HEAD'), method),
      query: fc.oneof(
        fc.constant(''),
        fc.webQueryParameters().map((q) => '?' + q),
      ),
      other: extraHeaders,
      origin: originChoice,
      ip: clientIp,
    });
    await fc.assert(
      fc.asyncProperty(health, async (h) => {
        const req: FuzzRequest = {
          method: h.method,
          path: '/api/health' + h.query,
          headers: { ...h.other, ...originHeaders(h.origin, ORIGIN) },
          ip: h.ip,
        };
        const answer = (await call(req))!;
        count('health', answer.status);
        const ok = ['GET', 'HEAD'].includes(h.method.toUpperCase());
        expect(answerProblems(req, answer, new Set(ok ? [200] : [405]))).toEqual([]);
      }),
      params(300),
    );
  }, 60_000);

  it(`every admin endpoint without a session: ${fuzzRuns(1000)} requests, no data, no 5xx, nothing changed`, async () => {
    // A live session exists meanwhile (its token is sent under wrong cookie names), and a stale one.
    const login = await post('/api/admin/session', { key: ADMIN_KEY });
    expect(login.status).toBe(200);
    const liveToken = /__Host-rt_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const stale = await post('/api/admin/session', { key: ADMIN_KEY });
    const staleToken = /__Host-rt_admin=([^;]+)/.exec(stale.headers.get('set-cookie') ?? '')![1]!;
    const logout = await call({
      method: 'DELETE',
      path: '/api/admin/session',
      headers: { Origin: ORIGIN, Cookie: `${SESSION_COOKIE}=${staleToken}` },
      ip: '198.18.0.1',
    });
    expect(logout?.status).toBe(204);

    const before = { ids: await readIds(), sessions: await sessions() };
    const secrets = [MARK, ADMIN_KEY, liveToken, staleToken, ...ledger.signups.map((r) => r.email)];
    let unrouted = 0;
    await fc.assert(
      fc.asyncProperty(adminCase, async (c) => {
        const req = adminRequest(c, ORIGIN, { key: ADMIN_KEY, staleToken, liveToken });
        const answer = await call(req);
        if (!answer) return void unrouted++;
        count('admin without a session', answer.status);
        expect([...answerProblems(req, answer, ADMIN_UNAUTHENTICATED), ...leakProblems(req, answer, secrets)]).toEqual(
          [],
        );
      }),
      params(1000),
    );
    // Nothing deleted, no session started or ended.
    expect(await readIds()).toEqual(before.ids);
    expect(await sessions()).toBe(before.sessions);
    const live = await call({
      method: 'GET',
      path: '/api/admin/session',
      headers: { Cookie: `${SESSION_COOKIE}=${liveToken}` },
      ip: '198.18.0.2',
    });
    expect(live?.status).toBe(200);
    console.log(
      `fuzz (handlers): admin without a session: ${unrouted} requests matched no function (normalised paths)`,
    );
  }, 120_000);

  it(`every admin endpoint with a session: ${fuzzRuns(500)} malformed queries, ids and methods, no 5xx, only the deleted ids gone`, async () => {
    const login = await post('/api/admin/session', { key: ADMIN_KEY }, {});
    expect(login.status).toBe(200);
    const token = /__Host-rt_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const before = await readIds();
    const deleted = { signups: new Set<string>(), contacts: new Set<string>() };
    // Not the session's own POST and DELETE: logging in again or out would end this session.
    const withSession = adminCase.filter(
      (c) => !(c.path.startsWith('/api/admin/session') && c.method.toUpperCase() !== 'GET'),
    );
    await fc.assert(
      fc.asyncProperty(withSession, async (c) => {
        const req = adminRequest(c, ORIGIN, { key: ADMIN_KEY, staleToken: token });
        req.headers.Cookie = `${SESSION_COOKIE}=${token}`;
        const answer = await call(req);
        if (!answer) return;
        count('admin with a session', answer.status);
        const erase = /^\/api\/admin\/(contacts|signups)\/([^/?]*)$/.exec(req.path);
        if (erase && answer.status === 204) deleted[erase[1] as 'contacts' | 'signups'].add(erase[2]!);
        expect(answerProblems(req, answer, ADMIN_AUTHENTICATED)).toEqual([]);
        if (answer.status === 200 && req.method.toUpperCase() === 'GET') {
          const path = req.path.split('?')[0]!;
          const body = text(answer.body);
          if (path.endsWith('.csv')) {
            expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
            expect(body.startsWith('\ufeffid,')).toBe(true);
          } else if (path.endsWith('/contacts') || path.endsWith('/signups')) {
            const page = JSON.parse(body) as { rows: unknown[]; nextCursor: unknown };
            expect(Array.isArray(page.rows) && page.rows.length <= 200).toBe(true);
            expect(page.nextCursor === null || typeof page.nextCursor === 'string').toBe(true);
          }
        }
      }),
      params(500),
    );
    const after = await readIds();
    for (const kind of ['signups', 'contacts'] as const) {
      expect(after[kind].map((r) => r.id)).toEqual(
        before[kind].map((r) => r.id).filter((id) => !deleted[kind].has(id)),
      );
    }
    console.log(
      `fuzz (handlers): admin with a session: deleted ${deleted.signups.size} sign-ups and ${deleted.contacts.size} messages by id, nothing else`,
    );
  }, 120_000);
});
