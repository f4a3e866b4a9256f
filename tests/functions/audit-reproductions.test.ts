// The third audit's mail reproductions (docs/threat-model.md, items 2 and 4) as the audit ran them:
// over HTTP against the real `npm start` server with its default caps and limits, each client
// named by X-Forwarded-For from a trusted loopback proxy. The outbox is counted through the
// dashboard's Mail view (the server's own database, which PGlite cannot share while it serves);
// the e-mails go to a real SMTP server in this process, where the preferences link is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_API, type MailPage, type MailRow } from '../../src/shared/admin-mail-api.ts';
import { SUBSCRIPTION_PAGES as P } from '../../src/shared/messages/subscriptions.ts';
import { MAILBOX_CAP, clientShare, foldMailbox } from '../../server/subscriptions/mail-caps.ts';
import { DEFAULT_CONFIRMATION_MAIL_LIMIT, FORM_LIMIT_SETTINGS, parseRateLimit } from '../../server/settings.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import { freshIp, tag } from './form-suite.ts';

const HOURLY_CAP = DEFAULT_CONFIRMATION_MAIL_LIMIT;
const SIGNUP_LIMIT = FORM_LIMIT_SETTINGS.signups.fallback;
const PER_CLIENT = parseRateLimit('SIGNUP_RATE_LIMIT', SIGNUP_LIMIT, 'signups')!;

let smtp: TestSmtp;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    TRUST_PROXY: 'loopback',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Rooted Threads <hello@example.org>',
    // The defaults, said out loud: vitest.config.ts lifts the hourly cap for every other test.
    SIGNUP_CONFIRMATION_MAIL_LIMIT: String(HOURLY_CAP),
    SIGNUP_RATE_LIMIT: SIGNUP_LIMIT,
  });
  cookie = await openAdminSession((path, init) => fetch(server.url + path, init), server.url, server.adminKey());
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/**
 * The limits count fixed windows (a client's requests per 10 minutes, its e-mails per clock hour, a
 * mailbox's per UTC day), and the server's clock cannot be set: a phase whose counts must all land
 * in one window starts well inside it (an edge would start the counts again, by design).
 */
async function startInsideOne(windowSeconds: number, needSeconds = 20): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < needSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 250));
}

const post = (path: string, ip: string, type: string, body: string) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': type, Origin: server.url, 'X-Forwarded-For': ip },
    body,
    redirect: 'manual',
  });

async function signUp(email: string, ip: string, type = 'Updates'): Promise<number> {
  const res = await post(
    '/api/signups',
    ip,
    'application/json',
    JSON.stringify({ email, signup_type: type, source_page: '/' }),
  );
  await res.arrayBuffer();
  return res.status;
}

