// The third audit's HIGH finding (docs/threat-model.md, "Request bodies"), over real HTTP against
// `npm start`'s server and a real SMTP server: a chunked post (no Content-Length) far larger than
// the body limit is answered at once, having read at most about the drain limit of it, on the
// preferences page (wrong token and right one, urlencoded and multipart) and on the JSON forms;
// three such posts at once do not grow the server's memory by their size. The client streams
// lazily, one chunk per turn of its event loop, and respects backpressure, so "bytes written
// before the answer" is what the server read (plus socket buffers): the old code read all 256 MiB
// before answering. And an early answer is not lost to a reset while the client still sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';

const MiB = 1024 * 1024;
const HUGE = 256 * MiB;
/** The most a TCP socket's kernel buffer may grow to (tcp_rmem / tcp_wmem's third field). */
function tcpBufferMax(kind: 'rmem' | 'wmem', fallback: number): number {
  try {
    return Number(readFileSync(`/proc/sys/net/ipv4/tcp_${kind}`, 'utf8').trim().split(/\s+/)[2]) || fallback;
  } catch {
    return fallback;
  }
}
/**
 * What the server may have taken in before answering: the body cap (twice the 1 MiB drain), the
 * kernel's buffers on both ends at their most (autotuned on loopback: 32 MiB to receive here, so
 * a fixed 16 MiB failed about one run in thirty), and 4 MiB of Node's own. Far below the 256 MiB
 * the old code read.
 */
const READ_AT_MOST = 2 * MiB + tcpBufferMax('rmem', 6 * MiB) + tcpBufferMax('wmem', 4 * MiB) + 4 * MiB;

interface Streamed {
  status: number;
  body: string;
  /** Bytes of the body handed to the socket before the answer arrived. */
  written: number;
}

/** POSTs a chunked body of up to `total` bytes (`head`, then filler), stopping when the answer comes. */
function streamPost(port: number, path: string, contentType: string, head: string, total = HUGE): Promise<Streamed> {
  return new Promise((ok, fail) => {
    let written = 0;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'Content-Type': contentType, 'Transfer-Encoding': 'chunked', Origin: `http://127.0.0.1:${port}` },
      },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => ok({ status: res.statusCode ?? 0, body, written }));
        res.on('error', () => ok({ status: res.statusCode ?? 0, body, written }));
      },
    );
    // A write failing after the answer is the server closing, as it should; before it, a failure.
    req.on('error', (err) => (answered ? undefined : fail(err)));
    const filler = Buffer.alloc(64 * 1024, 'a');
    // One chunk per turn of the event loop, so an answer that has arrived is seen before the next
    // chunk: the server reads and drops what comes after its answer (lingering close), so a
    // client writing in a tight loop would count bytes the server never looked at.
    const pump = (): void => {
      if (answered) return;
      if (written >= total) {
        req.end();
        return;
      }
      written += filler.length;
      if (req.write(filler)) setImmediate(pump);
      else req.once('drain', pump);
    };
    req.write(head);
    written += Buffer.byteLength(head);
    pump();
  });
}

interface Lingered {
  statusLine: string;
  /** Bytes the client sent after the answer's first byte arrived. */
  sentAfter: number;
  error?: string;
}

/**
 * A raw client that keeps sending a chunked body for `after` bytes past the answer, then ends:
 * the server must read and drop that tail (a lingering close), never reset the connection, or a
 * client slower to read than to write would lose the answer to the reset.
 */
function sendPastTheAnswer(
  port: number,
  path: string,
  connection: 'close' | 'keep-alive',
  after = 8 * MiB,
): Promise<Lingered> {
  return new Promise((ok) => {
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    let received = '';
    let sentAfter = 0;
    const done = (error?: string): void => ok({ statusLine: received.split('\r\n')[0] ?? '', sentAfter, error });
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        `Connection: ${connection}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(64 * 1024, 'a'), Buffer.from('\r\n')]);
    const pump = (): void => {
      while (sentAfter < after) {
        if (received) sentAfter += 64 * 1024;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      socket.end('0\r\n\r\n');
      socket.once('close', (hadError) => (hadError ? undefined : done()));
    };
    pump();
  });
}

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(/(\d+)/.exec(line)![1]) * 1024;
}

describe('request bodies on npm start (third audit, HIGH)', () => {
  let server: RunningServer;
  let smtp: TestSmtp;
  let preferences: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Rooted Threads <hello@example.org>' });
    const res = await fetch(`${server.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'bodies@example.com', signup_type: 'Updates', source_page: '/' }),
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to === 'bodies@example.com');
    preferences = /(\/api\/subscriptions\/preferences\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const form = 'application/x-www-form-urlencoded';
  const multipart = 'multipart/form-data; boundary=XyZ';
  const part = '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click';

  it('a wrong token is answered 404 without reading the body', async () => {
    const answer = await streamPost(server.port, `/api/subscriptions/preferences?token=${'A'.repeat(43)}`, form, 'x=');
    expect(answer.status).toBe(404);
    // The bound still tells reading a body from leaving it: far under what the old code read.
    expect(READ_AT_MOST).toBeLessThan(HUGE / 4);
    expect(answer.written).toBeLessThan(READ_AT_MOST);
  }, 60_000);

  it('a client that keeps sending after the answer is not reset, asked to close or not', async () => {
    for (const connection of ['close', 'keep-alive'] as const) {
      const answer = await sendPastTheAnswer(
        server.port,
        `/api/subscriptions/preferences?token=${'B'.repeat(43)}`,
        connection,
      );
      expect(answer.statusLine, connection).toMatch(/^HTTP\/1\.1 404\b/);
      expect({ connection, sentAfter: answer.sentAfter, error: answer.error }).toEqual({
        connection,
        sentAfter: 8 * MiB,
        error: undefined,
      });
    }
  }, 60_000);

  it('a right token with a huge urlencoded or multipart body: refused after at most the drain limit', async () => {
    for (const [type, head] of [
      [form, 'List-Unsubscribe=One-Click&x='],
      [multipart, part],
    ] as const) {
      const answer = await streamPost(server.port, preferences, type, head);
      expect([400, 413]).toContain(answer.status);
      expect(answer.written).toBeLessThan(READ_AT_MOST);
    }
    // Nothing was acted on: the reader is still on the list.
    const page = await (await fetch(`${server.url}${preferences}`)).text();
    expect(page).toMatch(/name="type" value="Updates" checked/);
  }, 60_000);

  it('a small multipart one-click (RFC 8058 allows it) still works', async () => {
    const res = await fetch(`${server.url}${preferences}`, {
      method: 'POST',
      headers: { 'Content-Type': multipart },
      body: `${part}\r\n--XyZ--\r\n`,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Unsubscribed.\n');
  });

  it('the JSON forms answer a huge chunked body 413, not a reset', async () => {
    const answer = await streamPost(server.port, '/api/signups', 'application/json', '{"email":"');
    expect(answer.status).toBe(413);
    expect(answer.written).toBeLessThan(READ_AT_MOST);
  }, 60_000);

  it('three huge chunked posts at once do not grow the server by their size', async () => {
    const pid = server.process.pid!;
    const before = rssBytes(pid);
    const answers = await Promise.all(
      [0, 1, 2].map(() => streamPost(server.port, preferences, form, 'action=save&type=')),
    );
    for (const a of answers) expect(a.written).toBeLessThan(READ_AT_MOST);
    expect(rssBytes(pid) - before).toBeLessThan(64 * MiB);
    // And the site still answers.
    expect((await fetch(`${server.url}/api/health`)).status).toBeLessThan(500);
  }, 120_000);
});
