// The second security audit's findings, over real HTTP against `npm start`'s server
// (docs/threat-model.md): the demo key behind a reverse proxy on the same machine (a real relay that
// rewrites Host and adds forwarding headers, as nginx's `proxy_pass` does), slow and idle clients,
// the per-address connection cap, the error hook, the origin derived from HOST/PORT, /index and
// /404, control and bidi characters in the forms, and `npm run admin:unlock`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, TEST_SERVER_ADMIN_KEY, type RunningServer } from '../support/server.ts';
import { KEY_FILE } from '../../server/admin/local-key.ts';
import { createPgDatabase, type TempDatabase } from '../support/db.ts';
import { ADMIN_NOTICES, API_ERRORS, PROBLEMS } from '../../src/shared/messages/index.ts';
import { DEMO_MODE_NOTICES } from '../../src/shared/messages/security.ts';
import { MAX_FAILURES } from '../../server/admin/throttle.ts';
import { SECURITY_HEADERS } from '../../server/http.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  from?: string;
}

/** One request on its own connection to `port`, sending exactly the headers given (plus a body's). */
function call(port: number, { method = 'GET', path, headers = {}, body, from }: Call): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const all: Record<string, string> = { Host: `127.0.0.1:${port}`, ...headers };
  if (data !== undefined) {
    all['Content-Type'] = 'application/json';
    all['Content-Length'] = String(Buffer.byteLength(data));
  }
  return new Promise((ok, fail) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: all, agent: false, localAddress: from },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

/**
 * A reverse proxy as nginx's defaults plus the usual lines make it (`proxy_pass
 * http://127.0.0.1:PORT; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
 * proxy_set_header X-Real-IP $remote_addr;`): Host becomes the upstream's, the client's address
 * and scheme travel in headers, everything else is relayed as is.
 */
function startRelay(upstreamPort: number): Promise<{ port: number; close: () => Promise<void> }> {
  const relay: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      host: `127.0.0.1:${upstreamPort}`,
      'x-forwarded-for': '203.0.113.50',
      'x-real-ip': '203.0.113.50',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': req.headers.host,
    };
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((ok) =>
    relay.listen(0, '127.0.0.1', () =>
      ok({
        port: (relay.address() as { port: number }).port,
        close: () => new Promise((done) => relay.close(() => done())),
      }),
    ),
  );
}

const contact = (fields: Record<string, string> = {}) => ({
  name: 'Ada Weaver',
  email: `hardening-${Math.random().toString(36).slice(2)}@example.com`,
  message: 'Hello from the hardening tests.',
  source_page: '/contact',
  ...fields,
});

