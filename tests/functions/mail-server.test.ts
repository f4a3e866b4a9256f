// The mail platform in the real `npm start` server over HTTP, on its embedded PGlite and on
// PostgreSQL, with a real SMTP server in the test process: the in-process sender is woken by the
// commit (no test code drains anything), waits out a mail server that is down, and the dashboard's
// admin endpoints show a refused mail and send it again. Without SMTP_URL nothing is sent and the
// dashboard says mail is not configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_API, type MailPage } from '../../src/shared/admin-mail-api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import { createPgDatabase, type TempDatabase } from '../support/db.ts';

const OWNER = 'owner@rootedthreads.example';

const logIn = (server: RunningServer): Promise<string> =>
  openAdminSession((path, init) => fetch(server.url + path, init), server.url, server.adminKey());

function postContact(server: RunningServer, name: string, email = 'reader@example.org'): Promise<Response> {
  return fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ name, email, message: `A message from ${name}.`, source_page: '/contact' }),
  });
}

async function mailPage(server: RunningServer, cookie: string, status?: string): Promise<MailPage> {
  const res = await fetch(`${server.url}${MAIL_API.list}${status ? `?status=${status}` : ''}`, {
    headers: { Cookie: cookie },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as MailPage;
}

async function until<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

for (const backend of ['PGlite', 'PostgreSQL'] as const) {
  describe(`mail in npm start on ${backend}`, () => {
    let smtp: TestSmtp;
    let server: RunningServer;
    let temp: TempDatabase | undefined;
    let cookie: string;

    beforeAll(async () => {
      smtp = await startSmtp();
      temp = backend === 'PostgreSQL' ? await createPgDatabase() : undefined;
      server = await startServer({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Rooted Threads <hello@rootedthreads.example>',
        OWNER_EMAIL: OWNER,
        MAIL_RETRY_SECONDS: '1',
        CONTACT_RATE_LIMIT: 'off',
        ...(temp ? { DATABASE_URL: temp.url } : {}),
      });
      cookie = await logIn(server);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await temp?.drop();
      await smtp?.stop();
    });

    it('a contact message reaches the owner within seconds, Reply-To the reader, woken by the commit', async () => {
      const res = await postContact(server, 'Prompt Reader', 'prompt@example.org');
      expect(res.status).toBe(201);
      const mail = await smtp.waitFor((m) => m.subject === 'New message from Prompt Reader', 10_000);
      expect(mail.envelopeTo).toEqual([OWNER]);
      expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Prompt Reader', address: 'prompt@example.org' }]);
    });

    it('with the mail server down the message is still acknowledged, and its alert arrives once it is back', async () => {
      await smtp.stop();
      const res = await postContact(server, 'Patient Reader');
      expect(res.status).toBe(201);
      const waiting = await until(async () => {
        const page = await mailPage(server, cookie);
        const row = page.rows.find((r) => r.subject === 'New message from Patient Reader');
        return row && row.attempts >= 1 && row.status === 'queued' ? row : undefined;
      });
      expect(waiting.last_error).toBeTruthy();
      await smtp.start();
      await smtp.waitFor((m) => m.subject === 'New message from Patient Reader', 20_000);
    });

    it('a refused (5xx) mail shows as failed in the dashboard, and "Send again" delivers it', async () => {
      smtp.refuseRecipient(OWNER, 550);
      try {
        expect((await postContact(server, 'Refused Reader')).status).toBe(201);
        const failed = await until(async () =>
          (await mailPage(server, cookie, 'failed')).rows.find((r) => r.subject === 'New message from Refused Reader'),
        );
        expect(failed.last_error).toMatch(/550/);
      } finally {
        smtp.refuseRecipient(OWNER, null);
      }
      const { rows } = await mailPage(server, cookie, 'failed');
      const id = rows.find((r) => r.subject === 'New message from Refused Reader')!.id;
      const retry = await fetch(`${server.url}${MAIL_API.retry(id)}`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: server.url },
      });
      expect(retry.status).toBe(204);
      await smtp.waitFor((m) => m.subject === 'New message from Refused Reader', 10_000);
      const sent = await until(async () => (await mailPage(server, cookie, 'sent')).rows.find((r) => r.id === id));
      expect(sent.status).toBe('sent');
    });
  });
}

describe('mail in npm start without SMTP_URL (the embedded default)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ OWNER_EMAIL: OWNER, CONTACT_RATE_LIMIT: 'off' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the alert in the outbox, says mail is not configured, and sends nothing', async () => {
    expect(server.output()).toContain('mail is not configured');
    expect((await postContact(server, 'Offline Reader')).status).toBe(201);
    const cookie = await logIn(server);
    const page = await mailPage(server, cookie);
    expect(page.configured).toBe(false);
    expect(page.ownerAlerts).toBe(true);
    const row = page.rows.find((r) => r.subject === 'New message from Offline Reader');
    expect(row).toMatchObject({ status: 'queued', attempts: 0, recipient: OWNER });
    expect(row!.text).toContain('A message from Offline Reader.');
    // Nothing claims it, however long it waits: no attempt, no pretended delivery.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mailPage(server, cookie)).rows.find((r) => r.id === row!.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      sent_at: null,
    });
  });
});
