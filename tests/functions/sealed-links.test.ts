// The third audit's item 5 (docs/threat-model.md): a confirmation e-mail's live links are never
// stored in the outbox's text, HTML or headers, nor readable in its sealed column; they are put in
// only in the copy being sent (the subscription suites' npm start targets receive them over real
// SMTP and use them), dropped once the row is sent, and the Mail view shows none, not even for a
// row stored before this change. Real handlers and the Mail view's own query, on PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../server/db/client.ts';
import { readMailPage } from '../../server/admin/mail.ts';
import { freshIp, tag } from './form-suite.ts';
import { subscriptionHandlersOnPglite, type SubscriptionTarget } from './subscription-targets.ts';

let t: SubscriptionTarget;
beforeAll(async () => {
  t = await subscriptionHandlersOnPglite();
}, 60_000);
afterAll(async () => t?.finish());

const TOKEN = /token=([A-Za-z0-9_-]{43})/g;

describe('sealed links (third audit, item 5)', () => {
  it('stores no live token anywhere in the row; the sent copy has them; sending drops the seal', async () => {
    const email = `sealed-${tag()}@example.com`;
    const res = await t.send('/api/signups', {
      method: 'POST',
      ip: freshIp(),
      headers: { 'Content-Type': 'application/json', Origin: t.origin },
      body: JSON.stringify({ email, signup_type: 'Updates', source_page: '/' }),
    });
    expect(res.status).toBe(201);
    const [mail] = await t.mailsTo(email, 1);
    const tokens = [...new Set([...mail!.text.matchAll(TOKEN)].map((m) => m[1]!))];
    expect(tokens).toHaveLength(2);
    const [row] = await t.sql!<{ id: string; stored: string; sealed_links: string | null }>(
      `SELECT id::text AS id, concat_ws(' ', text, html, headers::text) AS stored, sealed_links
         FROM mail_outbox WHERE recipient = $1`,
      [email],
    );
    expect(row!.sealed_links).not.toBeNull();
    for (const token of tokens) {
      expect(row!.stored).not.toContain(token);
      expect(row!.sealed_links).not.toContain(token);
    }
    // The link tables hold only hashes of them, as docs/subscriptions.md says.
    const dump = JSON.stringify([
      ...(await t.sql!('SELECT * FROM subscriber_links')),
      ...(await t.sql!('SELECT * FROM signup_confirmations')),
    ]);
    for (const token of tokens) expect(dump).not.toContain(token);
    // Sent: the seal goes.
    await t.sql!("UPDATE mail_outbox SET status = 'sent', sent_at = now() WHERE id = $1::bigint", [row!.id]);
    const [after] = await t.sql!<{ sealed_links: string | null }>(
      'SELECT sealed_links FROM mail_outbox WHERE id = $1::bigint',
      [row!.id],
    );
    expect(after!.sealed_links).toBeNull();
  });

  it('the Mail view shows no token, not even in a row stored with one before this change', async () => {
    const live = 'A'.repeat(20) + 'b'.repeat(23);
    await t.sql!(
      `INSERT INTO mail_outbox (kind, recipient, subject, text)
       VALUES ('signup-confirmation', 'old@example.com', 'Confirm', $1)`,
      [`Confirm: https://example.org/api/subscriptions/confirm?token=${live}\n`],
    );
    const page = await readMailPage(getDb(), {});
    const texts = page.rows.map((r) => r.text).join('\n');
    expect(texts).toContain('/api/subscriptions/confirm?token=…');
    expect(texts).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
  });
});
