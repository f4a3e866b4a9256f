// The third audit's item 9 (docs/threat-model.md): a confirmation e-mail that never went (no mail
// transport, a relay that keeps failing) must not keep a stranger's address and a live link in the
// outbox for ever. The daily housekeeping drops it once its link has expired, and with its sign-up
// when the 30-day purge takes that; a fresh one stays. Real handlers on PGlite, no SMTP_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../server/db/client.ts';
import { purgeSubscriptions } from '../../server/subscriptions/housekeeping.ts';
import { freshIp, tag } from './form-suite.ts';
import { subscriptionHandlersOnPglite, type SubscriptionTarget } from './subscription-targets.ts';

let t: SubscriptionTarget;
beforeAll(async () => {
  t = await subscriptionHandlersOnPglite();
}, 60_000);
afterAll(async () => t?.finish());

const signUp = (email: string) =>
  t.send('/api/signups', {
    method: 'POST',
    ip: freshIp(),
    headers: { 'Content-Type': 'application/json', Origin: t.origin },
    body: JSON.stringify({ email, signup_type: 'Updates', source_page: '/' }),
  });

const queued = async (email: string) =>
  (await t.sql!<{ status: string }>('SELECT status FROM mail_outbox WHERE lower(recipient) = $1', [email])).map(
    (r) => r.status,
  );

describe('unsent confirmation e-mails (third audit, item 9)', () => {
  it('go once their link expired, or with their purged sign-up; a fresh one stays', async () => {
    const expired = `expired-${tag()}@example.com`;
    const abandoned = `abandoned-${tag()}@example.com`;
    const fresh = `fresh-${tag()}@example.com`;
    for (const email of [expired, abandoned, fresh]) expect((await signUp(email)).status).toBe(201);
    // No SMTP_URL: each waits in the outbox.
    for (const email of [expired, abandoned, fresh]) expect(await queued(email)).toEqual(['queued']);
    await t.sql!(
      `UPDATE mail_outbox SET created_at = now() - interval '8 days', status = 'failed' WHERE recipient = $1`,
      [expired],
    );
    await t.sql!(`UPDATE email_signups SET submitted_at = now() - interval '31 days' WHERE email = $1`, [abandoned]);
    const purged = await purgeSubscriptions(getDb());
    expect(purged.unsentConfirmations).toBeGreaterThanOrEqual(2);
    expect(await queued(expired)).toEqual([]);
    expect(await queued(abandoned)).toEqual([]);
    expect(await queued(fresh)).toEqual(['queued']);
  });
});
