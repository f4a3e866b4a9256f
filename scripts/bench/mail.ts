// Part 6: the mail sender's rate into a local SMTP sink, next to nodemailer alone sending the same
// messages to the same sink with the same pooled transport, side by side in this run. The sender's
// extra work per message is the outbox: claiming rows (FOR UPDATE SKIP LOCKED) and recording each
// result, on the embedded PGlite and on PostgreSQL. The ratio is the figure that matters.
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { closeDb, type Db } from '../../server/db/client.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { drainOutbox } from '../../server/mail/drain.ts';
import { closeTransports, smtpTransport } from '../../server/mail/smtp-transport.ts';
import { renderMail } from '../../server/mail/templates/render.ts';
import { createPgDatabase, removeDir, tempDataDir } from '../../tests/support/db.ts';

const MESSAGES = 1000;
const FROM = { name: 'Rooted Threads', address: 'hello@rootedthreads.example' };

export interface MailBenchRow {
  label: string;
  messages: number;
  seconds: number;
}

/** An SMTP server that accepts and discards every message (no parsing: the sink is not measured). */
export async function startSink(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onData: (stream, _session, callback) => {
      stream.on('end', () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received: () => received, close: () => new Promise((ok) => server.close(() => ok())) };
}

async function message(i: number) {
  const mail = await renderMail({
    subject: `Bench message ${i}`,
    heading: 'A new article is out',
    blocks: [
      { type: 'paragraph', text: 'Linen, hemp and wool: what the evidence says about how long they last.' },
      { type: 'action', label: 'Read it', url: 'https://rootedthreads.example/articles/hemp-vs-cotton' },
    ],
    footerLinks: [{ label: 'Unsubscribe', url: 'https://rootedthreads.example/u/x' }],
  });
  return { to: `reader${i}@example.org`, ...mail };
}

async function senderRun(label: string, db: Db, port: number, messages: Awaited<ReturnType<typeof message>>[]) {
  await db.transaction(async (tx) => {
    for (const m of messages) await enqueueMail(tx, { kind: 'bench', ...m });
  });
  const transport = smtpTransport({ host: '127.0.0.1', port, secure: false, display: label });
  const start = performance.now();
  const result = await drainOutbox(db, { transport, from: FROM, retrySeconds: 60 });
  const seconds = (performance.now() - start) / 1000;
  if (result.sent !== messages.length) throw new Error(`${label}: ${result.sent} of ${messages.length} sent`);
  closeTransports();
  return { label, messages: messages.length, seconds };
}

export async function benchMail(): Promise<MailBenchRow[]> {
  const sink = await startSink();
  const messages = await Promise.all(Array.from({ length: MESSAGES }, (_, i) => message(i)));
  const rows: MailBenchRow[] = [];
  try {
    // nodemailer alone: the same pooled transport options as the sender's (3 connections).
    const transport = createTransport({
      pool: true,
      maxConnections: 3,
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
    });
    const start = performance.now();
    await Promise.all(
      messages.map((m) =>
        transport.sendMail({
          from: FROM,
          to: { name: '', address: m.to },
          subject: m.subject,
          text: m.text,
          html: m.html,
        }),
      ),
    );
    rows.push({
      label: 'nodemailer alone (pool of 3)',
      messages: MESSAGES,
      seconds: (performance.now() - start) / 1000,
    });
    transport.close();

    const dataDir = tempDataDir();
    const pglite = await openDb({ DATA_DIR: dataDir });
    try {
      await migrate(pglite);
      rows.push(await senderRun('outbox sender · PGlite (embedded)', pglite, sink.port, messages));
    } finally {
      await closeDb();
      removeDir(dataDir);
    }

    const temp = await createPgDatabase();
    const pg = await openDb({ DATABASE_URL: temp.url });
    try {
      await migrate(pg);
      rows.push(await senderRun('outbox sender · PostgreSQL 15 (TCP)', pg, sink.port, messages));
    } finally {
      await closeDb();
      await temp.drop();
    }
    if (sink.received() !== MESSAGES * rows.length) {
      throw new Error(`the sink received ${sink.received()} messages, expected ${MESSAGES * rows.length}`);
    }
  } finally {
    await sink.close();
  }
  return rows;
}

export function mailTable(rows: MailBenchRow[]): string {
  const alone = rows[0]!;
  const rate = (r: MailBenchRow) => r.messages / r.seconds;
  return [
    '| sending | messages | seconds | messages/s | rate vs nodemailer alone |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.messages} | ${r.seconds.toFixed(2)} | ${rate(r).toFixed(0)} | ${(rate(r) / rate(alone)).toFixed(2)}× |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(mailTable(await benchMail()));
}
