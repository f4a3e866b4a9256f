import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
const root = mkdtempSync(join(tmpdir(), 'p23s-'));
mkdirSync(join(root, 'dist'));
writeFileSync(join(root, 'dist', 'announceable.json'), '[]');
process.env.ROOT_DIR = root;
const { pgliteDb } = await import('/work/wt-23s/server/db/pglite.ts');
const { migrate } = await import('/work/wt-23s/server/db/migrate.ts');
const { createDraft, sendAnnouncement } = await import('/work/wt-23s/server/announcements/store.ts');
const { drainOutbox, claimDue } = await import('/work/wt-23s/server/mail/sender.ts');
const db = await pgliteDb(join(root, 'pg'));
await migrate(db);
await db.query(`INSERT INTO email_signups (email, signup_type, source_page, status) SELECT 'r' || i || '@example.org', 'Updates', '/', 'confirmed' FROM generate_series(1, 10000) i`);
const d = await createDraft(db, { note: 'hello there', subject: 'S', audience: ['Updates'] });
let t = performance.now();
await sendAnnouncement(db, d.id, 'x');
console.log('queue', (performance.now() - t).toFixed(0), 'ms');
const transport = createTransport({ streamTransport: true });
t = performance.now();
const r = await drainOutbox(db, { transport, from: { address: 'a@example.org' }, retrySeconds: 60 }, Date.now() + 5000);
console.log('drain 5s', r, (r.sent / ((performance.now() - t) / 1000)).toFixed(0), '/s');
for (const [label, fn] of [
  ['claim', async () => claimDue(db, 1)],
] as const) { t = performance.now(); for (let i = 0; i < 100; i++) await fn(); console.log(label, ((performance.now() - t) / 100).toFixed(2), 'ms'); }
const ex = await db.query(`EXPLAIN ANALYZE SELECT id FROM mail_outbox WHERE status IN ('queued', 'sending') AND next_attempt_at <= now() ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
console.log(ex.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await db.close();
{
  const db2 = await pgliteDb(join(root, 'pg'));
  const rows = await claimDue(db2, 50);
  const { deliverRow } = await import('/work/wt-23s/server/mail/sender.ts');
  const nullTransport = { sendMail: async () => ({}) } as any;
  let t0 = performance.now();
  for (const row of rows.slice(0, 25)) await deliverRow(db2, { transport: nullTransport, from: { address: 'a@example.org' }, retrySeconds: 60 }, row);
  console.log('deliverRow with a null transport', ((performance.now() - t0) / 25).toFixed(2), 'ms');
  t0 = performance.now();
  for (const row of rows.slice(25, 50)) await transport.sendMail({ from: 'a@example.org', to: row.recipient, subject: row.subject, text: row.text, html: row.html! });
  console.log('streamTransport build', ((performance.now() - t0) / 25).toFixed(2), 'ms');
  const r2 = await claimDue(db2, 1);
  const ex = await db2.query(`EXPLAIN ANALYZE WITH target AS (
       SELECT o.id, o.recipient, o.recipient_token, a.status AS announcement_status, a.audience,
              subscriber_hash(o.recipient) AS email_hash
         FROM mail_outbox o JOIN announcements a ON a.id = o.announcement_id
        WHERE o.id = $1 AND o.claim = $2
     ), lists AS (
       SELECT count(*) AS n, min(s.signup_type) AS only_type
         FROM target t JOIN email_signups s
           ON s.email_hash = t.email_hash AND s.status = 'confirmed' AND s.signup_type = ANY(t.audience)
        WHERE NOT EXISTS (SELECT 1 FROM bounced_addresses b WHERE b.email_hash = t.email_hash)
     ) SELECT * FROM lists`, [r2[0]!.id, r2[0]!.claim]);
  console.log(ex.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
  await db2.close();
}
