// A real SMTP server in the test process (`smtp-server`, the nodemailer author's server library);
// every message it accepts is parsed with `mailparser` and kept with its raw source, so a test can
// inspect exactly what went over the wire (headers included).
//   const smtp = await startSmtp();                 // SMTP_URL: smtp.url
//   const mail = await smtp.waitFor((m) => m.to === 'owner@example.org');
//   smtp.failNext(2, 451);                          // the next two messages get a 451 (then accepted)
//   smtp.failNext(1, 550);                          // a permanent refusal
//   await smtp.stop(); … await smtp.start();        // the mail server down, then back on the same port
//   await startSmtp({ parse: false });             // thousands of messages: no mailparser (see ReceivedMail)
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type ParsedMail, type AddressObject } from 'mailparser';
import { freePort } from './server.ts';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO, as the client gave them. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The first To address, lower-cased. */
  to: string;
  subject: string;
  text: string;
  html: string | undefined;
  /** Header lines as received, names lower-cased (mailparser's view). */
  headers: ParsedMail['headers'];
  /** The exact bytes received after DATA, as text. */
  raw: string;
  /** The raw header block only (up to the first empty line). */
  rawHeaders: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  url: string;
  port: number;
  /** Every message accepted so far, in arrival order. */
  received: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches, or rejects after `timeoutMs`. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Resolves once `count` messages matching have arrived. */
  waitForCount: (count: number, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** The next `count` messages are refused after DATA with `code` (4xx: try later; 5xx: never). */
  failNext: (count: number, code: number, message?: string) => void;
  /** Refuses messages to `address` (RCPT TO) with `code` until cleared with `refuseRecipient(address, null)`. */
  refuseRecipient: (address: string, code: number | null) => void;
  /**
   * Holds each accepted message this long between receiving it and answering 250: a client killed
   * in that window never hears the answer though the message arrived (a duplicate when it resends).
   */
  setAnswerDelay: (ms: number) => void;
  /** Messages refused so far (DATA or RCPT), for tests that count attempts. */
  refused: () => number;
  /** Stops listening (clients get connection refused). */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return (list[0]?.value[0]?.address ?? '').toLowerCase();
}

function codedError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A header's value from the raw header block (unfolded), or '' (for `parse: false`). */
function rawHeader(rawHeaders: string, name: string): string {
  const unfolded = rawHeaders.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*?)\\r?$`, 'im').exec(unfolded)?.[1] ?? '';
}

/** What `parse: false` cannot give without mailparser: reading it is a mistake in the test. */
function unparsed(field: string): never {
  throw new Error(`ReceivedMail.${field} is not available with startSmtp({ parse: false }); read raw or rawHeaders`);
}

export async function startSmtp(
  options: {
    user?: string;
    password?: string;
    /**
     * false: keep each message's envelope and raw source only, with `to` from the envelope and
     * `subject` from the raw header (ASCII subjects); text, html, headers and parsed throw. For
     * tests that receive thousands of messages, where mailparser's time would pace the sender.
     */
    parse?: boolean;
  } = {},
): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const failures: { code: number; message: string }[] = [];
  const refusedRecipients = new Map<string, number>();
  let refusedCount = 0;
  let answerDelay = 0;

  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const failure = failures.shift();
      if (failure) {
        refusedCount++;
        callback(codedError(failure.code, failure.message));
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      if (options.parse === false) {
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const rawHeaders = headerEnd >= 0 ? raw.slice(0, headerEnd) : raw;
        const mail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          to: (session.envelope.rcptTo[0]?.address ?? '').toLowerCase(),
          subject: rawHeader(rawHeaders, 'subject'),
          raw,
          rawHeaders,
        };
        for (const field of ['text', 'html', 'headers', 'parsed']) {
          Object.defineProperty(mail, field, { get: () => unparsed(field), enumerable: false });
        }
        received.push(mail as ReceivedMail);
        notify();
        if (answerDelay) setTimeout(() => callback(), answerDelay);
        else callback();
        return;
      }
      simpleParser(raw)
        .then((parsed) => {
          const headerEnd = raw.search(/\r?\n\r?\n/);
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            to: firstAddress(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
            headers: parsed.headers,
            raw,
            rawHeaders: headerEnd >= 0 ? raw.slice(0, headerEnd) : raw,
            parsed,
          });
          notify();
          if (answerDelay) setTimeout(() => callback(), answerDelay);
          else callback();
        })
        .catch((err: unknown) => callback(err as Error));
    });
  };

  const makeServer = () =>
    new SMTPServer({
      secure: false,
      // Loopback only, no TLS offered: nodemailer then sends in the clear, as to a local relay.
      disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.user,
      allowInsecureAuth: true,
      logger: false,
      // stop() must not wait for a pooled client's idle connection to time out.
      closeTimeout: 500,
      onAuth: (auth, _session, callback) => {
        if (auth.username === options.user && auth.password === options.password)
          callback(null, { user: auth.username });
        else callback(codedError(535, 'Authentication failed'));
      },
      onRcptTo: (address, _session, callback) => {
        const code = refusedRecipients.get(address.address.toLowerCase());
        if (code) {
          refusedCount++;
          callback(codedError(code, `Recipient ${address.address} refused`));
        } else callback();
      },
      onData,
    });

  const serve = () => {
    const created = makeServer();
    // A client that dies mid-session (the crash tests kill it) resets its connection: expected here.
    created.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') console.error('test SMTP server:', err.message);
    });
    return created;
  };
  let server = serve();
  const listen = () =>
    new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => ok());
    });
  await listen();

  const waitForCount: TestSmtp['waitForCount'] = (count, match = () => true, timeoutMs = 30_000) =>
    new Promise((ok, fail) => {
      const check = () => {
        const found = received.filter(match);
        if (found.length >= count) {
          clearTimeout(timer);
          waiters.delete(check);
          ok(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        fail(
          new Error(
            `the test SMTP server received ${received.filter(match).length} of ${count} matching messages within ${timeoutMs} ms (${received.length} in all)`,
          ),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  const auth = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    received,
    waitFor: async (match, timeoutMs) => (await waitForCount(1, match, timeoutMs))[0]!,
    waitForCount,
    failNext: (count, code, message = code >= 500 ? 'Message refused' : 'Try again later') => {
      for (let i = 0; i < count; i++) failures.push({ code, message });
    },
    refuseRecipient: (address, code) => {
      if (code === null) refusedRecipients.delete(address.toLowerCase());
      else refusedRecipients.set(address.toLowerCase(), code);
    },
    setAnswerDelay: (ms) => {
      answerDelay = ms;
    },
    refused: () => refusedCount,
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
      }),
    start: async () => {
      server = serve();
      await listen();
    },
  };
}
