// Fuzz, HTTP level: a smaller property-based run (fast-check, the same fixed seed) through the real
// `npm start` server on its embedded PGlite, with raw node:http requests — so what only the real
// server sees is fuzzed too: any method token, raw paths and percent-encoding, chunked bodies,
// X-Forwarded-For as clients send it (TRUST_PROXY=1). The same oracle as the handler-level run:
// never a 5xx, only what was acknowledged is stored (read from the data directory after a clean
// stop), no admin data without a session, and the server still healthy at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { METHODS, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pgliteDb } from '../../server/db/pglite.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { removeDir } from '../support/db.ts';
import { readTables } from '../functions/targets.ts';
import {
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
  params,
  text,
  token,
  type FuzzAnswer,
  type FuzzRequest,
} from './fuzz-model.ts';
import { fuzzRuns } from './intensity.ts';

const ADMIN_KEY = `fuzz-admin-key-${randomBytes(12).toString('base64url')}`;
const MARK = `seed${randomBytes(6).toString('hex')}`;

let server: RunningServer;
const ledger = new FormLedger();
const tally: Record<string, Record<string, number>> = {};
const count = (property: string, status: number) => {
  const t = (tally[property] ??= {});
  t[status] = (t[status] ?? 0) + 1;
};

/**
 * Whether Node's HTTP parser knows the method. It answers any other one itself (400, no headers,
 * connection closed) before the request reaches the site: not an answer of ours to hold to the API's
 * rules, though still never a 5xx.
 */
const parsed = (method: string) => METHODS.includes(method.toUpperCase());

/** Whether a raw path, as the server's URL parser reads it, is one of the admin functions' paths. */
const routesToAdmin = (path: string) =>
  /^\/api\/admin\/(session|stats|contacts|signups|contacts\.csv|signups\.csv|(contacts|signups)\/[^/]+)$/.test(
    new URL(path, 'http://x.test').pathname,
  );

