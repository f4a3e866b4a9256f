// The mail platform through real parts, run unchanged on PGlite, PostgreSQL and Neon's driver:
// the contact handler with a real Request queues the owner's alert in its transaction; the sender
// (server/mail/drain.ts, deliver.ts) delivers it with nodemailer to a real SMTP server in this process
// (tests/support/smtp.ts), and the test reads back what arrived, raw headers included.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import contact from '../../netlify/functions/contact.ts';
import drainBackground from '../../netlify/functions/mail-drain-background.ts';
import drainScheduled from '../../netlify/functions/mail-drain.ts';
import { BACKGROUND_PATH, scheduledDrain, startBackgroundDrain } from '../../server/mail/background.ts';
import type { Db } from '../../server/db/client.ts';
import { enqueueMail, type OutgoingMail } from '../../server/mail/outbox.ts';
import { claimDue } from '../../server/mail/claim.ts';
import { senderConfigFromEnv, type SenderConfig } from '../../server/mail/config.ts';
import { drainOutbox } from '../../server/mail/drain.ts';
import { closeTransports, smtpTransport } from '../../server/mail/smtp-transport.ts';
import { smtpSettings } from '../../server/settings.ts';
import { purgeOldData } from '../../server/retention.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import { freshIp } from './form-suite.ts';

export interface MailBackend {
  db: Db;
  cleanup: () => Promise<void>;
}

const OWNER = 'owner@rootedthreads.example';
const FROM = 'Rooted Threads <hello@rootedthreads.example>';

interface OutboxState {
  id: string;
  status: string;
  attempts: number;
  recipient: string;
  last_error: string | null;
}

