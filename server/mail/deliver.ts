// Delivery of one claimed row through the transport (transport.ts), outside any transaction, and
// its result, recorded only while the claim is still ours:
//   accepted → sent; a temporary failure (4xx, no reply, a failed login) → queued again with
//   back-off; a permanent one (5xx) or the last attempt → failed (the dashboard can queue it again).
// Delivery is at least once: a crash between the server's "250 OK" and our UPDATE resends that
// one mail; its Message-ID stays the same so a mailbox can recognise it (docs/mail.md).
import type { Queryable } from '../db/client.ts';
import type { OutboxRow } from './claim.ts';
import type { SenderConfig } from './config.ts';
import { DeliveryError } from './transport.ts';

export const MAX_RETRY_SECONDS = 3600;
/** Temporary failures in a row before a mail is marked failed: about two days with the default back-off. */
export const MAX_ATTEMPTS = 48;

export type Outcome = 'sent' | 'retry' | 'failed' | 'held';

/** The delay before attempt `attempts + 1`, with ±10% jitter so retries of many mails spread out. */
export function backoffSeconds(attempts: number, retrySeconds: number): number {
  const base = Math.min(retrySeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
  return base * (0.9 + Math.random() * 0.2);
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/** Sends one claimed row and records the outcome (only if the claim is still ours). */
export async function deliverRow(db: Queryable, config: SenderConfig, row: OutboxRow): Promise<Outcome> {
  if (row.hold) return 'held';
  if (!row.text) {
    // A shared body without its reader's token (never written so; migration 008's rows always have one).
    await db.query(
      `UPDATE mail_outbox SET status = 'failed', claim = NULL, last_error = $3 WHERE id = $1 AND claim = $2`,
      [row.id, row.claim, 'no body: the row has neither its own text nor a reader token for its announcement'],
    );
    return 'failed';
  }
  const { 'Reply-To': replyTo, ...headers } = row.headers;
  let outcome: Outcome;
  let error: string | null = null;
  try {
    await config.transport.send({
      from: config.from,
      to: row.recipient,
      ...(replyTo && typeof replyTo === 'object' ? { replyTo } : {}),
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      headers: Object.fromEntries(
        Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      messageId: `<${row.message_uuid}@${domainOf(config.from.address)}>`,
    });
    outcome = 'sent';
  } catch (err) {
    // Anything but a DeliveryError (a transport's own bug) is taken as temporary: the mail is kept.
    error = err instanceof Error ? err.message.slice(0, 1000) : String(err).slice(0, 1000);
    const permanent = err instanceof DeliveryError && err.permanent;
    outcome = permanent || row.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry';
  }
  if (outcome === 'sent') {
    await db.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), claim = NULL, recipient_token = NULL
        WHERE id = $1 AND claim = $2`,
      [row.id, row.claim],
    );
  } else if (outcome === 'retry') {
    // A cancel cannot withdraw a copy in flight (it may be delivered); when the attempt fails, an
    // announcement cancelled meanwhile takes it at once rather than at its next, backed-off claim.
    await db.query(
      `WITH gone AS (
         SELECT EXISTS (SELECT 1 FROM announcements a
                         WHERE a.id = $5::bigint AND a.status = 'cancelled') AS cancelled)
       UPDATE mail_outbox SET status = CASE WHEN gone.cancelled THEN 'cancelled' ELSE 'queued' END,
              claim = NULL, last_error = $3,
              recipient_token = CASE WHEN gone.cancelled THEN NULL ELSE recipient_token END,
              next_attempt_at = now() + make_interval(secs => $4)
         FROM gone
        WHERE id = $1 AND claim = $2`,
      [row.id, row.claim, error, backoffSeconds(row.attempts, config.retrySeconds), row.announcement_id],
    );
  } else {
    const why = row.attempts >= MAX_ATTEMPTS ? `gave up after ${row.attempts} attempts: ${error}` : error;
    if (row.kind === 'announcement' && row.attempts < MAX_ATTEMPTS) {
      // A hard bounce (5xx): that address gets no announcement again (docs/announcements.md).
      await db.query(
        `INSERT INTO bounced_addresses (email_hash, reply) VALUES (subscriber_hash($1), $2) ON CONFLICT DO NOTHING`,
        // Only the hash identifies the address (/privacy): a reply that quotes it keeps no copy.
        [row.recipient, error?.replace(/[^\s<>"',;:()[\]]+@[^\s<>"',;:()[\]]+/g, '…') ?? null],
      );
    }
    await db.query(
      `UPDATE mail_outbox SET status = 'failed', claim = NULL, last_error = $3 WHERE id = $1 AND claim = $2`,
      [row.id, row.claim, why],
    );
  }
  return outcome;
}
