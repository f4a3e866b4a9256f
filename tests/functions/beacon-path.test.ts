// The page-view beacon under `npm start` is answered before the web Request is made
// (server/runtime/beacon-path.ts); every other request to /api/view goes through the function.
// Both doors are one collector: each request here goes to the real server over HTTP and to the
// function module in this process, each on its own PostgreSQL database, and must get the same
// answer and store the same thing.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../server/db/client.ts';
import { SESSION_COOKIE } from '../../server/admin/sessions.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createMigratedPgDatabase, type TempDatabase } from '../support/db.ts';
import { takeBeacon } from '../../server/runtime/beacon-path.ts';
import { adminHandlersOnPostgres, type AdminTarget } from './admin-targets.ts';
import { freshIp } from './form-suite.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const ARTICLE = Object.keys(JSON.parse(readFileSync('dist/page-titles.json', 'utf8')) as object).find((p) =>
  p.startsWith('/articles/'),
)!;
const LIMIT = '4/60';

let server: RunningServer;
let serverDb: TempDatabase;
let serverRows: Db;
let fn: AdminTarget;
beforeAll(async () => {
  process.env.READERSHIP_RATE_LIMIT = LIMIT;
  serverDb = await createMigratedPgDatabase();
  [server, fn] = await Promise.all([
    startServer({ TRUST_PROXY: '1', DATABASE_URL: serverDb.url, READERSHIP_RATE_LIMIT: LIMIT }),
    adminHandlersOnPostgres(),
  ]);
  serverRows = connect(serverDb.url);
}, 120_000);
afterAll(async () => {
  delete process.env.READERSHIP_RATE_LIMIT;
  await server?.stop();
  await serverRows?.close();
  await serverDb?.drop();
  await fn?.finish();
});

interface Beacon {
  body: string;
  headers?: Record<string, string>;
  ip?: string;
}

interface Answer {
  status: number;
  body: string;
  retryAfter: string | null;
}

const view = (id: string, path = ARTICLE) => JSON.stringify({ t: 'v', id, p: path, r: '', u: '' });

/** The same beacon through both doors: the server over HTTP and the function in this process. */
async function both({ body, headers = {}, ip = freshIp() }: Beacon): Promise<[Answer, Answer]> {
  const init = (origin: string) => ({
    method: 'POST',
    body,
    ip,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: origin, 'User-Agent': FIREFOX, ...headers },
  });
  const read = async (res: Response): Promise<Answer> => ({
    status: res.status,
    body: await res.text(),
    retryAfter: res.headers.get('retry-after'),
  });
  const viaServer = fetch(`${server.url}/api/view`, {
    ...init(server.url),
    headers: { ...init(server.url).headers, 'X-Forwarded-For': ip },
  });
  return [await read(await viaServer), await read(await fn.send('/api/view', init(fn.origin)))];
}

const stored = async (db: Db, id: string) =>
  (await db.query<{ read_to_end: boolean }>('SELECT read_to_end FROM readership_views WHERE view_id = $1', [id])).rows;

/**
 * The server writes views in batches (readership/writer.ts): a view sent after `ids` and seen in
 * its database means every one of `ids` that was going to be stored is stored by now.
 */
async function settled(): Promise<void> {
  const marker = crypto.randomUUID();
  const [answer] = await both({ body: view(marker) });
  expect(answer.status).toBe(204);
  await expect.poll(async () => (await stored(serverRows, marker)).length, { timeout: 10_000 }).toBe(1);
}