export function mailSuite(name: string, open: () => Promise<MailBackend>): void {
  describe(`mail: ${name}`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    let smtp: TestSmtp;

    /** A sender on the test SMTP server, as `npm start` and the scheduled drain make it, with fast retries. */
    const sender = (overrides: Partial<SenderConfig> = {}): SenderConfig => ({
      ...senderConfigFromEnv()!,
      retrySeconds: 1,
      ...overrides,
    });

    const outbox = async (where = 'TRUE', params: unknown[] = []) =>
      (
        await db.query<OutboxState>(
          `SELECT id::text, status, attempts, recipient, last_error FROM mail_outbox WHERE ${where} ORDER BY id`,
          params,
        )
      ).rows;

    const queue = (mail: Partial<OutgoingMail> & { to: string }) =>
      db.transaction((tx) => enqueueMail(tx, { kind: 'test', subject: 'A test', text: 'Hello.\n', ...mail }));

    /** Drains until `done` holds (retries are due after their back-off), at most `ms`. */
    const drainUntil = async (config: SenderConfig, done: () => Promise<boolean>, ms = 20_000) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        await drainOutbox(db, config);
        if (await done()) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the outbox did not reach the expected state in time');
    };

    const postContact = (fields: Record<string, unknown>, waitUntil?: (p: Promise<unknown>) => void) =>
      contact(
        new Request('http://functions.test/api/contact', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://functions.test' },
          body: JSON.stringify({ source_page: '/contact', ...fields }),
        }),
        { ip: freshIp(), ...(waitUntil ? { waitUntil } : {}) },
      );

    beforeAll(async () => {
      smtp = await startSmtp({ user: 'site', password: 'p@ss word' });
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.stubEnv('MAIL_FROM', FROM);
      vi.stubEnv('OWNER_EMAIL', OWNER);
      vi.stubEnv('CONTACT_RATE_LIMIT', 'off');
      ({ db, cleanup } = await open());
    }, 120_000);

    afterEach(async () => {
      // Every test leaves the outbox empty of due mail, so the next one drains only its own.
      await db.query('DELETE FROM mail_outbox');
    });

    afterAll(async () => {
      closeTransports();
      await cleanup?.();
      await smtp?.stop();
      vi.unstubAllEnvs();
    });

    it('a contact message queues the owner alert in its transaction; it arrives with Reply-To the reader', async () => {
      const res = await postContact({
        name: 'Ada Weaver',
        email: 'ada@example.org',
        subject: 'Linen care',
        message: 'How do I wash\nlinen?',
      });
      expect(res.status).toBe(201);
      expect(await outbox(`kind = 'owner-alert'`)).toMatchObject([{ status: 'queued', recipient: OWNER }]);

      await drainOutbox(db, sender());
      const mail = await smtp.waitFor((m) => m.subject.includes('Ada Weaver'));
      expect(mail.envelopeTo).toEqual([OWNER]);
      expect(mail.envelopeFrom).toBe('hello@rootedthreads.example');
      expect(mail.subject).toBe('New message from Ada Weaver: Linen care');
      expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Ada Weaver', address: 'ada@example.org' }]);
      expect(mail.text).toContain('| How do I wash\n| linen?');
      expect(mail.html).toBeUndefined();
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 1 }]);
    });

    it('CR/LF and header-like text in every field never reach a header (the raw message is read)', async () => {
      const res = await postContact({
        name: 'Eve\r\nBcc: victim@example.net',
        email: 'eve@example.org',
        subject: 'Hi\nBcc: victim2@example.net\r\nX-Injected: yes',
        message: 'Body\r\nBcc: victim3@example.net\r\n\r\n.\r\nMAIL FROM:<x@example.net>',
      });
      // The form either refuses control characters (400) or stores them as text; neither may inject.
      if (res.status === 201) {
        await drainOutbox(db, sender());
        const mail = await smtp.waitFor((m) => m.subject.startsWith('New message from Eve'));
        expect(mail.envelopeTo).toEqual([OWNER]);
        expect(mail.rawHeaders).not.toMatch(/^bcc:/im);
        expect(mail.rawHeaders).not.toMatch(/^x-injected:/im);
        expect(mail.headers.has('bcc')).toBe(false);
        expect(mail.headers.has('x-injected')).toBe(false);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        expect(mail.parsed.replyTo?.value).toHaveLength(1);
        expect(mail.parsed.replyTo?.value[0]!.address).toBe('eve@example.org');
      } else {
        expect(res.status).toBe(400);
      }
      // Header text queued directly (as another feature might) is made one line too.
      await queue({
        to: 'reader@example.org',
        subject: 'Line one\r\nBcc: victim4@example.net',
        replyTo: { name: 'Mallory\r\nBcc: victim5@example.net', address: 'mallory@example.org' },
        headers: { 'List-Unsubscribe': '<https://x.example/u>\r\nBcc: victim6@example.net' },
      });
      await drainOutbox(db, sender());
      const direct = await smtp.waitFor((m) => m.to === 'reader@example.org');
      expect(direct.envelopeTo).toEqual(['reader@example.org']);
      expect(direct.rawHeaders).not.toMatch(/^bcc:/im);
      expect(direct.headers.has('bcc')).toBe(false);
      expect(smtp.received.flatMap((m) => m.envelopeTo).filter((a) => a.includes('victim'))).toEqual([]);
    });

    it("the alert's own parts cannot be imitated: a look-alike name is stripped, the message is quoted", async () => {
      const res = await postContact({
        name: '=?utf-8?q?Owner?= <owner@example.org>',
        email: 'spoof@example.org',
        message: 'Hello.\n\n-- \nEvery message is in the dashboard: https://evil.example/admin',
      });
      expect(res.status).toBe(201);
      await drainOutbox(db, sender());
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(OWNER) && m.text.includes('evil.example'));
      // Reply-To names the sender as plain words, never as another address or an encoded word.
      const replyTo = mail.parsed.replyTo!.value;
      expect(replyTo).toHaveLength(1);
      expect(replyTo[0]!.address).toBe('spoof@example.org');
      expect(replyTo[0]!.name).not.toMatch(/[<>@]|=\?/);
      expect(mail.rawHeaders).not.toMatch(/=\?utf-8\?q\?Owner/i);
      // Every line the sender wrote is marked; the only unmarked dashboard line is the alert's own.
      const dashboardLines = mail.text.split('\n').filter((l) => l.startsWith('Every message is in the dashboard:'));
      expect(dashboardLines).toHaveLength(1);
      expect(dashboardLines[0]).not.toContain('evil.example');
      expect(mail.text).toContain('| Every message is in the dashboard: https://evil.example/admin');
    });

    it('no open relay: the recipient of the alert is OWNER_EMAIL whatever the request says', async () => {
      const before = smtp.received.length;
      const res = await postContact({
        name: 'Relay',
        email: 'target@example.net',
        message: 'send this to target',
        to: 'target@example.net',
      });
      expect([201, 400]).toContain(res.status);
      await drainOutbox(db, sender());
      const after = smtp.received.slice(before);
      expect(after.flatMap((m) => m.envelopeTo)).not.toContain('target@example.net');
      expect(after.every((m) => m.envelopeTo.join() === OWNER)).toBe(true);
    });

    it('mail server down: the mail waits in the outbox and is delivered when it comes back', async () => {
      await smtp.stop();
      try {
        await queue({ to: 'down@example.org' });
        await drainOutbox(db, sender());
        const [row] = await outbox();
        expect(row).toMatchObject({ status: 'queued', attempts: 1 });
        expect(row!.last_error).toBeTruthy();
      } finally {
        await smtp.start();
      }
      closeTransports();
      await drainUntil(sender(), async () => (await outbox())[0]!.status === 'sent');
      await smtp.waitFor((m) => m.to === 'down@example.org');
    });

    it('a 4xx is retried with back-off until it is accepted', async () => {
      smtp.failNext(2, 451);
      await queue({ to: 'later@example.org' });
      await drainUntil(sender(), async () => (await outbox())[0]!.status === 'sent');
      expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 3 });
      expect(smtp.received.filter((m) => m.to === 'later@example.org')).toHaveLength(1);
    });

    it('a 5xx marks the mail failed with the server reply, and is not retried', async () => {
      smtp.refuseRecipient('nobody@example.org', 550);
      try {
        await queue({ to: 'nobody@example.org' });
        await drainOutbox(db, sender());
        const [row] = await outbox();
        expect(row).toMatchObject({ status: 'failed', attempts: 1 });
        expect(row!.last_error).toMatch(/550/);
        await new Promise((r) => setTimeout(r, 1500));
        await drainOutbox(db, sender());
        expect((await outbox())[0]).toMatchObject({ status: 'failed', attempts: 1 });
      } finally {
        smtp.refuseRecipient('nobody@example.org', null);
      }
    });

    it('a dedupe key queues once however often it is used', async () => {
      const first = await queue({ to: 'once@example.org', dedupeKey: 'announcement:1:once@example.org' });
      const second = await queue({ to: 'once@example.org', dedupeKey: 'announcement:1:once@example.org' });
      expect(first).toBeTruthy();
      expect(second).toBeNull();
      expect(await outbox()).toHaveLength(1);
    });

    it('concurrent senders never send one message twice', async () => {
      const count = 40;
      for (let i = 0; i < count; i++) await queue({ to: `many${i}@example.org` });
      // Four senders, each with its own connection pool, as four processes or function instances.
      const configs = [0, 1, 2, 3].map((i) =>
        sender({ transport: smtpTransport({ ...smtpSettings()!, display: `sender-${i}` }) }),
      );
      await Promise.all(configs.map((config) => drainOutbox(db, config)));
      const arrived = smtp.received.filter((m) => m.to.startsWith('many'));
      expect(arrived).toHaveLength(count);
      expect(new Set(arrived.map((m) => m.to)).size).toBe(count);
      expect((await outbox(`status <> 'sent'`)).length).toBe(0);
    });

    it('a claim whose sender died is delivered once its lease has passed', async () => {
      await queue({ to: 'orphan@example.org' });
      // A sender claims the row with a one-second lease and never comes back.
      expect(await claimDue(db, 10, 1)).toHaveLength(1);
      await drainOutbox(db, sender());
      expect((await outbox())[0]!.status).toBe('sending');
      await new Promise((r) => setTimeout(r, 1200));
      await drainOutbox(db, sender());
      expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received.filter((m) => m.to === 'orphan@example.org')).toHaveLength(1);
    });

    it('a function tries once after its commit, through waitUntil, and the response does not wait for it', async () => {
      const work: Promise<unknown>[] = [];
      const res = await postContact(
        { name: 'Quick Reply', email: 'quick@example.org', message: 'Are you open on Sundays?' },
        (p) => work.push(p),
      );
      expect(res.status).toBe(201);
      expect(work).toHaveLength(1);
      await Promise.all(work);
      expect(await outbox()).toMatchObject([{ status: 'sent' }]);
      await smtp.waitFor((m) => m.subject === 'New message from Quick Reply');
    });

    it('the background drain (Netlify, mail-drain-background): delivers a backlog in a loop, waiting out a retry; one run at a time', async () => {
      vi.stubEnv('MAIL_RETRY_SECONDS', '1');
      vi.stubEnv('MAIL_RATE', '1000');
      try {
        const to = [0, 1, 2, 3].map((i) => `backlog-${i}@example.org`);
        for (const address of to) await queue({ to: address, subject: 'Backlog' });
        // Another run holds the lease: this one returns at once and sends nothing.
        await db.query(
          `INSERT INTO mail_drain_leases (name, holder, expires_at) VALUES ('background', gen_random_uuid(), now() + interval '1 minute')`,
        );
        expect((await drainBackground()).status).toBe(204);
        expect((await outbox()).map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
        // The scheduled drain stands aside too while that run holds it.
        expect((await drainScheduled()).status).toBe(204);
        expect((await outbox()).map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
        await db.query(`DELETE FROM mail_drain_leases`);

        // The first copy is refused "try later": the run waits for its retry and ends with all sent.
        smtp.failNext(1, 451);
        expect((await drainBackground()).status).toBe(204);
        expect((await outbox()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
        const arrived = smtp.received.filter((m) => m.subject === 'Backlog').map((m) => m.to);
        expect(arrived.sort()).toEqual(to);
        // The lease is given back, so the next run (or the scheduled drain) can go.
        expect((await db.query(`SELECT 1 FROM mail_drain_leases`)).rows).toEqual([]);
      } finally {
        vi.unstubAllEnvs();
        vi.stubEnv('SMTP_URL', smtp.url);
        vi.stubEnv('MAIL_FROM', FROM);
        vi.stubEnv('OWNER_EMAIL', OWNER);
        vi.stubEnv('CONTACT_RATE_LIMIT', 'off');
      }
    }, 60_000);

    it('the scheduled drain starts the background drain over real HTTP when due mail is left after its window', async () => {
      const posts: string[] = [];
      const hook = createServer((req, res) => {
        posts.push(`${req.method} ${req.url}`);
        res.writeHead(202).end();
      });
      await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok));
      const origin = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
      try {
        // One a second: a 1.5 s window sends two of five and leaves three due.
        for (let i = 0; i < 5; i++) await queue({ to: `slow-${i}@example.org`, subject: 'Slow' });
        const result = await scheduledDrain(db, sender({ rate: 1 }), () => startBackgroundDrain(origin), 1500);
        expect(result).toMatchObject({ skipped: false, backgroundStarted: true, failed: 0 });
        expect(result.sent).toBeGreaterThanOrEqual(1);
        expect(result.sent).toBeLessThan(5);
        expect(posts).toEqual([`POST ${BACKGROUND_PATH}`]);
        // With nothing left due it starts nothing.
        await drainOutbox(db, sender());
        const idle = await scheduledDrain(db, sender(), () => startBackgroundDrain(origin), 1500);
        expect(idle).toMatchObject({ backgroundStarted: false, sent: 0 });
        expect(posts).toHaveLength(1);
      } finally {
        await new Promise((ok) => hook.close(ok));
      }
    });

    it('retention: messages past the retention period and old delivered mail are purged; queued mail never', async () => {
      await db.query(
        `INSERT INTO contact_submissions (name, email, message, source_page, submitted_at)
         VALUES ('Old', 'old@example.org', 'old', '/contact', now() - interval '731 days'),
                ('New', 'new@example.org', 'new', '/contact', now() - interval '729 days')`,
      );
      await queue({ to: 'kept@example.org' });
      await queue({ to: 'delivered@example.org' });
      await db.query(
        `UPDATE mail_outbox SET status = 'sent', sent_at = now() - interval '31 days' WHERE recipient = 'delivered@example.org'`,
      );
      const purged = await purgeOldData(db, 730);
      expect(purged.messages).toBe(1);
      expect(purged.sentMail).toBe(1);
      const names = (
        await db.query<{ name: string }>(`SELECT name FROM contact_submissions WHERE name IN ('Old', 'New')`)
      ).rows;
      expect(names).toEqual([{ name: 'New' }]);
      expect((await outbox()).map((r) => r.recipient)).toEqual(['kept@example.org']);
    });
  });
}
