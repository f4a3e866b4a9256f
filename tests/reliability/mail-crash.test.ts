// Mail in flight when `npm start` is killed with SIGKILL: contact messages are posted while the
// in-process sender is delivering their alerts to a real SMTP server (which holds each "250 OK"
// for a moment, so some messages have arrived but their sender never heard it), the server is
// killed, and restarted on the same database. Every acknowledged message's alert must arrive; a
// message the kill caught between the server's arrival and our record of it arrives twice (the
// outbox delivers at least once: docs/mail.md). The test counts and reports those duplicates and
// holds them to the claim size: only mail claimed at the moment of the kill can be sent again.
import { describe, expect, it } from 'vitest';
import { startServer, TEST_SERVER_ADMIN_KEY } from '../support/server.ts';
import { MAIL_API, type MailPage } from '../../src/shared/admin-mail-api.ts';
import { startSmtp } from '../support/smtp.ts';
import { createPgDatabase, removeDir, tempDataDir } from '../support/db.ts';
import { connect, type Db } from '../../server/db/client.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { join } from 'node:path';

/**
 * The outbox by status, read from the dead server's database; then the clock set past the dead
 * server's claims. A claim is a lease: its row's next_attempt_at, 120 s ahead (server/mail/claim.ts).
 * Once it passes, any sender takes the row again; the test moves that moment to now instead of
 * waiting two minutes, which is exactly the row the lease's passing leaves.
 */
async function outboxAtKill(open: () => Promise<Db>): Promise<Record<string, number>> {
  const db = await open();
  try {
    const { rows } = await db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status',
    );
    await db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'sending'`);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  } finally {
    await db.close();
  }
}

async function logIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ key: TEST_SERVER_ADMIN_KEY }),
  });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function mailPage(url: string, cookie: string): Promise<MailPage> {
  return (await (await fetch(`${url}${MAIL_API.list}`, { headers: { Cookie: cookie } })).json()) as MailPage;
}

const MESSAGES = 40;
/** Rows one sender holds at once: one per worker (server/mail/transport.ts, SENDER_CONNECTIONS). */
const CLAIM_SIZE = 3;

for (const backend of ['PGlite', 'PostgreSQL'] as const) {
  describe(`kill -9 of npm start with mail in flight, on ${backend}`, () => {
    it('delivers every acknowledged message’s alert after the restart; duplicates counted', async () => {
      const smtp = await startSmtp();
      const dataDir = tempDataDir();
      const temp = backend === 'PostgreSQL' ? await createPgDatabase() : undefined;
      const env = {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Rooted Threads <hello@rootedthreads.example>',
        OWNER_EMAIL: 'owner@rootedthreads.example',
        MAIL_RETRY_SECONDS: '1',
        CONTACT_RATE_LIMIT: 'off',
        DATA_DIR: dataDir,
        ...(temp ? { DATABASE_URL: temp.url } : {}),
      };
      try {
        smtp.setAnswerDelay(400);
        const server = await startServer(env);
        const acknowledged: string[] = [];
        await Promise.all(
          Array.from({ length: MESSAGES }, async (_, i) => {
            const name = `Crash Reader ${i}`;
            const res = await fetch(`${server.url}/api/contact`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Origin: server.url },
              body: JSON.stringify({ name, email: `r${i}@example.org`, message: 'Hello.', source_page: '/contact' }),
            });
            if (res.status === 201) acknowledged.push(name);
          }),
        );
        expect(acknowledged).toHaveLength(MESSAGES);
        // Kill once a few alerts have arrived and more are on the wire.
        await smtp.waitForCount(5, () => true, 30_000);
        await server.stop('SIGKILL', { keepData: true });
        const beforeRestart = smtp.received.length;
        const atKill = await outboxAtKill(async () => (temp ? connect(temp.url) : pgliteDb(join(dataDir, 'pglite'))));

        smtp.setAnswerDelay(0);
        const restarted = await startServer(env);
        try {
          // On PostgreSQL a claim of the dead server is retried once its lease has passed (set to
          // now above); on PGlite the restart re-queues it at once (the lock file proves the owner
          // is dead). Until the outbox holds nothing queued or sending, read through the dashboard's API.
          const cookie = await logIn(restarted.url);
          const end = Date.now() + 60_000;
          let counts: MailPage['counts'];
          for (;;) {
            counts = (await mailPage(restarted.url, cookie)).counts;
            if (counts.queued + counts.sending === 0 || Date.now() > end) break;
            await new Promise((r) => setTimeout(r, 500));
          }
          // A moment for the last 250 OK to be followed by nothing more.
          await new Promise((r) => setTimeout(r, 1000));
          const subjects = acknowledged.map((name) => `New message from ${name}`);
          const arrived = new Map<string, number>();
          for (const mail of smtp.received) arrived.set(mail.subject, (arrived.get(mail.subject) ?? 0) + 1);
          const missing = subjects.filter((s) => !arrived.has(s));
          const duplicates = [...arrived.values()].reduce((n, c) => n + c - 1, 0);
          console.log(
            `mail crash on ${backend}: ${MESSAGES} acknowledged, ${beforeRestart} arrived before the kill, ` +
              `outbox at the kill ${JSON.stringify(atKill)}, ` +
              `${smtp.received.length} messages in all, ${missing.length} missing, ${duplicates} duplicate(s) ` +
              `, outbox at the end ${JSON.stringify(counts)}`,
          );
          expect(missing).toEqual([]);
          expect(counts).toMatchObject({ queued: 0, sending: 0, failed: 0, sent: MESSAGES });
          expect(duplicates).toBeLessThanOrEqual(CLAIM_SIZE);
        } finally {
          await restarted.stop();
        }
      } finally {
        await temp?.drop();
        removeDir(dataDir);
        await smtp.stop();
      }
    }, 300_000);
  });
}
