// The third audit's caps on confirmation e-mails (docs/threat-model.md, items 2 and 4), through the
// real handlers on PGlite with real Requests, reading what the outbox holds: one inbox cannot be
// flooded through plus-addresses or letter case; a list toggled on and off stops mailing; the
// preferences page is rate-limited per client; and one client's burst spends its own share of the
// hourly cap, so another reader can still sign up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PAGES as P } from '../../src/shared/messages/subscriptions.ts';
import { MAILBOX_CAP, clientShare, foldMailbox } from '../../server/subscriptions/mail-caps.ts';
import { freshIp, tag } from './form-suite.ts';
import { subscriptionHandlersOnPglite, type SubscriptionTarget } from './subscription-targets.ts';

let t: SubscriptionTarget;
beforeAll(async () => {
  t = await subscriptionHandlersOnPglite();
}, 60_000);
afterAll(async () => t?.finish());

const signUp = (email: string, ip = freshIp(), type = 'Updates') =>
  t.send('/api/signups', {
    method: 'POST',
    ip,
    headers: { 'Content-Type': 'application/json', Origin: t.origin },
    body: JSON.stringify({ email, signup_type: type, source_page: '/' }),
  });

const postPage = (path: string, fields: [string, string][], ip: string) =>
  t.send(path, {
    method: 'POST',
    ip,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.origin },
    body: new URLSearchParams(fields).toString(),
  });

async function confirmationsTo(mailbox: string): Promise<number> {
  const rows = await t.sql!<{ recipient: string }>(
    "SELECT recipient FROM mail_outbox WHERE kind = 'signup-confirmation'",
  );
  return rows.filter((r) => foldMailbox(r.recipient) === mailbox).length;
}

describe('caps on confirmation e-mails (third audit)', () => {
  it('folds plus-tags and case into one mailbox', () => {
    expect(foldMailbox('Victim+123@Example.COM')).toBe('victim@example.com');
    expect(foldMailbox('victim@example.com')).toBe('victim@example.com');
    expect(foldMailbox('+x@example.com')).toBe('+x@example.com');
  });

  it('a plus-address flood reaches one inbox at most MAILBOX_CAP times; the rest are 429 and not stored', async () => {
    const user = `victim-${tag()}`;
    const answers = [];
    for (let n = 0; n < 20; n++)
      answers.push((await signUp(`${n % 2 ? user.toUpperCase() : user}+${n}@example.com`)).status);
    expect(answers.filter((s) => s === 201)).toHaveLength(MAILBOX_CAP);
    expect(answers.filter((s) => s === 429)).toHaveLength(20 - MAILBOX_CAP);
    expect(await confirmationsTo(`${user}@example.com`)).toBe(MAILBOX_CAP);
    const [stored] = await t.sql!<{ n: number }>('SELECT count(*)::int AS n FROM email_signups WHERE email ILIKE $1', [
      `${user}+%`,
    ]);
    expect(stored!.n).toBe(MAILBOX_CAP);
  });

  it('toggling a list on and off from the preferences page stops mailing at the cap', async () => {
    // On two lists, so the address is kept while one is off (the audit's toggle loop).
    const email = `toggle-${tag()}@example.com`;
    expect((await signUp(email)).status).toBe(201);
    expect((await signUp(email, freshIp(), 'Newsletter')).status).toBe(201);
    // One confirmation e-mail covers both lists (asked for within the hour).
    const [mail] = await t.mailsTo(email, 1);
    const link = /(\/api\/subscriptions\/preferences\?token=[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    let capped = 0;
    for (let i = 0; i < 12; i++) {
      // Each from its own address, so the per-client limit is not what stops it.
      await postPage(
        link,
        [
          ['action', 'save'],
          ['type', 'Newsletter'],
        ],
        freshIp(),
      );
      const page = await postPage(
        link,
        [
          ['action', 'save'],
          ['type', 'Newsletter'],
          ['type', 'Updates'],
        ],
        freshIp(),
      );
      const text = await page.text();
      if (text.includes(P.cappedNote)) capped++;
    }
    expect(await confirmationsTo(email)).toBe(MAILBOX_CAP);
    expect(capped).toBe(12 - (MAILBOX_CAP - 1));
  });

  it('the preferences page counts saves and erasures per client', async () => {
    const email = `limited-${tag()}@example.com`;
    expect((await signUp(email)).status).toBe(201);
    const [mail] = await t.mailsTo(email, 1);
    const link = /(\/api\/subscriptions\/preferences\?token=[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    t.setEnv!('SIGNUP_RATE_LIMIT', '3/600');
    try {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await postPage(
              link,
              [
                ['action', 'save'],
                ['type', 'Updates'],
              ],
              ip,
            )
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another reader is not affected.
      expect(
        (
          await postPage(
            link,
            [
              ['action', 'save'],
              ['type', 'Updates'],
            ],
            freshIp(),
          )
        ).status,
      ).toBe(200);
    } finally {
      t.setEnv!('SIGNUP_RATE_LIMIT', undefined);
    }
  });

  it("one client's burst spends its own share of the hourly cap, not every reader's", async () => {
    const toHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toHour < 15_000) await new Promise((r) => setTimeout(r, toHour + 500));
    const [used] = await t.sql!<{ n: number }>(
      "SELECT coalesce(max(queued), 0)::int AS n FROM confirmation_mail_hours WHERE hour = date_trunc('hour', now())",
    );
    const limit = used!.n + 100;
    t.setEnv!('SIGNUP_CONFIRMATION_MAIL_LIMIT', String(limit));
    try {
      const attacker = freshIp();
      const statuses = [];
      for (let i = 0; i < 40; i++) statuses.push((await signUp(`burst-${tag()}@example.com`, attacker)).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(clientShare(limit));
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - clientShare(limit));
      // A reader elsewhere signs up as usual.
      expect((await signUp(`reader-${tag()}@example.com`)).status).toBe(201);
    } finally {
      t.setEnv!('SIGNUP_CONFIRMATION_MAIL_LIMIT', '100000');
    }
  });
});