describe('local demo mode behind a reverse proxy on the same machine', () => {
  let server: RunningServer;
  let relay: { port: number; close: () => Promise<void> };
  let key: string;
  beforeAll(async () => {
    server = await startServer({ ADMIN_KEY: '' });
    key = server.adminKey();
    relay = await startRelay(server.port);
  }, 120_000);
  afterAll(async () => {
    await relay?.close();
    await server?.stop();
  });

  it('prints the key in the terminal, and never sends it over HTTP: not even to this machine', async () => {
    expect(server.output()).toContain(`admin key: ${key}`);
    const local = await call(server.port, {
      path: '/api/admin/session',
      headers: { Host: `localhost:${server.port}` },
    });
    expect(local.status).toBe(401);
    expect(local.body).not.toContain(key);
    expect(JSON.parse(local.body)).toEqual({
      error: ADMIN_NOTICES.sessionRequired,
      demoKeyFile: join(server.dataDir, KEY_FILE),
    });
  });

  it('through the relay (a loopback peer asking for a loopback Host): no key, and not even where it is', async () => {
    const res = await call(relay.port, { path: '/api/admin/session', headers: { Host: 'shop.example.com' } });
    expect(res.status).toBe(401);
    expect(res.body).not.toContain(key);
    expect(JSON.parse(res.body)).toEqual({ error: ADMIN_NOTICES.sessionRequired });
  });

  it('through the relay the key logs nobody in, whatever Origin the client sends', async () => {
    for (const origin of [undefined, 'https://shop.example.com', `http://127.0.0.1:${server.port}`]) {
      const res = await call(relay.port, {
        method: 'POST',
        path: '/api/admin/session',
        headers: { Host: 'shop.example.com', ...(origin ? { Origin: origin } : {}) },
        body: { key },
      });
      expect(res.status, String(origin)).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Without a loopback Origin, even straight from this machine (curl, a script).
    const bare = await call(server.port, { method: 'POST', path: '/api/admin/session', body: { key } });
    expect(bare.status).toBe(403);
    expect(JSON.parse(bare.body)).toEqual({ error: DEMO_MODE_NOTICES.localOnly });
    // The owner's browser on this machine gets in.
    const browser = await call(server.port, {
      method: 'POST',
      path: '/api/admin/session',
      headers: { Origin: `http://localhost:${server.port}`, Host: `localhost:${server.port}` },
      body: { key },
    });
    expect(browser.status).toBe(200);
  });
});

describe('the server itself: timeouts, connection cap, errors, origins, URLs, forms, unlock', () => {
  let server: RunningServer;
  let temp: TempDatabase;
  let root: string;
  beforeAll(async () => {
    // A copy of the site whose netlify.toml adds a splat redirect: a path of non-Latin-1
    // characters makes a Location header that cannot be sent, i.e. a handler that throws.
    root = mkdtempSync(join(tmpdir(), 'rt-root-'));
    symlinkSync(resolve('dist'), join(root, 'dist'));
    mkdirSync(join(root, 'netlify'));
    symlinkSync(resolve('netlify/functions'), join(root, 'netlify', 'functions'));
    copyFileSync(resolve('netlify.toml'), join(root, 'netlify.toml'));
    appendFileSync(
      join(root, 'netlify.toml'),
      '\n[[redirects]]\n  from = "/moved/*"\n  to = "/articles/:splat"\n  status = 301\n  force = true\n',
    );
    temp = await createPgDatabase();
    server = await startServer({
      ROOT_DIR: root,
      DATABASE_URL: temp.url,
      TRUST_PROXY: '127.0.0.1',
      CONNECTIONS_PER_CLIENT: '4',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await temp?.drop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** A raw connection from `from`, collecting what it receives; `closed` resolves when it ends. */
  function rawSocket(from = '127.0.0.1') {
    const socket: Socket = connect({ host: '127.0.0.1', port: server.port, localAddress: from });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    const connected = new Promise<void>((done) => socket.once('connect', () => done()));
    return { socket, closed, connected, received: () => received, reset: () => (received = '') };
  }

  async function until(check: () => boolean, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return check();
  }

  it('answers a request on a kept-alive connection after 10 s idle (a proxy reusing its upstream socket)', async () => {
    const c = rawSocket();
    await c.connected;
    const get = `GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`;
    c.socket.write(get);
    expect(await until(() => c.received().includes('User-agent'), 5000)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.received().toLowerCase()).toMatch(/keep-alive: timeout=130/);
    c.reset();
    await new Promise((r) => setTimeout(r, 10_000));
    expect(c.socket.destroyed).toBe(false);
    c.socket.write(get);
    expect(await until(() => c.received().includes('User-agent'), 5000)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    c.socket.destroy();
  }, 30_000);

  it('cuts off a client that sends its body one byte at a time (408, connection closed)', async () => {
    const c = rawSocket();
    await c.connected;
    c.socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    // A byte every 2 s, for at most 80 s: Node's default would have let this run for 300 s.
    const drip = setInterval(() => {
      if (!c.socket.destroyed) c.socket.write(' ');
    }, 2000);
    try {
      expect(await until(() => c.socket.destroyed || c.received().length > 0, 80_000)).toBe(true);
      await Promise.race([c.closed, new Promise((r) => setTimeout(r, 5000))]);
      expect(c.socket.destroyed).toBe(true);
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
      c.socket.destroy();
    }
  }, 100_000);

  it('caps open connections per client address (CONNECTIONS_PER_CLIENT=4); other addresses are served', async () => {
    const held = Array.from({ length: 4 }, () => rawSocket('127.0.0.5'));
    await Promise.all(held.map((c) => c.connected));
    // Each is counted once the server has accepted it: one request on each proves it.
    for (const c of held) c.socket.write(`GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    for (const c of held) expect(await until(() => c.received().includes('User-agent'), 5000)).toBe(true);

    // A fifth from the same address is closed before it is answered.
    await expect(call(server.port, { path: '/robots.txt', from: '127.0.0.5' })).rejects.toThrow();
    // Another address is not affected.
    expect((await call(server.port, { path: '/robots.txt', from: '127.0.0.6' })).status).toBe(200);
    // Once one closes, the address may open another.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((r) => setTimeout(r, 100));
    expect((await call(server.port, { path: '/robots.txt', from: '127.0.0.5' })).status).toBe(200);
    for (const c of held) c.socket.destroy();
  });

  it('a handler that throws: logged, and the API’s generic 500 with the usual headers', async () => {
    const res = await call(server.port, { path: '/moved/%C4%80' });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ error: API_ERRORS.functionFailed });
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(res.headers[name.toLowerCase()], name).toBe(value);
    expect(await until(() => server.output().includes('request failed:'), 2000)).toBe(true);
  });

  it('allows its own origin (from HOST and PORT), not whatever runs on localhost:8888', async () => {
    const post = (origin: string) =>
      call(server.port, { method: 'POST', path: '/api/contact', headers: { Origin: origin }, body: contact() });
    expect((await post('http://localhost:8888')).status).toBe(403);
    expect((await post(`http://localhost:${server.port}`)).status).toBe(201);
  });

  it('redirects /index to / and answers /404 with 404', async () => {
    const index = await call(server.port, { path: '/index' });
    expect(index.status).toBe(301);
    expect(index.headers.location).toBe('/');
    const articles = await call(server.port, { path: '/articles/index' });
    expect(articles.status).toBe(301);
    expect(articles.headers.location).toBe('/articles');
    for (const method of ['GET', 'HEAD']) {
      expect((await call(server.port, { method, path: '/404' })).status).toBe(404);
    }
  });

  it('refuses control and bidi characters in names, subjects and messages with 400 "Invalid Request"; keeps line breaks and tabs in messages', async () => {
    const post = (fields: Record<string, string>) =>
      call(server.port, {
        method: 'POST',
        path: '/api/contact',
        headers: { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
        body: contact(fields),
      });
    const refused: Record<string, string>[] = [
      { name: 'Ada \u001b[31mWeaver' },
      { name: 'Ada\u0007' },
      { name: 'Ada\nWeaver' },
      { name: 'Ada \u202Erevaew' },
      { subject: 'Linen \u2066care\u2069' },
      { subject: 'Hi\tthere' },
      { message: 'Hello \u001b]8;;https://evil.example\u0007there' },
      { message: 'Refund \u202Egnp.exe' },
      { message: 'C1 \u009b control' },
    ];
    for (const fields of refused) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: PROBLEMS.badRequest });
    }
    expect((await post({ message: 'Line one\nLine two\r\n\tindented' })).status).toBe(201);
    expect((await post({ name: 'José Ñandú 李' })).status).toBe(201);
  });

  it(`npm run admin:unlock clears a log-in lockout in the database`, async () => {
    const logIn = (forwarded: string, key: string) =>
      call(server.port, {
        method: 'POST',
        path: '/api/admin/session',
        headers: { 'X-Forwarded-For': forwarded },
        body: { key },
      });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await logIn('192.0.2.44', `guess-${i}`)).status).toBe(401);
    expect((await logIn('192.0.2.44', TEST_SERVER_ADMIN_KEY)).status).toBe(429);

    const run = spawnSync('npm', ['run', '--silent', 'admin:unlock'], {
      env: { ...process.env, DATABASE_URL: temp.url },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`admin log-in unlocked: ${MAX_FAILURES} counted log-in attempts forgotten`));
    expect((await logIn('192.0.2.44', TEST_SERVER_ADMIN_KEY)).status).toBe(200);
  });
});
