// Who may make the site send a confirmation e-mail, and how often (docs/threat-model.md, third
// audit, items 2 and 4). Three caps, all taken in the sign-up's own transaction:
//   - per mailbox: MAILBOX_CAP e-mails a day to one mailbox, plus-tags and letter case folded
//     (victim+1@, Victim+2@ are one inbox), whatever the list: no inbox can be flooded, and
//     toggling a list on and off stops after a few e-mails (the re-subscribe cooldown);
//   - per client: a client address's share of the hourly cap (clientShare), so one client's burst
//     spends its own share, never every reader's;
//   - site-wide: SIGNUP_CONFIRMATION_MAIL_LIMIT an hour, which protects the mail provider.
// A refused cap undoes the counts already taken, so a refusal costs nobody a slot.
import type { Queryable } from '../db/client.ts';

/** E-mails one mailbox may be sent a day (a reader on three lists who asks twice fits). */
export const MAILBOX_CAP = 6;

/** One client's share of the hourly cap: a tenth, but never under 10 (a household, an office). */
export function clientShare(hourlyLimit: number): number {
  return Math.min(hourlyLimit, Math.max(10, Math.ceil(hourlyLimit / 10)));
}

/** The mailbox an address delivers to: lower case, without a `+tag` in its local part. */
export function foldMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${lower.slice(at)}`;
}

export type CapSpent = 'mailbox' | 'client' | 'site';

async function takeCount(tx: Queryable, scope: 'client' | 'mailbox', key: string, max: number): Promise<boolean> {
  const unit = scope === 'client' ? 'hour' : 'day';
  const { rows } = await tx.query(
    `INSERT INTO confirmation_mail_counts AS c (scope, key_hash, window_start, queued)
     VALUES ($1, ${scope === 'mailbox' ? 'subscriber_hash($2)' : '$2'}, date_trunc('${unit}', now()), 1)
     ON CONFLICT (scope, key_hash, window_start) DO UPDATE SET queued = c.queued + 1 WHERE c.queued < $3
     RETURNING queued`,
    [scope, key, max],
  );
  return rows.length === 1;
}

async function giveBack(tx: Queryable, scope: 'client' | 'mailbox', key: string): Promise<void> {
  const unit = scope === 'client' ? 'hour' : 'day';
  await tx.query(
    `UPDATE confirmation_mail_counts SET queued = queued - 1
     WHERE scope = $1 AND key_hash = ${scope === 'mailbox' ? 'subscriber_hash($2)' : '$2'}
       AND window_start = date_trunc('${unit}', now()) AND queued > 0`,
    [scope, key],
  );
}

/**
 * The site-wide slot: one of this clock hour's confirmation e-mails, atomically (the upsert locks
 * the hour's row, so concurrent sign-ups never pass the cap together).
 */
async function takeSiteSlot(tx: Queryable, limit: number): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO confirmation_mail_hours AS h (hour, queued) VALUES (date_trunc('hour', now()), 1)
     ON CONFLICT (hour) DO UPDATE SET queued = h.queued + 1 WHERE h.queued < $1
     RETURNING queued`,
    [limit],
  );
  return rows.length === 1;
}

/**
 * Takes one confirmation e-mail for `email`, asked by `client` (its keyed hash), under the hourly
 * `limit`: undefined when it may be queued, else the cap that is spent.
 */
export async function takeConfirmationMail(
  tx: Queryable,
  { email, client, limit }: { email: string; client: string; limit: number },
): Promise<CapSpent | undefined> {
  const mailbox = foldMailbox(email);
  if (!(await takeCount(tx, 'mailbox', mailbox, MAILBOX_CAP))) return 'mailbox';
  if (!(await takeCount(tx, 'client', client, clientShare(limit)))) {
    await giveBack(tx, 'mailbox', mailbox);
    return 'client';
  }
  if (!(await takeSiteSlot(tx, limit))) {
    await giveBack(tx, 'mailbox', mailbox);
    await giveBack(tx, 'client', client);
    return 'site';
  }
  return undefined;
}
