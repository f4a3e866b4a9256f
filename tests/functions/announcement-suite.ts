// Announcements (issue 23) through real parts, run unchanged on PGlite, PostgreSQL and Neon's
// driver: the admin functions routed by their own config.path (admin-targets.ts) with a real
// session, the outbox sender (nodemailer) into a real SMTP server in this process, mailparser
// reading back what arrived, and the subscriptions' own preferences function for one-click.
// The build's dist/announceable.json is stood in by a file of the same shape in a ROOT_DIR of the
// test's own (the loader reads it from there as from a build), so a new article can be "published".
import type { Announcement } from '../../src/shared/announcement-api.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Announceable } from '../../src/shared/announceable.ts';
import type { MailPage } from '../../src/shared/admin-mail-api.ts';
import { senderConfigFromEnv, type SenderConfig } from '../../server/mail/config.ts';
import { drainOutbox } from '../../server/mail/drain.ts';
import { closeTransports } from '../../server/mail/smtp-transport.ts';
import { onMailQueued } from '../../server/mail/wake.ts';
import { purgeOldData } from '../../server/retention.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp.ts';
import { TEST_ADMIN_KEY, type AdminTarget } from './admin-targets.ts';
import { freshIp } from './form-suite.ts';

const OWNER = 'owner@rootedthreads.example';
const ARTICLE: Announceable = {
  kind: 'article',
  path: '/articles/linen-care',
  title: 'How to care for linen',
  summary: 'Linen lasts for decades when it is washed cool and dried flat.',
  imageUrl: 'https://rootedthreads.example/_astro/linen-care.abc123.png',
  imageAlt: 'A folded stack of undyed linen shirts on a wooden table',
  publishedDate: '2026-11-01',
};
const NEW_ARTICLE: Announceable = { ...ARTICLE, path: '/articles/hemp-denim', title: 'Hemp denim, tested' };

/** The endpoints' answer (src/shared/announcement-api.ts). */
type Progress = Announcement;

