// `npm start` is safe by default, over real HTTP: without ADMIN_KEY it starts only where no one
// else can reach it and says where the demo key is only to this machine by a local name; a weak key stops
// it; X-Forwarded-For is believed only from the proxies TRUST_PROXY names, with ports stripped; the
// log-in throttle counts IPv6 per /48 and has a global ceiling that the owner's known browser passes.
// Requests go out through node:http so a test can choose the Host header and the source address
// (127.0.0.0/8 is all this machine, so 127.0.0.2 is another loopback peer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { join } from 'node:path';
import { failedStart, startServer, TEST_SERVER_ADMIN_KEY, type RunningServer } from '../support/server.ts';
import { KEY_FILE } from '../../server/admin/local-key.ts';
import { ADMIN_NOTICES, API_ERRORS } from '../../src/shared/messages/index.ts';
import { ALERT_MARK, GLOBAL_MAX_FAILURES, MAX_FAILURES } from '../../server/admin/throttle.ts';
import { DEVICE_COOKIE } from '../../server/admin/device-cookie.ts';

/** A contact limit of 5, so the sixth message from one client shows which client was counted. */
const CONTACT_RATE_LIMIT = '5/600';

interface Answer {
  status: number;
  cookies: string[];
  body: string;
}

interface Call {
  method?: string;
  path: string;
  host?: string;
  from?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function call(server: RunningServer, { method = 'GET', path, host, from, headers = {}, body }: Call): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const all: Record<string, string> = { Host: host ?? `127.0.0.1:${server.port}`, ...headers };
  if (data !== undefined) {
    all['Content-Type'] = 'application/json';
    all['Content-Length'] = String(Buffer.byteLength(data));
    all.Origin ??= `http://${all.Host}`;
  }
  return new Promise((ok, fail) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method, path, headers: all, localAddress: from, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => ok({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body: text }));
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

const contact = (i: number) => ({
  name: `Self-host ${i}`,
  email: `self-host-${i}@example.com`,
  message: 'Hello from the self-hosting tests.',
  source_page: '/contact',
});

describe('without a strong ADMIN_KEY where others can reach it, the server refuses to start', () => {
  it.each([
    ['HOST=0.0.0.0', { HOST: '0.0.0.0' }],
    ['a public SITE_URL', { SITE_URL: 'https://rootedthreads.example' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1' }],
    ['TRUST_PROXY=loopback', { TRUST_PROXY: 'loopback' }],
  ])('no key and %s: exits 1, saying how to set one', async (_, env) => {
    const { code, output, port } = await failedStart({ ADMIN_KEY: '', ...env });
    expect(code).toBe(1);
    expect(output).toMatch(/Rooted Threads will not start: ADMIN_KEY is not set/);
    expect(output).toMatch(/openssl rand -base64 32/);
    expect(output).not.toMatch(/admin key:/);
    // Nothing listened meanwhile.
    await expect(fetch(`http://127.0.0.1:${port}/robots.txt`)).rejects.toThrow();
  });

  it.each(['aaaaaaaaaaaaaaaa', 'short-key', 'abcdefgh'.repeat(4)])('a weak key (%s): exits 1', async (key) => {
    const { code, output } = await failedStart({ ADMIN_KEY: key, HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(output).toMatch(/Rooted Threads will not start: ADMIN_KEY is too weak/);
    expect(output).toMatch(/openssl rand -base64 32/);
  });

  it('a TRUST_PROXY that is not an address, a block or loopback: exits 1', async () => {
    const { code, output } = await failedStart({ TRUST_PROXY: 'proxy.example' });
    expect(code).toBe(1);
    expect(output).toMatch(/TRUST_PROXY: "proxy\.example" is not an IP address or CIDR block/);
  });
});

describe('local demo mode (no key, 127.0.0.1, no SITE_URL, no TRUST_PROXY)', () => {
  let server: RunningServer;
  let key: string;
  beforeAll(async () => {
    server = await startServer({ ADMIN_KEY: '', CONTACT_RATE_LIMIT });
    key = server.adminKey();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const session = (call_: Omit<Call, 'path'>) => call(server, { path: '/api/admin/session', ...call_ });

  it('tells a loopback peer that asked by a local name where the key is, never the key', async () => {
    for (const [host, from] of [
      [`127.0.0.1:${server.port}`, '127.0.0.1'],
      [`localhost:${server.port}`, '127.0.0.1'],
      [`127.0.0.1:${server.port}`, '127.0.0.2'],
    ] as const) {
      const res = await session({ host, from });
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({
        error: ADMIN_NOTICES.sessionRequired,
        demoKeyFile: join(server.dataDir, KEY_FILE),
      });
      expect(res.body).not.toContain(key);
    }
  });

  it('never by another name: a foreign name is refused (421), an address that is not local gets no key', async () => {
    for (const host of ['rootedthreads.example', `evil.example:${server.port}`, 'localhost.evil.example']) {
      const res = await session({ host });
      expect(res.status, host).toBe(421);
      expect(res.body).not.toContain(key);
      expect(JSON.parse(res.body)).toEqual({ error: API_ERRORS.misdirected });
    }
    const byAddress = await session({ host: `203.0.113.9:${server.port}` });
    expect(byAddress.status).toBe(401);
    expect(JSON.parse(byAddress.body)).toEqual({ error: ADMIN_NOTICES.sessionRequired });
    // The forms too: a DNS-rebinding page cannot post through its own name.
    const post = await call(server, { method: 'POST', path: '/api/contact', host: 'evil.example', body: contact(0) });
    expect(post.status).toBe(421);
  });

  it('ignores X-Forwarded-For: no proxy is trusted', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await call(server, {
        method: 'POST',
        path: '/api/contact',
        from: '127.0.0.9',
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
        body: contact(i),
      });
      expect(res.status).toBe(201);
    }
    const sixth = await call(server, {
      method: 'POST',
      path: '/api/contact',
      from: '127.0.0.9',
      headers: { 'X-Forwarded-For': '198.51.100.99' },
      body: contact(6),
    });
    expect(sixth.status).toBe(429);
  });
});

describe('TRUST_PROXY=127.0.0.1', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '127.0.0.1', CONTACT_RATE_LIMIT });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const postContact = (from: string, forwarded: string, i: number) =>
    call(server, {
      method: 'POST',
      path: '/api/contact',
      from,
      headers: { 'X-Forwarded-For': forwarded },
      body: contact(i),
    });

  it('a peer it does not trust (127.0.0.2) is counted as itself, whatever X-Forwarded-For it forges', async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await postContact('127.0.0.2', `203.0.113.${i}`, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('the trusted proxy (127.0.0.1) names the client: each forwarded address is its own client', async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await postContact('127.0.0.1', `198.51.100.${i}`, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
  });

  it.each([
    ['IPv4', (port: number) => `192.0.2.77:${port}`],
    ['IPv6', (port: number) => `[2001:db8:77::1]:${port}`],
  ])('%s ip:port values are one client whatever the port', async (_, forwarded) => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await postContact('127.0.0.1', forwarded(50000 + i), i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it(`log-ins: IPv6 is one client per /48, so ${MAX_FAILURES} wrong keys from its /64s lock the whole /48`, async () => {
    const logIn = (forwarded: string, key: string) =>
      call(server, {
        method: 'POST',
        path: '/api/admin/session',
        from: '127.0.0.1',
        headers: { 'X-Forwarded-For': forwarded },
        body: { key },
      });
    for (let i = 1; i <= MAX_FAILURES; i++) expect((await logIn(`2001:db8:aa:${i}::1`, `guess-${i}`)).status).toBe(401);
    expect((await logIn('2001:db8:aa:ffff::9', TEST_SERVER_ADMIN_KEY)).status).toBe(429);
    expect((await logIn('2001:db8:ab::1', TEST_SERVER_ADMIN_KEY)).status).toBe(200);
  });
});

describe('the global ceiling of wrong keys', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'loopback' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const logIn = (forwarded: string, key: string, cookie?: string) =>
    call(server, {
      method: 'POST',
      path: '/api/admin/session',
      headers: { 'X-Forwarded-For': forwarded, ...(cookie ? { Cookie: cookie } : {}) },
      body: { key },
    });

  it(`after ${GLOBAL_MAX_FAILURES} wrong keys from many addresses: logged loudly, log-ins refused except from the owner's known browser`, async () => {
    // The owner logged in before: the browser keeps a device cookie.
    const first = await logIn('192.0.2.1', TEST_SERVER_ADMIN_KEY);
    expect(first.status).toBe(200);
    const device = first.cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(device).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; Secure; SameSite=Strict$/);
    const deviceCookie = device.split(';')[0]!;
    // A second log-in from that browser gets a session, no new device cookie.
    const again = await logIn('192.0.2.1', TEST_SERVER_ADMIN_KEY, deviceCookie);
    expect(again.status).toBe(200);
    expect(again.cookies.some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);

    // Guesses spread over many addresses, a few from each: the per-address limit never bites.
    for (let i = 0; i < GLOBAL_MAX_FAILURES; i++) {
      const res = await logIn(`10.${(i >> 8) & 255}.${i & 255}.${i % 3}`, `guess-${i}`);
      expect(res.status, `guess ${i}`).toBe(401);
    }
    expect(server.output()).toContain(ALERT_MARK);

    // Now everyone without a known browser waits, even with the right key…
    const stranger = await logIn('198.51.100.200', 'guess-more');
    expect(stranger.status).toBe(429);
    expect((JSON.parse(stranger.body) as { error: { title: string } }).error.title).toBe('Too Many Attempts');
    expect((await logIn('198.51.100.201', TEST_SERVER_ADMIN_KEY)).status).toBe(429);
    // …a forged device cookie does not help…
    const forged = `${DEVICE_COOKIE}=${'A'.repeat(22)}.${'B'.repeat(43)}`;
    expect((await logIn('198.51.100.202', TEST_SERVER_ADMIN_KEY, forged)).status).toBe(429);
    // …and the owner's browser gets in, from any address.
    expect((await logIn('198.51.100.203', TEST_SERVER_ADMIN_KEY, deviceCookie)).status).toBe(200);
  });
});