/** One raw HTTP request; the body in one piece with Content-Length, or chunked in two. */
function send(r: FuzzRequest, chunked = false): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...r.headers, 'X-Forwarded-For': r.ip };
    if (r.body) {
      if (chunked) headers['Transfer-Encoding'] = 'chunked';
      else headers['Content-Length'] = String(r.body.byteLength);
    }
    const req = request(
      { host: '127.0.0.1', port: server.port, method: r.method, path: r.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            for (const value of Array.isArray(v) ? v : [v ?? '']) h.append(k, value);
          }
          resolve({ status: res.statusCode ?? 0, headers: h, body: new Uint8Array(Buffer.concat(chunks)) });
        });
      },
    );
    // Every request is bounded: a server that hangs fails the property instead of the suite.
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer in 10 s: ${r.method} ${r.path}`)));
    req.on('error', reject);
    if (r.body && chunked) {
      const half = Math.floor(r.body.byteLength / 2);
      req.write(r.body.subarray(0, half));
      req.end(r.body.subarray(half));
    } else req.end(r.body);
  });
}

async function post(path: string, body: unknown, ip: string): Promise<FuzzAnswer> {
  return send({
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: new TextEncoder().encode(JSON.stringify(body)),
    ip,
  });
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1', ADMIN_KEY });
  for (let i = 0; i < 5; i++) {
    const signup = { email: `${MARK}-${i}@example.com`, signup_type: 'Updates', source_page: '/' };
    expect((await post('/api/signups', signup, `198.18.1.${i}`)).status).toBe(201);
    ledger.signups.push(signup);
    const contact = {
      name: `Name ${MARK}`,
      email: `c${i}-${MARK}@example.com`,
      subject: null,
      message: `Message ${MARK} ${i}`,
      source_page: '/contact',
    };
    expect((await post('/api/contact', contact, `198.18.2.${i}`)).status).toBe(201);
    ledger.contacts.push(contact);
  }
  console.log(`fuzz (HTTP): seed ${SEED} (FUZZ_SEED=${SEED} replays these runs)`);
});

afterAll(async () => {
  console.log(`fuzz (HTTP): statuses per property ${JSON.stringify(tally)}`);
  await server?.stop('SIGKILL');
});

describe(`fuzz, HTTP level, the npm start server on PGlite (seed ${SEED})`, () => {
  it(`the form endpoints: ${fuzzRuns(300)} raw requests, no 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(formCase, fc.boolean(), async (c, chunked) => {
        const req = formRequest(c, server.url);
        const answer = await send(req, chunked);
        count('forms', answer.status);
        const problems = ledger.record(req, answer);
        if (parsed(req.method)) problems.push(...answerProblems(req, answer, FORM_ALLOWED));
        else if (answer.status !== 400) problems.push(`${req.method}: ${answer.status}`);
        expect(problems).toEqual([]);
      }),
      params(300),
    );
  }, 120_000);

  it(`the admin endpoints without a session: ${fuzzRuns(300)} raw requests, no data, no 5xx`, async () => {
    const login = await post('/api/admin/session', { key: ADMIN_KEY }, '198.18.3.1');
    expect(login.status).toBe(200);
    const liveToken = /__Host-rt_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const secrets = [MARK, ADMIN_KEY, liveToken];
    await fc.assert(
      fc.asyncProperty(adminCase, fc.boolean(), async (c, chunked) => {
        const req = adminRequest(c, server.url, { key: ADMIN_KEY, staleToken: c.cookieToken, liveToken });
        const answer = await send(req, chunked);
        count('admin without a session', answer.status);
        // A path the URL parser normalises away from the functions (/api/admin/signups/%2e%2e is
        // /api/admin/) gets the static site's answer (404 page, 405): checked for leaks only.
        const problems = leakProblems(req, answer, secrets);
        if (routesToAdmin(req.path) && parsed(req.method))
          problems.push(...answerProblems(req, answer, ADMIN_UNAUTHENTICATED));
        if (answer.status >= 500) problems.push(`${req.method} ${req.path}: ${answer.status}`);
        expect(problems).toEqual([]);
      }),
      params(300),
    );
    const still = await send({
      method: 'GET',
      path: '/api/admin/session',
      headers: { Cookie: `${SESSION_COOKIE}=${liveToken}` },
      ip: '198.18.3.2',
    });
    expect(still.status).toBe(200);
  }, 120_000);

  it(`any method and raw path on the whole site: ${fuzzRuns(300)} requests, no 5xx, no admin data`, async () => {
    const rawPath = fc
      .tuple(
        fc.constantFrom(
          '/',
          '/api/',
          '/api/admin/',
          '/api/signups',
          '/articles/',
          '/_astro/',
          '/admin',
          '/%',
          '/..',
          '//',
        ),
        fc.string({
          unit: fc.oneof(
            { weight: 20, arbitrary: fc.constantFrom(...'abcxyz019/.-_~?&=#;:@!$\'()*+,[]{}|\\^`"<>') },
            {
              weight: 1,
              arbitrary: fc.constantFrom('%', '%2e', '%2f', '%00', '%ff', '%e2%82', '%e2%82%ac', '\u00e9', '\u00ff'),
            },
          ),
          maxLength: 40,
        }),
        fc.oneof({ weight: 9, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constant('x'.repeat(3000)) }),
      )
      .map(([a, b, c]) => a + b + c);
    const anyRequest = fc.record({
      method: fc.oneof(
        {
          weight: 5,
          arbitrary: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE', 'PUT', 'TRACE', 'PROPFIND'),
        },
        { weight: 1, arbitrary: token.map((t) => t.toUpperCase()) },
      ),
      path: rawPath,
      other: extraHeaders,
      ip: clientIp,
    });
    await fc.assert(
      fc.asyncProperty(anyRequest, async (a) => {
        const req: FuzzRequest = {
          method: a.method,
          path: a.path,
          headers: { ...a.other, Origin: server.url },
          ip: a.ip,
        };
        const answer = await send(req);
        count('any path', answer.status);
        expect(answer.status, `${a.method} ${a.path}: ${text(answer.body).slice(0, 200)}`).toBeLessThan(500);
        expect(text(answer.body)).not.toContain(MARK);
      }),
      params(300),
    );
  }, 120_000);

  it('is still healthy, and stored exactly what it acknowledged (read after a clean stop)', async () => {
    const health = await send({ method: 'GET', path: '/api/health', headers: {}, ip: '198.18.4.1' });
    expect(health.status).toBe(200);
    expect(server.output()).not.toMatch(/: failed \(|failed:/);
    await server.stop('SIGTERM', { keepData: true });
    expect(server.process.exitCode).toBe(0);
    const db = await pgliteDb(join(server.dataDir, 'pglite'));
    try {
      const problems = ledger.problems(await readTables(db));
      console.log(
        `fuzz (HTTP): ${ledger.signups.length} sign-ups and ${ledger.contacts.length} messages acknowledged and stored (10 seeded); ${problems.length} problems`,
      );
      expect(problems).toEqual([]);
    } finally {
      await db.close();
      removeDir(server.dataDir);
    }
  }, 60_000);
});