export function announcementSuite(name: string, start: () => Promise<AdminTarget>): void {
  describe(`announcements: ${name}`, () => {
    let t: AdminTarget;
    let smtp: TestSmtp;
    let cookie = '';
    let root: string;
    let n = 0;
    const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

    const publish = (items: Announceable[]) => {
      mkdirSync(join(root, 'dist'), { recursive: true });
      writeFileSync(join(root, 'dist', 'announceable.json'), JSON.stringify(items));
    };

    const send = (method: string, path: string, body?: unknown) =>
      t.send(path, {
        method,
        ip: freshIp(),
        headers: {
          Cookie: cookie,
          ...(method === 'GET' ? {} : { Origin: t.origin }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });

    const sender = (): SenderConfig => ({ ...senderConfigFromEnv()!, retrySeconds: 1, rate: undefined });
    const drain = () => drainOutbox(t.db, sender());

    async function addSignup(email: string, type: string, status = 'confirmed'): Promise<void> {
      await t.db.query(`INSERT INTO email_signups (email, signup_type, source_page, status) VALUES ($1, $2, '/', $3)`, [
        email,
        type,
        status,
      ]);
    }

    async function draft(body: Record<string, unknown>): Promise<Progress> {
      const res = await send('POST', '/api/admin/announcements', body);
      expect(res.status).toBe(201);
      return (await res.json()) as Progress;
    }

    const progress = async (id: string) =>
      (await (await send('GET', `/api/admin/announcements/${id}`)).json()) as Progress;

    const mailsOf = (subject: string) => smtp.received.filter((m) => m.subject === subject);

    function preferencesLink(mail: ReceivedMail): string {
      // The raw header (mailparser turns List-Unsubscribe into an object), lines unfolded.
      const header = /^list-unsubscribe:(.*)$/im.exec(mail.rawHeaders.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
      const url = /<(https?:\/\/[^>]+)>/.exec(header)?.[1];
      expect(url).toMatch(/\/api\/subscriptions\/preferences\?token=[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(url!.replace(/&/g, '&amp;'));
      const parsed = new URL(url!);
      return parsed.pathname + parsed.search;
    }

    let stopListening: (() => void) | undefined;

    beforeAll(async () => {
      // This suite's drain() is the process's sender, as npm start registers its own
      // (server/mail/outbox.ts): a commit that queues mail wakes this no-op instead of starting a
      // delivery in the background that would race the tests' counts.
      const off = onMailQueued(() => {});
      stopListening = () => void off();
      smtp = await startSmtp();
      root = mkdtempSync(join(tmpdir(), 'rt-announce-'));
      publish([ARTICLE]);
      vi.stubEnv('ROOT_DIR', root);
      vi.stubEnv('SMTP_URL', smtp.url);
      vi.stubEnv('MAIL_FROM', 'Rooted Threads <hello@rootedthreads.example>');
      vi.stubEnv('OWNER_EMAIL', OWNER);
      t = await start();
      const res = await t.send('/api/admin/session', {
        method: 'POST',
        ip: freshIp(),
        headers: { 'Content-Type': 'application/json', Origin: t.origin },
        body: JSON.stringify({ key: TEST_ADMIN_KEY }),
      });
      expect(res.status).toBe(200);
      cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    }, 120_000);

    afterAll(async () => {
      stopListening?.();
      closeTransports();
      await t?.finish();
      await smtp?.stop();
      rmSync(root, { recursive: true, force: true });
      vi.unstubAllEnvs();
    }, 120_000);

    it('needs a session: every endpoint answers 401 without one', async () => {
      for (const [method, path] of [
        ['GET', '/api/admin/announcements'],
        ['GET', '/api/admin/announcements/audience?types=Updates'],
        ['POST', '/api/admin/announcements/preview'],
        ['POST', '/api/admin/announcements/1/send'],
      ] as const) {
        const res = await t.send(path, {
          method,
          ip: freshIp(),
          headers: method === 'POST' ? { Origin: t.origin, 'Content-Type': 'application/json' } : {},
          body: method === 'POST' ? '{}' : null,
        });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    });

    it('sends to the confirmed subscribers of the chosen types only, each once, each with a working unsubscribe link', async () => {
      const id = tag();
      const both = `both-${id}@example.org`;
      const updates = `updates-${id}@example.org`;
      const newsletter = `news-${id}@example.org`;
      await addSignup(updates, 'Updates');
      await addSignup(newsletter, 'Newsletter');
      await addSignup(both, 'Updates');
      await addSignup(both.toUpperCase(), 'Newsletter');
      await addSignup(`pending-${id}@example.org`, 'Updates', 'pending');
      await addSignup(`movement-${id}@example.org`, 'Movement');
      await addSignup(`gone-${id}@example.org`, 'Updates');
      await t.db.query(
        `UPDATE email_signups SET status = 'unsubscribed', email = NULL WHERE email_hash = subscriber_hash($1)`,
        [`gone-${id}@example.org`],
      );
      const count = await send('GET', '/api/admin/announcements/audience?types=Updates,Newsletter');
      expect(await count.json()).toEqual({ count: 3 });
      expect((await send('GET', '/api/admin/announcements/audience?types=Bogus')).status).toBe(400);

      const subject = `Linen, ${id}`;
      const a = await draft({ source_path: ARTICLE.path, subject, audience: ['Updates', 'Newsletter'] });
      expect(a).toMatchObject({ status: 'draft', recipients: 0 });
      // A double click: both answer, one queues.
      const [first, second] = await Promise.all([
        send('POST', `/api/admin/announcements/${a.id}/send`, {}),
        send('POST', `/api/admin/announcements/${a.id}/send`, {}),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 202]);
      const retry = await send('POST', `/api/admin/announcements/${a.id}/send`, {});
      expect(retry.status).toBe(200);
      expect(await progress(a.id)).toMatchObject({ status: 'sending', recipients: 3, queued: 3 });
      // The body is stored once, on the announcement; each row holds no body and no token yet
      // (made when its copy goes), and no link was made for anyone before that.
      const stored = await t.db.query<{ text: string | null; html: string | null; recipient_token: string | null }>(
        `SELECT text, html, recipient_token FROM mail_outbox WHERE announcement_id = $1::bigint`,
        [a.id],
      );
      expect(stored.rows).toEqual(Array(3).fill({ text: null, html: null, recipient_token: null }));
      const body = await t.db.query<{ mail_text: string }>(
        `SELECT mail_text FROM announcements WHERE id = $1::bigint`,
        [a.id],
      );
      expect(body.rows[0]!.mail_text).toContain(ARTICLE.summary);

      await drain();
      const mails = mailsOf(subject);
      expect(mails.map((m) => m.to).sort()).toEqual([both, newsletter, updates].sort());
      expect(await progress(a.id)).toMatchObject({ status: 'done', sent: 3, queued: 0 });

      const links = mails.map(preferencesLink);
      expect(new Set(links).size).toBe(3);
      // Once sent, a row keeps no token (the reader's link lives only in the e-mail and as a hash).
      const after = await t.db.query<{ recipient_token: string | null }>(
        `SELECT recipient_token FROM mail_outbox WHERE announcement_id = $1::bigint`,
        [a.id],
      );
      expect(after.rows).toEqual(Array(3).fill({ recipient_token: null }));
      for (const mail of mails) {
        expect(mail.rawHeaders).toMatch(/^list-unsubscribe-post: List-Unsubscribe=One-Click\r?$/im);
        expect(mail.text).toContain(`${ARTICLE.title}`);
        expect(mail.text).toContain('Read the article:');
        expect(mail.html).toContain(`alt="${ARTICLE.imageAlt}"`);
        expect(mail.html).toContain(ARTICLE.imageUrl);
      }
      // One-click exactly as a mail provider sends it: the Updates-only reader leaves Updates.
      const updatesMail = mails.find((m) => m.to === updates)!;
      const oneClick = await t.send(preferencesLink(updatesMail), {
        method: 'POST',
        ip: freshIp(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      const { rows } = await t.db.query<{ status: string }>(
        `SELECT status FROM email_signups WHERE email_hash = subscriber_hash($1)`,
        [updates],
      );
      expect(rows).toEqual([{ status: 'unsubscribed' }]);
    });

    it('an address that unsubscribes while an announcement is going out gets nothing more', async () => {
      const id = tag();
      const stays = `stays-${id}@example.org`;
      const leaves = `leaves-${id}@example.org`;
      await addSignup(stays, 'Movement');
      await addSignup(leaves, 'Movement');
      const subject = `Movement news ${id}`;
      const a = await draft({ note: 'We are planting hemp this spring.', subject, audience: ['Movement'] });
      expect((await send('POST', `/api/admin/announcements/${a.id}/send`, {})).status).toBe(202);
      // Queued; before the sender reaches it, the reader leaves (as the preferences page does).
      await t.db.query(
        `UPDATE email_signups SET status = 'unsubscribed', email = NULL WHERE email_hash = subscriber_hash($1)`,
        [leaves],
      );
      await drain();
      expect(mailsOf(subject).map((m) => m.to)).toContain(stays);
      expect(mailsOf(subject).some((m) => m.to === leaves)).toBe(false);
      expect(await progress(a.id)).toMatchObject({ skipped: 1 });

      // The Mail view: the skipped copy under its filter, labelled with its announcement, its text
      // the announcement's with no reader's token; unfiltered, one line for the announcement instead.
      const skipped = (await (await send('GET', '/api/admin/mail?status=skipped')).json()) as MailPage;
      const row = skipped.rows.find((r) => r.recipient === leaves)!;
      expect(row).toMatchObject({ status: 'skipped', announcement_id: a.id, subject });
      expect(row.text).toContain('We are planting hemp this spring.');
      expect(row.text).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
      expect(row.text).not.toContain('PLACEHOLDER');
      const all = (await (await send('GET', '/api/admin/mail')).json()) as MailPage;
      expect(all.rows.filter((r) => r.announcement_id !== null)).toEqual([]);
      expect(all.counts.skipped).toBeGreaterThanOrEqual(1);
      const line = all.announcements.find((l) => l.id === a.id)!;
      expect(line).toMatchObject({ subject, status: 'done', skipped: 1, queued: 0, failed: 0 });
      expect(line.sent + line.skipped).toBe(line.recipients);
    });

    it('preview (HTML and text, 14 px or more, postal address, no placeholder) and a test to OWNER_EMAIL only', async () => {
      const body = { source_path: ARTICLE.path, subject: 'Preview me', audience: ['Updates'] };
      const res = await send('POST', '/api/admin/announcements/preview', body);
      expect(res.status).toBe(200);
      const preview = (await res.json()) as { subject: string; html: string; text: string };
      expect(preview.subject).toBe('Preview me');
      expect(preview.html).toContain(`alt="${ARTICLE.imageAlt}"`);
      expect(preview.html).toContain('Read the article');
      expect(preview.html).toContain('Chattanooga');
      expect(preview.text).toContain(ARTICLE.summary);
      expect(preview.html).not.toContain('PLACEHOLDER');
      const sizes = [...preview.html.matchAll(/font-size:\s*(\d+)px/g)].map((m) => Number(m[1]));
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
      expect(
        (await send('POST', '/api/admin/announcements/preview', { ...body, source_path: '/articles/nope' })).status,
      ).toBe(400);

      const before = smtp.received.length;
      expect((await send('POST', '/api/admin/announcements/test', body)).status).toBe(202);
      await drain();
      const sent = smtp.received.slice(before);
      expect(sent.map((m) => [m.to, m.subject])).toEqual([[OWNER, '[Test] Preview me']]);
    });

    it('an article with a note: test and send both go, the note keeps its paragraphs in both parts', async () => {
      const id = tag();
      const item: Announceable = { ...ARTICLE, path: `/articles/noted-${id}`, title: `Noted ${id}` };
      publish([ARTICLE, item]);
      try {
        const reader = `noted-${id}@example.org`;
        await addSignup(reader, 'Movement');
        const subject = `With a note ${id}`;
        const body = {
          source_path: item.path,
          note: 'First paragraph of my note.\n\nSecond paragraph, after an empty line.',
          subject,
          audience: ['Movement'],
        };
        // The test send predicts the real one: both are accepted.
        expect((await send('POST', '/api/admin/announcements/test', body)).status).toBe(202);
        const a = await draft(body);
        expect((await send('POST', `/api/admin/announcements/${a.id}/send`, {})).status).toBe(202);
        await drain();
        const mine = mailsOf(subject).filter((m) => m.to === reader);
        expect(mine).toHaveLength(1);
        const mail = mine[0]!;
        expect(mail.html).toMatch(/<p[^>]*>First paragraph of my note\.<\/p>/);
        expect(mail.html).toMatch(/<p[^>]*>Second paragraph, after an empty line\.<\/p>/);
        expect(mail.text).toMatch(/First paragraph of my note\.\s*\n\s*\n\s*Second paragraph/);
        expect(mail.text).toContain(item.summary);
      } finally {
        publish([ARTICLE]);
      }
    });

    it('the same article again to lists that had it: refused until confirmed, then only readers who lack it', async () => {
      const id = tag();
      const item: Announceable = { ...ARTICLE, path: `/articles/again-${id}`, title: `Again ${id}` };
      publish([ARTICLE, item]);
      try {
        const early = [0, 1].map((i) => `early-${i}-${id}@example.org`);
        for (const address of early) await addSignup(address, 'Movement');
        const first = await draft({ source_path: item.path, subject: `First ${id}`, audience: ['Movement'] });
        expect((await send('POST', `/api/admin/announcements/${first.id}/send`, {})).status).toBe(202);
        await drain();
        expect(mailsOf(`First ${id}`).filter((m) => early.includes(m.to))).toHaveLength(2);

        const late = `late-${id}@example.org`;
        await addSignup(late, 'Newsletter');
        await addSignup(early[0]!, 'Newsletter');
        const types = 'Movement,Newsletter';
        const all = (await (await send('GET', `/api/admin/announcements/audience?types=${types}`)).json()) as {
          count: number;
        };
        const check = (await (
          await send('GET', `/api/admin/announcements/audience?types=${types}&source=${item.path}`)
        ).json()) as { count: number; received: number; previous: { audience: string[]; recipients: number }[] };
        // Everyone who got the first send is left out of the count, once per address.
        expect(check.received).toBeGreaterThanOrEqual(2);
        expect(check.count).toBe(all.count - check.received);
        expect(check.previous).toMatchObject([{ audience: ['Movement'] }]);
        expect((await send('GET', `/api/admin/announcements/audience?types=${types}&source=/nope`)).status).toBe(400);

        const subject = `Second ${id}`;
        const second = await draft({ source_path: item.path, subject, audience: ['Movement', 'Newsletter'] });
        const refused = await send('POST', `/api/admin/announcements/${second.id}/send`, {});
        expect(refused.status).toBe(409);
        const answer = (await refused.json()) as { error: { title: string }; previous: unknown[] };
        expect(answer.error.title).toBe('Sent Before');
        expect(answer.previous).toHaveLength(1);
        expect(await progress(second.id)).toMatchObject({ status: 'draft', recipients: 0 });

        const sent = await send('POST', `/api/admin/announcements/${second.id}/send`, { repeat: true });
        expect(sent.status).toBe(202);
        await drain();
        const got = mailsOf(subject).map((m) => m.to);
        expect(got).toContain(late);
        for (const address of early) expect(got).not.toContain(address);
        expect(new Set(got).size).toBe(got.length);
        // A note is never a repeat: notes carry no article.
        const note = await draft({ note: 'Hello again.', subject: `Note ${id}`, audience: ['Movement'] });
        expect((await send('POST', `/api/admin/announcements/${note.id}/send`, {})).status).toBe(202);
      } finally {
        publish([ARTICLE]);
      }
    });

    it('pause holds the queued mail, resume sends it, cancel withdraws what was not sent', async () => {
      const id = tag();
      const addresses = [0, 1, 2].map((i) => `paused-${i}-${id}@example.org`);
      for (const address of addresses) await addSignup(address, 'Newsletter');
      const subject = `Paused ${id}`;
      const a = await draft({ note: 'A short note.', subject, audience: ['Newsletter'] });
      expect((await send('POST', `/api/admin/announcements/${a.id}/send`, {})).status).toBe(202);
      expect((await send('POST', `/api/admin/announcements/${a.id}/pause`)).status).toBe(200);
      await drain();
      expect(mailsOf(subject)).toEqual([]);
      expect(await progress(a.id)).toMatchObject({ status: 'paused' });
      expect((await send('POST', `/api/admin/announcements/${a.id}/pause`)).status).toBe(409);
      expect((await send('POST', `/api/admin/announcements/${a.id}/resume`)).status).toBe(200);
      await drain();
      expect(mailsOf(subject).filter((m) => addresses.includes(m.to))).toHaveLength(3);

      const cancelled = await draft({ note: 'Never mind.', subject: `Cancelled ${id}`, audience: ['Newsletter'] });
      expect((await send('POST', `/api/admin/announcements/${cancelled.id}/send`, {})).status).toBe(202);
      expect((await send('POST', `/api/admin/announcements/${cancelled.id}/cancel`)).status).toBe(200);
      await drain();
      expect(mailsOf(`Cancelled ${id}`)).toEqual([]);
      const p = await progress(cancelled.id);
      expect(p).toMatchObject({ status: 'cancelled', sent: 0, queued: 0 });
      expect(p.cancelled).toBe(p.recipients);
    });

    it('a hard bounce (5xx) marks the address bounced and it is not mailed again', async () => {
      const id = tag();
      const bad = `bounce-${id}@example.org`;
      await addSignup(bad, 'Updates');
      smtp.refuseRecipient(bad, 550);
      try {
        const a = await draft({ note: 'First.', subject: `Bounce ${id}`, audience: ['Updates'] });
        await send('POST', `/api/admin/announcements/${a.id}/send`, {});
        await drain();
        expect((await progress(a.id)).failed).toBe(1);
      } finally {
        smtp.refuseRecipient(bad, null);
      }
      const { rows } = await t.db.query<{ reply: string }>(
        `SELECT reply FROM bounced_addresses WHERE email_hash = subscriber_hash($1)`,
        [bad],
      );
      expect(rows).toHaveLength(1);
      // The server's reply quoted the address; only its hash is kept (/privacy).
      expect(rows[0]!.reply).toMatch(/^550/);
      expect(rows[0]!.reply).not.toContain('@');
      const b = await draft({ note: 'Second.', subject: `Bounce again ${id}`, audience: ['Updates'] });
      await send('POST', `/api/admin/announcements/${b.id}/send`, {});
      await drain();
      expect(mailsOf(`Bounce again ${id}`).some((m) => m.to === bad)).toBe(false);

      // The reader confirms a new sign-up at that address: it takes mail again, the bounce is lifted.
      const signup = await send('POST', '/api/signups', { email: bad, signup_type: 'Movement', source_page: '/' });
      expect(signup.status).toBe(201);
      await drain();
      const confirmation = smtp.received.find(
        (m) => m.to === bad && m.text.includes('/api/subscriptions/confirm?token='),
      );
      const link = /\/api\/subscriptions\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(confirmation!.text)![0];
      const confirmed = await t.send(link, {
        method: 'POST',
        ip: freshIp(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.origin },
        body: '',
      });
      expect(confirmed.status).toBe(200);
      const lifted = await t.db.query(`SELECT 1 FROM bounced_addresses WHERE email_hash = subscriber_hash($1)`, [bad]);
      expect(lifted.rows).toEqual([]);
      const c = await draft({ note: 'Third.', subject: `Bounce lifted ${id}`, audience: ['Updates'] });
      await send('POST', `/api/admin/announcements/${c.id}/send`, {});
      await drain();
      expect(mailsOf(`Bounce lifted ${id}`).map((m) => m.to)).toContain(bad);
    });

    it('SMTP answering 4xx for a while, then down, then back: delivery waits and resumes; nothing is dropped or doubled', async () => {
      const id = tag();
      const addresses = Array.from({ length: 6 }, (_, i) => `patient-${i}-${id}@example.org`);
      for (const address of addresses) await addSignup(address, 'Newsletter');
      const subject = `Patience ${id}`;
      const a = await draft({ note: 'Wait for it.', subject, audience: ['Newsletter'] });
      expect((await send('POST', `/api/admin/announcements/${a.id}/send`, {})).status).toBe(202);
      // The list also holds earlier tests' Newsletter readers: every recipient counts.
      const total = (await progress(a.id)).recipients;
      expect(total).toBeGreaterThanOrEqual(addresses.length);
      // Every copy of this first round is refused "try later"; the sender keeps each for a retry
      // 3 s on (a drain ends when nothing is due, so this round is every copy, once).
      // (The outbox is shared with the other tests, so this reads the announcement, not the drain's totals.)
      const patient: SenderConfig = { ...sender(), retrySeconds: 3 };
      smtp.failNext(total, 451, '4.3.2 Try again later');
      const refusedBefore = smtp.refused();
      await drainOutbox(t.db, patient);
      expect(smtp.refused() - refusedBefore).toBe(total);
      expect(mailsOf(subject)).toEqual([]);
      expect(await progress(a.id)).toMatchObject({ status: 'sending', queued: total, sent: 0, failed: 0 });
      // Then the server is down altogether when the retries fall due.
      await smtp.stop();
      try {
        await new Promise((r) => setTimeout(r, 3500));
        await drainOutbox(t.db, patient);
        expect(await progress(a.id)).toMatchObject({ queued: total, sent: 0, failed: 0 });
      } finally {
        await smtp.start();
      }
      const end = Date.now() + 60_000;
      while ((await progress(a.id)).queued > 0 && Date.now() < end) {
        await drain();
        await new Promise((r) => setTimeout(r, 300));
      }
      const mails = mailsOf(subject);
      // Every recipient once: none dropped, none doubled.
      expect(mails).toHaveLength(total);
      expect(new Set(mails.map((m) => m.to)).size).toBe(total);
      for (const address of addresses) expect(mails.map((m) => m.to)).toContain(address);
      expect(await progress(a.id)).toMatchObject({ status: 'done', sent: total, failed: 0, queued: 0 });
      // Each copy's link works, though its token was made on the first (refused) try.
      for (const mail of mails) {
        const res = await t.send(preferencesLink(mail), { method: 'GET', ip: freshIp(), headers: {} });
        expect(res.status).toBe(200);
      }
    }, 90_000);

    it("the site's own mail (a reader's confirmation) goes before an announcement's waiting copies", async () => {
      const id = tag();
      for (let i = 0; i < 5; i++) await addSignup(`queue-${i}-${id}@example.org`, 'Updates');
      const a = await draft({ note: 'A long list.', subject: `Long list ${id}`, audience: ['Updates'] });
      expect((await send('POST', `/api/admin/announcements/${a.id}/send`, {})).status).toBe(202);
      // Queued after the announcement's copies, and sent before any of them.
      const reader = `first-${id}@example.org`;
      expect(
        (await send('POST', '/api/signups', { email: reader, signup_type: 'Newsletter', source_page: '/' })).status,
      ).toBe(201);
      const before = smtp.received.length;
      // One connection: the order the server receives is the order the sender claimed. With several,
      // a copy claimed a moment after the confirmation can arrive before it.
      await drainOutbox(t.db, { ...sender(), concurrency: 1 });
      const order = smtp.received.slice(before).map((m) => m.to);
      expect(order[0]).toBe(reader);
      expect(order.filter((to) => to.startsWith('queue-') && to.endsWith(`-${id}@example.org`))).toHaveLength(5);
    });

    it('a reader who erases everything leaves no announcement copy behind, sent or waiting', async () => {
      const id = tag();
      const reader = `erase-${id}@example.org`;
      await addSignup(reader, 'Movement');
      const first = await draft({ note: 'One.', subject: `Erase one ${id}`, audience: ['Movement'] });
      await send('POST', `/api/admin/announcements/${first.id}/send`, {});
      await drain();
      const link = preferencesLink(mailsOf(`Erase one ${id}`).find((m) => m.to === reader)!);
      const second = await draft({ note: 'Two.', subject: `Erase two ${id}`, audience: ['Movement'] });
      await send('POST', `/api/admin/announcements/${second.id}/send`, {});
      const copies = () =>
        t.db.query(`SELECT status FROM mail_outbox WHERE lower(recipient) = $1 AND announcement_id IS NOT NULL`, [
          reader,
        ]);
      expect((await copies()).rows.map((r) => (r as { status: string }).status).sort()).toEqual(['queued', 'sent']);
      const erased = await t.send(link, {
        method: 'POST',
        ip: freshIp(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.origin },
        body: 'action=erase&confirm=yes',
      });
      expect(erased.status).toBe(200);
      expect((await copies()).rows).toEqual([]);
      await drain();
      expect(mailsOf(`Erase two ${id}`).some((m) => m.to === reader)).toBe(false);
    });

    it('the history keeps its counts when the daily purge deletes old copies', async () => {
      const id = tag();
      await addSignup(`kept-${id}@example.org`, 'Newsletter');
      const a = await draft({ note: 'Old news.', subject: `Old ${id}`, audience: ['Newsletter'] });
      await send('POST', `/api/admin/announcements/${a.id}/send`, {});
      await drain();
      const done = await progress(a.id);
      expect(done).toMatchObject({ status: 'done', queued: 0, failed: 0 });
      expect(done.sent).toBe(done.recipients);
      // A month and a day later, the purge deletes the sent copies (server/retention.ts).
      await t.db.query(
        `UPDATE mail_outbox SET sent_at = now() - interval '31 days', created_at = now() - interval '31 days'
          WHERE announcement_id = $1::bigint`,
        [a.id],
      );
      const purged = await purgeOldData(t.db, 730);
      expect(purged.sentMail).toBe(done.recipients);
      const left = await t.db.query(`SELECT 1 FROM mail_outbox WHERE announcement_id = $1::bigint`, [a.id]);
      expect(left.rows).toEqual([]);
      expect(await progress(a.id)).toMatchObject({ status: 'done', recipients: done.recipients, sent: done.sent });
    });

    it('a new article proposes its announcement; nothing is sent without the owner', async () => {
      type Listing = { items: { path: string }[]; history: Progress[] };
      const first = (await (await send('GET', '/api/admin/announcements')).json()) as Listing;
      expect(first.items.map((i) => i.path)).toContain(ARTICLE.path);
      // What was on the site before is not "new".
      expect(first.history.filter((h) => h.proposed)).toEqual([]);
      publish([NEW_ARTICLE, ARTICLE]);
      const before = smtp.received.length;
      const listing = (await (await send('GET', '/api/admin/announcements')).json()) as Listing;
      const proposed = listing.history.filter((h) => h.proposed);
      expect(proposed).toMatchObject([{ source_path: NEW_ARTICLE.path, status: 'draft', recipients: 0 }]);
      // Asking again proposes nothing more.
      const again = (await (await send('GET', '/api/admin/announcements')).json()) as Listing;
      expect(again.history.filter((h) => h.proposed)).toHaveLength(1);
      await drain();
      expect(smtp.received.length).toBe(before);
    });
  });
}
