// An announcement to thousands of confirmed subscribers (2,000 on a submission, 10,000 at full
// intensity: tests/reliability/intensity.ts), `npm start` killed with SIGKILL in the middle of
// the send, restarted on the same (embedded, npm start's default) database: every recipient gets
// the e-mail. Delivery is at least once (docs/mail.md): a copy the kill caught between the SMTP
// server's arrival and our record of it is sent again, with the same Message-ID and the same
// unsubscribe link. The test counts those duplicates and holds them to what can honestly be in
// flight: the rows the dead sender had claimed (one per worker: server/mail/transport.ts,
// SENDER_CONNECTIONS), which it also reads from the database at the moment of the kill.
import type { Announcement } from '../../src/shared/announcement-api.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, TEST_SERVER_ADMIN_KEY, type RunningServer } from '../support/server.ts';
import { startSmtp, type ReceivedMail } from '../support/smtp.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { removeDir, tempDataDir } from '../support/db.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/client.ts';
import { intensity } from './intensity.ts';

/** Recipients: a fifth of the full 10,000 on a submission; the send is what takes the time. */
const RECIPIENTS = intensity(2_000, 10_000);
/** Rows one sender holds at once: one per worker (server/mail/transport.ts, SENDER_CONNECTIONS). */
const CLAIM_SIZE = 3;
/** Kill once a quarter of the copies have arrived: well inside the send. */
const KILL_AFTER = RECIPIENTS / 4;

async function withDb<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await pgliteDb(join(dataDir, 'pglite'));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const logIn = (url: string) =>
  openAdminSession((path, init) => fetch(`${url}${path}`, init), url, TEST_SERVER_ADMIN_KEY);

/** The endpoints' answer (src/shared/announcement-api.ts). */
type Progress = Announcement;

async function api<T>(server: RunningServer, cookie: string, path: string, body?: unknown): Promise<[number, T]> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Cookie: cookie,
      ...(body === undefined ? {} : { Origin: server.url, 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return [res.status, (await res.json()) as T];
}

const unsubscribeLink = (mail: ReceivedMail) =>
  /^list-unsubscribe:\s*<([^>]+)>/im.exec(mail.rawHeaders.replace(/\r?\n[ \t]+/g, ' '))?.[1];

describe(`kill -9 of npm start in the middle of an announcement to ${RECIPIENTS.toLocaleString('en-US')} recipients`, () => {
  it('every recipient gets it after the restart; duplicates at most the copies in flight', async () => {
    // Thousands of messages: no mailparser, so the test's own parsing does not pace the sender.
    const smtp = await startSmtp({ parse: false });
    const dataDir = tempDataDir();
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Rooted Threads <hello@rootedthreads.example>',
      MAIL_RATE: '1000',
      MAIL_RETRY_SECONDS: '1',
      DATA_DIR: dataDir,
    };
    const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `reader${i}@example.org`);
    const listed = new Set(addresses);
    try {
      // The list: RECIPIENTS confirmed subscribers (and a few who must get nothing).
      await withDb(dataDir, async (db) => {
        await migrate(db);
        await db.query(
          `INSERT INTO email_signups (email, signup_type, source_page, status)
           SELECT 'reader' || (i - 1) || '@example.org', 'Updates', '/', 'confirmed' FROM generate_series(1, $1::int) i
           UNION ALL
           SELECT 'pending' || i || '@example.org', 'Updates', '/', 'pending' FROM generate_series(1, 5) i`,
          [RECIPIENTS],
        );
      });
      // Each "250 OK" is held a moment, so a kill can land between a copy's arrival and its record.
      smtp.setAnswerDelay(5);
      const server = await startServer(env);
      const cookie = await logIn(server.url);
      const [, listing] = await api<{ items: { path: string; title: string }[] }>(
        server,
        cookie,
        '/api/admin/announcements',
      );
      const article = listing.items[0]!;
      const subject = `New on Rooted Threads: ${article.title}`.slice(0, 200);
      const [created, draft] = await api<Progress>(server, cookie, '/api/admin/announcements', {
        source_path: article.path,
        subject,
        audience: ['Updates'],
      });
      expect(created).toBe(201);
      const [sent, queued] = await api<Progress>(server, cookie, `/api/admin/announcements/${draft.id}/send`, {});
      expect(sent).toBe(202);
      expect(queued.recipients).toBe(RECIPIENTS);

      await smtp.waitForCount(KILL_AFTER, () => true, 120_000);
      await server.stop('SIGKILL', { keepData: true });
      const arrivedAtKill = smtp.received.length;
      const atKill = await withDb(dataDir, async (db) => {
        const { rows } = await db.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM mail_outbox WHERE announcement_id = $1::bigint GROUP BY status`,
          [draft.id],
        );
        return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      });
      // Mid-send: some copies sent, most still waiting.
      expect(atKill.sent ?? 0).toBeGreaterThan(0);
      expect(atKill.queued ?? 0).toBeGreaterThan(0);
      const inFlight = atKill.sending ?? 0;
      expect(inFlight).toBeLessThanOrEqual(CLAIM_SIZE);

      smtp.setAnswerDelay(0);
      const restarted = await startServer(env);
      let end: Progress;
      try {
        const cookie2 = await logIn(restarted.url);
        const deadline = Date.now() + 120_000;
        for (;;) {
          [, end] = await api<Progress>(restarted, cookie2, `/api/admin/announcements/${draft.id}`);
          if (end.queued === 0 || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        // A moment for a last 250 OK to be followed by nothing more.
        await new Promise((r) => setTimeout(r, 1000));
      } finally {
        await restarted.stop();
      }

      // Nothing else is sent in this test (no OWNER_EMAIL): every message is a copy of it.
      const copies = new Map<string, ReceivedMail[]>();
      for (const mail of smtp.received) {
        expect(mail.subject.replace(/\s+/g, ' ')).toBe(subject);
        copies.set(mail.to, [...(copies.get(mail.to) ?? []), mail]);
      }
      const missing = addresses.filter((a) => !copies.has(a));
      const twice = [...copies.values()].filter((list) => list.length > 1);
      const duplicates = twice.reduce((n, list) => n + list.length - 1, 0);
      console.log(
        `announcement crash: ${RECIPIENTS} recipients, ${arrivedAtKill} arrived before the kill, ` +
          `outbox at the kill ${JSON.stringify(atKill)}, ${smtp.received.length} messages in all, ` +
          `${missing.length} missing, ${duplicates} duplicate(s), announcement at the end ${JSON.stringify(end!)}`,
      );
      expect(missing).toEqual([]);
      expect([...copies.keys()].filter((to) => !listed.has(to))).toEqual([]);
      expect(end!).toMatchObject({ status: 'done', queued: 0, sent: RECIPIENTS, failed: 0, skipped: 0 });
      // Only a copy claimed at the kill can arrive twice, and it is the same message both times.
      expect(duplicates).toBeLessThanOrEqual(inFlight);
      for (const list of twice) {
        expect(new Set(list.map((m) => /^message-id:\s*(\S+)/im.exec(m.rawHeaders)?.[1])).size).toBe(1);
        expect(new Set(list.map(unsubscribeLink)).size).toBe(1);
      }
    } finally {
      removeDir(dataDir);
      await smtp.stop();
    }
  }, 300_000);
});