/** Every row of the outbox, newest first, as the dashboard's Mail view pages through it. */
async function outbox(): Promise<MailRow[]> {
  const rows: MailRow[] = [];
  for (let before: string | null = ''; before !== null;) {
    const res = await fetch(`${server.url}${MAIL_API.list}${before ? `?before=${before}` : ''}`, {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as MailPage;
    rows.push(...page.rows);
    before = page.nextCursor;
  }
  return rows;
}

const confirmationsTo = (rows: MailRow[], mailbox: string) =>
  rows.filter((r) => r.kind === 'signup-confirmation' && foldMailbox(r.recipient) === mailbox).length;

/** `n` sign-ups from each client at once, each client's one after another; statuses by client. */
const floodFrom = (clients: string[], n: number, email: (client: number, i: number) => string) =>
  Promise.all(
    clients.map(async (ip, c) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push(await signUp(email(c, i), ip));
      return statuses;
    }),
  );

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('the third audit, replayed on npm start', () => {
  it("item 2: a 304-request toggle loop and a three-address sign-up flood leave other readers' sign-ups working", async () => {
    // The toggler's own address, on two lists so that it is kept while one is off.
    const toggler = freshIp();
    const mailbox = `toggle-${tag()}@example.com`;
    expect(await signUp(mailbox, toggler)).toBe(201);
    expect(await signUp(mailbox, toggler, 'Newsletter')).toBe(201);
    const mail = await smtp.waitFor((m) => m.to === mailbox, 10_000);
    const link = /(\/api\/subscriptions\/preferences\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;

    // 304 saves from the toggler, the Newsletter box unticked and ticked again in turn.
    await startInsideOne(PER_CLIENT.windowSeconds);
    const toggles: { status: number; capped: boolean }[] = [];
    for (let i = 0; i < 304; i++) {
      const fields = i % 2 ? 'action=save&type=Updates&type=Newsletter' : 'action=save&type=Updates';
      const res = await post(link, toggler, 'application/x-www-form-urlencoded', fields);
      toggles.push({ status: res.status, capped: (await res.text()).includes(P.cappedNote) });
    }
    // Then the sign-up form alone, from three other addresses, 100 each at once.
    await startInsideOne(3600);
    const flood = await floodFrom(
      [freshIp(), freshIp(), freshIp()],
      100,
      (c, i) => `flood-${c}-${i}-${tag()}@example.com`,
    );

    // No harm: another reader signs up as usual, 201 with the confirmation in the outbox; the
    // toggler's inbox got at most the 6 a day the threat model promises, and the four clients
    // together queued far fewer than the hourly cap they spent in the audit.
    const reader = `reader-${tag()}@example.com`;
    const res = await post(
      '/api/signups',
      freshIp(),
      'application/json',
      JSON.stringify({ email: reader, signup_type: 'Updates', source_page: '/' }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true, confirmation: 'queued' });
    const rows = await outbox();
    expect(confirmationsTo(rows, reader)).toBe(1);
    expect(confirmationsTo(rows, mailbox)).toBeLessThanOrEqual(6);
    const queued = rows.filter((r) => r.kind === 'signup-confirmation').length;
    expect(queued).toBeLessThan(HOURLY_CAP / 2);

    // How: the toggler is answered 429 after 100 saves, and its 50 re-ticks ride on the one
    // confirmation its two lists got within the hour (issue 39, item 14: one confirmation confirms
    // every list an address asked for in that hour), so none sends anything, and none is capped;
    // each flooding client queues its share.
    const statuses = toggles.map((a) => a.status);
    expect(statuses.slice(0, PER_CLIENT.max)).toEqual(Array(PER_CLIENT.max).fill(200));
    expect(statuses.slice(PER_CLIENT.max)).toEqual(Array(304 - PER_CLIENT.max).fill(429));
    expect(toggles.filter((a) => a.capped)).toHaveLength(0);
    expect(confirmationsTo(rows, mailbox)).toBe(1);
    for (const answers of flood) {
      expect(count(answers, 201)).toBe(clientShare(HOURLY_CAP));
      expect(count(answers, 429)).toBe(100 - clientShare(HOURLY_CAP));
    }
    expect(queued).toBe(1 + 3 * clientShare(HOURLY_CAP) + 1);
  }, 90_000);

  it('item 4: a plus-address flood from several clients queues at most the mailbox cap', async () => {
    await startInsideOne(86_400);
    const user = `victim-${tag()}`;
    const toVictim = (m: { to: string }) => foldMailbox(m.to) === `${user}@example.com`;
    const before = (await outbox()).length;
    // 300 sign-ups from ten clients, the tags and letter case varied as the audit did.
    const flood = await floodFrom(
      Array.from({ length: 10 }, () => freshIp()),
      30,
      (c, i) => `${(c + i) % 2 ? user.toUpperCase() : user}+${c * 30 + i}@example.com`,
    );
    const answers = flood.flat();
    const rows = await outbox();
    // No harm: at most the 6 a day the threat model promises, whatever the cap is set to in code.
    expect(count(answers, 201)).toBeLessThanOrEqual(6);
    expect(rows.length - before).toBeLessThanOrEqual(6);
    // Exactly the cap: the rest are asked to try later (429).
    expect(count(answers, 201)).toBe(MAILBOX_CAP);
    expect(count(answers, 429)).toBe(300 - MAILBOX_CAP);
    expect(rows.length - before).toBe(MAILBOX_CAP);
    expect(confirmationsTo(rows, `${user}@example.com`)).toBe(MAILBOX_CAP);
    // What the SMTP server received for that inbox, once the sender has caught up.
    await smtp.waitForCount(MAILBOX_CAP, toVictim, 20_000);
    expect(smtp.received.filter(toVictim)).toHaveLength(MAILBOX_CAP);
  }, 90_000);
});
