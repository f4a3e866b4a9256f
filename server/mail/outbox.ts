// The outbox: how any part of the site sends an e-mail (docs/mail.md, "How to use the outbox").
//   await db.transaction(async (tx) => {
//     await tx.query('INSERT INTO … the row that causes the mail …');
//     await enqueueMail(tx, { kind: 'owner-alert', to, subject, text, replyTo });
//   });
//   wakeSender(context.waitUntil);   // wake.ts, after the commit: deliver now, without making the request wait
// The mail is committed with the row or not at all; the sender delivers it later (README.md). This
// file imports nothing of the sender: the sender reads the outbox, never the other way round.
import type { Queryable } from '../db/client.ts';

/** A mailbox with an optional display name (nodemailer encodes the name; it never reaches a header raw). */
export interface MailAddress {
  name?: string;
  address: string;
}

export interface OutgoingMail {
  /** What the mail is (lower-case words joined by '-'): 'owner-alert', 'confirmation', 'announcement', … */
  kind: string;
  /** One plain address, never chosen by a request (docs/mail.md, "No open relay"). */
  to: string;
  subject: string;
  /** The plain-text part: always present. */
  text: string;
  /** The HTML part, if any (templates/render.ts gives both). */
  html?: string;
  replyTo?: MailAddress;
  /** List-Unsubscribe / List-Unsubscribe-Post (RFC 2369, RFC 8058) and other plain headers. */
  headers?: Record<string, string>;
  /** A second enqueue with the same key does nothing (e.g. `announcement:<id>:<address>`). */
  dedupeKey?: string;
}

/**
 * Stands for a reader's own token in a body stored once for many recipients (an announcement's,
 * migration 008): each such outbox row keeps only its `recipient_token`, and the sender's claim
 * puts it in place of this (claim.ts). It has a token's shape (43 URL-safe characters), so a link
 * built around it is the link the reader gets.
 */
export const RECIPIENT_TOKEN_PLACEHOLDER = 'RTxANNOUNCEMENTxTOKENxPLACEHOLDERxxxxxxxxxx';

/** The headers a caller may add; anything else (From, To, Subject, Bcc, …) is ours to set. */
export const EXTRA_HEADERS = [
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Id',
  'Auto-Submitted',
  'Precedence',
] as const;

/** A mail that cannot be queued as given: a bug of the caller, never user input passing through. */
export class MailShapeError extends Error {
  override name = 'MailShapeError';
}

// One address and nothing else: no spaces, commas, quotes or angle brackets, so it can never
// become a second recipient or a display name (the same rule as migration 004's CHECK).
const PLAIN_ADDRESS = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;

export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && PLAIN_ADDRESS.test(value);
}

/**
 * One line: control characters (CR, LF, tabs, NUL, …) and Unicode line/paragraph separators become
 * spaces, runs of spaces one. What a reader typed can then never start a header of its own.
 */
export function headerText(value: string, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ');
  return [...flat.trim()].slice(0, max).join('');
}

function checked(mail: OutgoingMail): { headers: Record<string, string | MailAddress> } {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(mail.kind)) throw new MailShapeError(`kind ${JSON.stringify(mail.kind)}`);
  if (!isPlainAddress(mail.to)) throw new MailShapeError('to: one plain address');
  if (!mail.text) throw new MailShapeError('text: the plain-text part is required');
  const headers: Record<string, string | MailAddress> = {};
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    const allowed = EXTRA_HEADERS.find((h) => h.toLowerCase() === name.toLowerCase());
    if (!allowed) throw new MailShapeError(`header ${name} is not one a caller may set`);
    headers[allowed] = headerText(value, 2000);
  }
  if (mail.replyTo) {
    if (!isPlainAddress(mail.replyTo.address)) throw new MailShapeError('replyTo: one plain address');
    const name = mail.replyTo.name === undefined ? '' : headerText(mail.replyTo.name, 100);
    headers['Reply-To'] = name ? { name, address: mail.replyTo.address } : { address: mail.replyTo.address };
  }
  return { headers };
}

/** Whether this process queued mail since the last wake (wake.ts), so a wake after no mail costs nothing. */
let queuedSinceWake = false;

/** Whether mail was queued since the last call (wake.ts asks, then wakes the sender or not). */
export function takeQueuedSinceWake(): boolean {
  const queued = queuedSinceWake;
  queuedSinceWake = false;
  return queued;
}

/**
 * Queues `mail` on `tx` (the transaction of the row that caused it). Returns the outbox id, or
 * null when `dedupeKey` was already queued. Subject and header values are made one line here.
 */
export async function enqueueMail(tx: Queryable, mail: OutgoingMail): Promise<string | null> {
  const { headers } = checked(mail);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO mail_outbox (kind, recipient, subject, text, html, headers, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [
      mail.kind,
      mail.to,
      headerText(mail.subject) || '(no subject)',
      mail.text,
      mail.html ?? null,
      JSON.stringify(headers),
      mail.dedupeKey ?? null,
    ],
  );
  queuedSinceWake = true;
  return rows[0]?.id ?? null;
}