describe('the beacon on npm start and the function agree', () => {
  it('a reader’s view and its end mark: 204 from both, stored by both', async () => {
    const id = crypto.randomUUID();
    const answers = await both({ body: view(id) });
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
    expect(answers[0].body).toBe('');
    await expect.poll(async () => (await stored(serverRows, id)).length, { timeout: 10_000 }).toBe(1);
    expect(await stored(fn.db, id)).toEqual([{ read_to_end: false }]);

    expect((await both({ body: JSON.stringify({ t: 'e', id }) })).map((a) => a.status)).toEqual([204, 204]);
    await expect.poll(async () => stored(serverRows, id), { timeout: 10_000 }).toEqual([{ read_to_end: true }]);
    expect(await stored(fn.db, id)).toEqual([{ read_to_end: true }]);
  });

  it('not our shape: the same 400 and the same text, nothing stored', async () => {
    const id = crypto.randomUUID();
    for (const body of [
      '{not json',
      view(id, '/no-such-page'),
      JSON.stringify({ t: 'v', id, p: ARTICLE, r: '', u: '', extra: 1 }),
      JSON.stringify({ t: 'v', id: 'not-a-uuid', p: ARTICLE, r: '', u: '' }),
      'x'.repeat(3000),
    ]) {
      const [viaServer, viaFunction] = await both({ body });
      expect(viaServer.status, body.slice(0, 40)).toBe(400);
      expect(viaServer.body).toBe(viaFunction.body);
      expect(viaServer.body).toContain('"error"');
    }
    const [form] = await both({ body: view(id), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(400);
    await settled();
    expect(await stored(serverRows, id)).toEqual([]);
  });

  it('not a reader reading (a bot, GPC, a prefetch, the owner): 204 and nothing stored', async () => {
    const cases: Record<string, string>[] = [
      { 'User-Agent': BOT },
      { 'Sec-GPC': '1' },
      { 'Sec-Purpose': 'prefetch' },
      { Cookie: `${SESSION_COOKIE}=anything` },
    ];
    const ids: string[] = [];
    for (const headers of cases) {
      const id = crypto.randomUUID();
      ids.push(id);
      expect((await both({ body: view(id), headers })).map((a) => a.status)).toEqual([204, 204]);
    }
    await settled();
    for (const id of ids) {
      expect(await stored(serverRows, id)).toEqual([]);
      expect(await stored(fn.db, id)).toEqual([]);
    }
  });

  it('from another site: the same 403, nothing stored', async () => {
    const id = crypto.randomUUID();
    const [viaServer, viaFunction] = await both({ body: view(id), headers: { Origin: 'https://elsewhere.example' } });
    expect(viaServer.status).toBe(403);
    expect(viaServer.body).toBe(viaFunction.body);
    await settled();
    expect(await stored(serverRows, id)).toEqual([]);
  });

  it('past the client’s limit: the same 429 with Retry-After, and the views before it stored', async () => {
    const ip = freshIp();
    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    const answers: [Answer, Answer][] = [];
    for (const id of ids) answers.push(await both({ body: view(id), ip }));
    expect(answers.map(([s]) => s.status)).toEqual([204, 204, 204, 204, 429]);
    expect(answers.map(([, f]) => f.status)).toEqual([204, 204, 204, 204, 429]);
    expect(answers[4]![0].body).toBe(answers[4]![1].body);
    expect(answers[4]![0].retryAfter).toBe('60');
    await settled();
    for (const id of ids.slice(0, 4)) expect(await stored(serverRows, id)).toHaveLength(1);
    expect(await stored(serverRows, ids[4]!)).toEqual([]);
  });

  it('a Host the server does not answer the API on gets 421, beacon or not', async () => {
    const id = crypto.randomUUID();
    const body = view(id);
    const status = await new Promise<number>((ok, fail) => {
      const req = request(
        `${server.url}/api/view`,
        {
          method: 'POST',
          headers: {
            Host: 'rebound.example',
            Origin: 'http://rebound.example',
            'Content-Type': 'text/plain',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': FIREFOX,
          },
        },
        (res) => {
          res.resume();
          ok(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.end(body);
    });
    expect(status).toBe(421);
    await settled();
    expect(await stored(serverRows, id)).toEqual([]);
  });
});

describe('which requests take the direct path', () => {
  // The direct path mounted on a bare node:http server in this process (on this process's
  // database, the function target's): what it does not take is answered 599 here, so each case
  // shows which door it went through.
  let bare: Server;
  let origin: string;
  beforeAll(async () => {
    bare = createServer((req, res) => {
      if (takeBeacon(req, res, 'https://rootedthreads.example', () => freshIp())) return;
      req.resume();
      res.writeHead(599);
      res.end();
    });
    await new Promise<void>((ok) => bare.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((ok) => bare.close(() => ok())));

  const post = (path: string, body: string, headers: Record<string, string>) =>
    new Promise<number>((ok, fail) => {
      const req = request(`${origin}${path}`, { method: 'POST', headers }, (res) => {
        res.resume();
        ok(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.end(body);
    });

  it('takes a plain beacon and stores it; leaves everything else to the function', async () => {
    const id = crypto.randomUUID();
    const body = view(id);
    const plain = {
      Host: new URL(origin).host,
      Origin: origin,
      'Content-Type': 'text/plain;charset=UTF-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'User-Agent': FIREFOX,
    };
    expect(await post('/api/view', body, plain)).toBe(204);
    expect(await stored(fn.db, id)).toEqual([{ read_to_end: false }]);
    // The configured site's origin is the page's own too (behind a proxy).
    expect(
      await post('/api/view', view(crypto.randomUUID()), { ...plain, Origin: 'https://rootedthreads.example' }),
    ).toBe(204);

    const other = crypto.randomUUID();
    const otherBody = view(other);
    const same = { ...plain, 'Content-Length': String(Buffer.byteLength(otherBody)) };
    const { Origin: _origin, ...noOrigin } = same;
    const { 'Content-Length': _length, ...chunked } = same;
    for (const [label, path, headers] of [
      ['a query', '/api/view?p=/', same],
      ['another path', '/api/views', same],
      ['another origin', '/api/view', { ...same, Origin: 'https://elsewhere.example' }],
      ['no Origin', '/api/view', noOrigin],
      ['a chunked body', '/api/view', { ...chunked, 'Transfer-Encoding': 'chunked' }],
      ['a form post', '/api/view', { ...same, 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['an unknown Host', '/api/view', { ...same, Host: 'rebound.example', Origin: 'http://rebound.example' }],
    ] as const)
      expect(await post(path, otherBody, headers), label).toBe(599);
    expect(await stored(fn.db, other)).toEqual([]);
  });
});
