// Part 8: announcements (issue 23; docs/announcements.md) on PostgreSQL.
//   queue     "Send" to 100,000 confirmed subscribers: the one INSERT … SELECT of small rows (the body
//             stored once on the announcement, each reader's token made when its copy goes: migration 008),
//             timed; meanwhile a dashboard query (the announcement's progress) runs every 50 ms and
//             its latency is compared with the same query on the idle database, in this run.
//   drain     2,000 announcement rows delivered by the outbox sender (with the send-time check, which
//             also makes each reader's link)
//             into a local SMTP sink, next to nodemailer alone sending the same messages to it.
import { createTransport } from 'nodemailer';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { closeDb, type Db } from '../../server/db/client.ts';
import { drainOutbox } from '../../server/mail/drain.ts';
import { closeTransports, smtpTransport } from '../../server/mail/smtp-transport.ts';
import { RECIPIENT_TOKEN_PLACEHOLDER } from '../../server/mail/outbox.ts';
import { newToken } from '../../server/subscriptions/tokens.ts';
import { createDraft, readAnnouncement, sendAnnouncement } from '../../server/announcements/store.ts';
import { createPgDatabase } from '../../tests/support/db.ts';
import { startSink } from './mail.ts';

const FROM = { name: 'Rooted Threads', address: 'hello@rootedthreads.example' };
const ARTICLE = {
  kind: 'article',
  path: '/articles/bench-linen',
  title: 'Linen, measured',
  summary: 'What the evidence says about how long linen lasts.',
  imageUrl: 'https://rootedthreads.example/_astro/bench.png',
  imageAlt: 'A stack of linen shirts',
  publishedDate: '2026-11-01',
};

export interface AnnouncementBench {
  recipients: number;
  queueSeconds: number;
  idle: { p50: number; max: number };
  during: { p50: number; max: number; samples: number };
  drain: { label: string; messages: number; seconds: number }[];
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;

async function seed(db: Db, count: number): Promise<void> {
  await db.query(
    `INSERT INTO email_signups (email, signup_type, source_page, status)
     SELECT 'reader' || i || '@example.org', 'Updates', '/', 'confirmed' FROM generate_series(1, $1::int) i`,
    [count],
  );
}

async function probe(db: Db, id: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const start = performance.now();
    await readAnnouncement(db, id);
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

export async function benchAnnouncements(recipients = 100_000, drained = 2_000): Promise<AnnouncementBench> {
  const root = mkdtempSync(join(tmpdir(), 'rt-bench-announce-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'announceable.json'), JSON.stringify([ARTICLE]));
  const previousRoot = process.env.ROOT_DIR;
  process.env.ROOT_DIR = root;
  const temp = await createPgDatabase();
  const db = await openDb({ DATABASE_URL: temp.url });
  const sink = await startSink();
  try {
    await migrate(db);
    await seed(db, recipients);
    const draft = await createDraft(db, {
      source_path: ARTICLE.path,
      subject: 'Linen, measured',
      audience: ['Updates'],
    });
    const idle = await (async () => {
      let n = 0;
      return probe(db, draft.id, () => ++n > 40);
    })();
    let done = false;
    const during = probe(db, draft.id, () => done);
    const start = performance.now();
    const result = await sendAnnouncement(db, draft.id, 'bench');
    const queueSeconds = (performance.now() - start) / 1000;
    done = true;
    const duringTimes = await during;
    if (result.kind !== 'queued' || result.announcement.recipients !== recipients) {
      throw new Error(`queued ${result.kind === 'queued' ? result.announcement.recipients : result.kind}`);
    }

    // Drain: keep `drained` rows due, the rest far in the future (as a pause does).
    await db.query(
      `UPDATE mail_outbox SET next_attempt_at = '9999-12-31'
        WHERE id NOT IN (SELECT id FROM mail_outbox ORDER BY id LIMIT $1)`,
      [drained],
    );
    // The same messages as the sender makes them: the announcement's body with a token in place.
    const { rows: sample } = await db.query<{ recipient: string; subject: string; text: string; html: string }>(
      `SELECT o.recipient, o.subject, replace(a.mail_text, $2, $3) AS text, replace(a.mail_html, $2, $3) AS html
         FROM mail_outbox o JOIN announcements a ON a.id = o.announcement_id ORDER BY o.id LIMIT $1`,
      [drained, RECIPIENT_TOKEN_PLACEHOLDER, newToken()],
    );
    const alone = createTransport({ pool: true, maxConnections: 3, host: '127.0.0.1', port: sink.port, secure: false });
    let t0 = performance.now();
    await Promise.all(
      sample.map((m) =>
        alone.sendMail({
          from: FROM,
          to: { name: '', address: m.recipient },
          subject: m.subject,
          text: m.text,
          html: m.html,
        }),
      ),
    );
    const aloneSeconds = (performance.now() - t0) / 1000;
    alone.close();
    const transport = smtpTransport({ host: '127.0.0.1', port: sink.port, secure: false, display: 'sink' });
    t0 = performance.now();
    const drain = await drainOutbox(db, { transport, from: FROM, retrySeconds: 60 });
    const senderSeconds = (performance.now() - t0) / 1000;
    if (drain.sent !== drained) throw new Error(`sender sent ${drain.sent} of ${drained}`);
    closeTransports();
    return {
      recipients,
      queueSeconds,
      idle: { p50: quantile(idle, 0.5), max: Math.max(...idle) },
      during: { p50: quantile(duringTimes, 0.5), max: Math.max(...duringTimes, 0), samples: duringTimes.length },
      drain: [
        { label: 'nodemailer alone (pool of 3)', messages: drained, seconds: aloneSeconds },
        { label: 'outbox sender, announcement rows (PostgreSQL)', messages: drained, seconds: senderSeconds },
      ],
    };
  } finally {
    await sink.close();
    await closeDb();
    await temp.drop();
    rmSync(root, { recursive: true, force: true });
    if (previousRoot === undefined) delete process.env.ROOT_DIR;
    else process.env.ROOT_DIR = previousRoot;
  }
}

export function announcementTable(b: AnnouncementBench): string {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return [
    `| measure | value |`,
    `| --- | --- |`,
    `| queue ${b.recipients.toLocaleString('en-US')} recipients (one INSERT … SELECT; body stored once, tokens at send time) | ${b.queueSeconds.toFixed(2)} s |`,
    `| dashboard progress query, idle: p50 / max | ${ms(b.idle.p50)} / ${ms(b.idle.max)} |`,
    `| the same while queueing (${b.during.samples} samples): p50 / max | ${ms(b.during.p50)} / ${ms(b.during.max)} |`,
    '',
    `| drain into one local SMTP sink | messages | seconds | per second |`,
    `| --- | ---: | ---: | ---: |`,
    ...b.drain.map(
      (r) => `| ${r.label} | ${r.messages} | ${r.seconds.toFixed(2)} | ${(r.messages / r.seconds).toFixed(0)} |`,
    ),
  ].join('\n');
}

if (import.meta.main) {
  console.log(announcementTable(await benchAnnouncements()));
}
