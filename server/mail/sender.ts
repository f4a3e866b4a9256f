// The sender: delivers the outbox (outbox.ts) over SMTP with nodemailer.
//   claim    one UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING (the site's own
//            mail first, then announcements' copies): a single statement, so it is atomic on every
//            backend (PGlite, `pg`, Neon's HTTP driver) and two senders never claim one row. The claim is a lease (next_attempt_at): a sender that
//            dies mid-send leaves the row 'sending', and once the lease has passed it is due again.
//   deliver  outside any transaction; the result is recorded only while the claim is still ours.
//   results  accepted → sent; 4xx, connection or authentication errors → queued again with
//            back-off; 5xx → failed (the dashboard shows it and can queue it again).
// Delivery is at least once: a crash between the server's "250 OK" and our UPDATE resends that
// one mail; its Message-ID stays the same so a mailbox can recognise it (docs/mail.md).
import { createTransport, type Transporter } from 'nodemailer';
import { randomUUID } from 'node:crypto';
import { getDb, type Db, type Queryable } from '../db/client.ts';
import { mailFrom, mailRate, mailRetrySeconds, smtpSettings, type Mailbox, type SmtpSettings } from '../settings.ts';
import { RECIPIENT_TOKEN_PLACEHOLDER, type MailAddress } from './outbox.ts';
import { unsealLinks } from './sealed-links.ts';
import { LINK_DAYS } from '../subscriptions/links.ts';

export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string | MailAddress>;
  attempts: number;
  claim: string;
  message_uuid: string;
  /**
   * An announcement's copy the claim held back at send time (its announcement paused or cancelled,
   * its reader gone or bounced): the claim already recorded it; nothing is sent. null: send it.
   */
  hold: 'paused' | 'cancelled' | 'skipped' | null;
}

export interface SenderConfig {
  transport: Transporter;
  from: Mailbox;
  /** First retry delay; each next one doubles, up to MAX_RETRY_SECONDS. */
  retrySeconds: number;
  /** Rows claimed and sent at once (the transport's connections). */
  concurrency?: number;
  /** How long a claim holds: longer than the slowest send the timeouts below allow. */
  leaseSeconds?: number;
  /** At most this many mails a second (MAIL_RATE); unset: as fast as the server takes them. */
  rate?: number;
}

export const MAX_RETRY_SECONDS = 3600;
/** Temporary failures in a row before a mail is marked failed: about two days with the default back-off. */
export const MAX_ATTEMPTS = 48;
/** Connect 10 s + greeting 10 s + a send's socket idle 30 s stay well inside it. */
export const LEASE_SECONDS = 120;
const CONCURRENCY = 3;

/** A fresh preferences token in SQL: 256 random bits, base64url, 43 characters (as tokens.ts makes them). */
const SQL_TOKEN = `translate(rtrim(encode(decode(
    replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')`;

/**
 * Claims up to `limit` due rows for `leaseSeconds`, the site's own mail (an owner alert, a
 * confirmation) before announcements' copies: a reader's confirmation never waits behind a send to
 * 100,000 readers. An announcement's copy (migration 008) is checked here, at send time, in the
 * same statement: its announcement paused (the row waits again), cancelled (it is cancelled), or
 * its reader no longer a confirmed subscriber of those lists or bounced since it was queued (it is
 * skipped: an address that unsubscribes mid-send gets nothing more); such a row comes back with
 * its `hold` and is not sent. A copy that goes gets its reader's token on its first claim (kept,
 * so a copy sent again after a crash carries the same link), the token's SHA-256 in
 * subscriber_links (the subscription e-mails' table and lifetime; the link leaves the one list the
 * reader was on among the announcement's, or all of them: docs/announcements.md), and the
 * announcement's body with the token in place of the placeholder. One statement per claim.
 */
export async function claimDue(db: Queryable, limit: number, leaseSeconds = LEASE_SECONDS): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `WITH site AS (
       SELECT id FROM mail_outbox
        WHERE announcement_id IS NULL AND status IN ('queued', 'sending') AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     ), due AS (
       SELECT id FROM mail_outbox
        WHERE status IN ('queued', 'sending') AND next_attempt_at <= now() AND id NOT IN (SELECT id FROM site)
        ORDER BY next_attempt_at, id
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     ), picked AS (
       SELECT id FROM (SELECT id, 0 AS rank FROM site UNION ALL SELECT id, 1 FROM due) p ORDER BY rank LIMIT $3
     ), checked AS (
       SELECT x.id,
              CASE WHEN x.announcement_id IS NULL THEN NULL
                   WHEN a.status = 'paused' THEN 'paused'
                   WHEN a.status = 'cancelled' THEN 'cancelled'
                   WHEN l.n = 0 THEN 'skipped' END AS hold,
              CASE WHEN l.n = 1 THEN l.only_type END AS link_type
         FROM picked p JOIN mail_outbox x ON x.id = p.id
         LEFT JOIN announcements a ON a.id = x.announcement_id
         LEFT JOIN LATERAL (
           SELECT count(*) AS n, min(s.signup_type) AS only_type FROM email_signups s
            WHERE x.announcement_id IS NOT NULL AND s.email_hash = subscriber_hash(x.recipient)
              AND s.status = 'confirmed'
              AND s.signup_type = ANY(a.audience)
              AND NOT EXISTS (SELECT 1 FROM bounced_addresses b WHERE b.email_hash = s.email_hash)
         ) l ON x.announcement_id IS NOT NULL
     ), claimed AS (
       UPDATE mail_outbox o
          SET status = coalesce(k.hold, 'sending'),
              attempts = CASE WHEN k.hold IS NULL THEN o.attempts + 1 ELSE o.attempts END,
              claim = CASE WHEN k.hold IS NULL THEN $1::uuid END,
              next_attempt_at = CASE WHEN k.hold IS NULL THEN now() + make_interval(secs => $2)
                                     WHEN k.hold = 'paused' THEN '9999-12-31'::timestamptz
                                     ELSE o.next_attempt_at END,
              last_error = CASE WHEN k.hold = 'skipped'
                                THEN 'not sent: the reader unsubscribed or the address bounced after it was queued'
                                ELSE o.last_error END,
              recipient_token = CASE WHEN o.text IS NOT NULL THEN NULL
                                     WHEN k.hold IS NULL THEN coalesce(o.recipient_token, ${SQL_TOKEN})
                                     WHEN k.hold = 'paused' THEN o.recipient_token END
         FROM checked k
        WHERE o.id = k.id
        RETURNING o.id, o.kind, o.recipient, o.subject, o.text, o.html, o.headers, o.attempts, o.claim,
                  o.message_uuid, o.announcement_id, o.recipient_token, k.hold, k.link_type
     ), link AS (
       INSERT INTO subscriber_links (token_hash, email_hash, signup_type, expires_at)
       SELECT encode(sha256(convert_to(c.recipient_token, 'UTF8')), 'hex'), subscriber_hash(c.recipient),
              c.link_type, now() + make_interval(days => $5::integer)
         FROM claimed c
        WHERE c.hold IS NULL AND c.announcement_id IS NOT NULL AND c.recipient_token IS NOT NULL
       ON CONFLICT (token_hash) DO NOTHING
     )
     SELECT c.id, c.kind, c.recipient, c.subject, c.attempts, c.claim, c.message_uuid, c.hold,
            coalesce(c.text, replace(a.mail_text, $4, c.recipient_token)) AS text,
            CASE WHEN c.text IS NULL THEN replace(a.mail_html, $4, c.recipient_token) ELSE c.html END AS html,
            CASE WHEN c.text IS NULL THEN replace(a.mail_headers::text, $4, c.recipient_token)::jsonb
                 ELSE c.headers END AS headers
       FROM claimed c LEFT JOIN announcements a ON a.id = c.announcement_id`,
    [randomUUID(), leaseSeconds, limit, RECIPIENT_TOKEN_PLACEHOLDER, LINK_DAYS],
  );
  const claimed = rows.map((row) => ({
    ...row,
    headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as OutboxRow['headers']) : row.headers,
  }));
  return unsealLinks(db, claimed); // the sealed links go into the copy being sent (mail/sealed-links.ts)
}

export type Outcome = 'sent' | 'retry' | 'failed' | 'held';

/** What an error from nodemailer means for the mail: try again later, or never. */
export function classify(err: unknown): 'temporary' | 'permanent' {
  const e = err as { responseCode?: number; code?: string };
  // A bad login is the operator's to fix, not the mail's fault: keep the mail and retry.
  if (e.code === 'EAUTH') return 'temporary';
  if (typeof e.responseCode === 'number') return e.responseCode >= 500 ? 'permanent' : 'temporary';
  // No SMTP reply: a connection, DNS, TLS or timeout error. The mail may well go through later.
  return 'temporary';
}

/** The delay before attempt `attempts + 1`, with ±10% jitter so retries of many mails spread out. */
export function backoffSeconds(attempts: number, retrySeconds: number): number {
  const base = Math.min(retrySeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
  return base * (0.9 + Math.random() * 0.2);
}

function errorText(err: unknown): string {
  const e = err as { response?: string; message?: string };
  return String(e.response || e.message || err).slice(0, 1000);
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
    await config.transport.sendMail({
      from: config.from.name ? { name: config.from.name, address: config.from.address } : config.from.address,
      // Objects, never strings: nodemailer does not parse them, so nothing becomes a second recipient.
      to: { name: '', address: row.recipient },
      ...(replyTo && typeof replyTo === 'object'
        ? { replyTo: { name: replyTo.name ?? '', address: replyTo.address } }
        : {}),
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => typeof v === 'string')),
      messageId: `<${row.message_uuid}@${domainOf(config.from.address)}>`,
    });
    outcome = 'sent';
  } catch (err) {
    error = errorText(err);
    outcome = classify(err) === 'permanent' || row.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry';
  }
  if (outcome === 'sent') {
    await db.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), claim = NULL, recipient_token = NULL
        WHERE id = $1 AND claim = $2`,
      [row.id, row.claim],
    );
  } else if (outcome === 'retry') {
    await db.query(
      `UPDATE mail_outbox SET status = 'queued', claim = NULL, last_error = $3,
              next_attempt_at = now() + make_interval(secs => $4)
        WHERE id = $1 AND claim = $2`,
      [row.id, row.claim, error, backoffSeconds(row.attempts, config.retrySeconds)],
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

export interface DrainResult {
  sent: number;
  retry: number;
  failed: number;
  held: number;
}

/**
 * Delivers due mail until none is due or `deadline` (ms since the epoch) has passed: `concurrency`
 * workers (one per pooled connection), each claiming one row at a time, so a slow message holds up
 * only its own worker and a claim never outlives its lease however many rows wait.
 */
export async function drainOutbox(db: Queryable, config: SenderConfig, deadline = Infinity): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retry: 0, failed: 0, held: 0 };
  // MAIL_RATE: the n-th mail of this drain leaves no earlier than start + n / rate (shared by the workers).
  const started = Date.now();
  let attempted = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      if (config.rate) {
        const wait = started + (attempted * 1000) / config.rate - Date.now();
        if (wait > 0) {
          if (Date.now() + wait >= deadline) return;
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
      const [row] = await claimDue(db, 1, config.leaseSeconds ?? LEASE_SECONDS);
      if (!row) return;
      const outcome = await deliverRow(db, config, row);
      result[outcome]++;
      if (outcome !== 'held') attempted++;
    }
  };
  await Promise.all(Array.from({ length: config.concurrency ?? CONCURRENCY }, worker));
  return result;
}

/** Seconds until the next row is due (a retry or an expired lease), or null when nothing waits. */
export async function secondsUntilDue(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ wait: number | null }>(
    `SELECT extract(epoch FROM min(next_attempt_at) - now())::float8 AS wait
       FROM mail_outbox WHERE status IN ('queued', 'sending')`,
  );
  const wait = rows[0]?.wait;
  return wait === null || wait === undefined ? null : Math.max(0, Number(wait));
}

/**
 * Makes every 'sending' row due now. Only for the embedded database: its lock file means no other
 * process can be sending, so any such row was left by this server's previous life (a crash).
 */
export async function releaseAbandonedClaims(db: Db): Promise<number> {
  if (db.kind !== 'pglite') return 0;
  const { rows } = await db.query<{ id: string }>(
    `UPDATE mail_outbox SET status = 'queued', claim = NULL, next_attempt_at = now()
      WHERE status = 'sending' RETURNING id`,
  );
  return rows.length;
}

const transports = new Map<string, Transporter>();

/** One pooled transport per SMTP server for the life of the process (a warm function reuses it). */
export function smtpTransport(smtp: SmtpSettings): Transporter {
  const key = JSON.stringify(smtp);
  let transport = transports.get(key);
  if (!transport) {
    transport = createTransport({
      pool: true,
      maxConnections: CONCURRENCY,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.auth ? { auth: smtp.auth } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(key, transport);
  }
  return transport;
}

/** Closes every pooled connection (a scheduled function that is done, a server that stops). */
export function closeTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/** The sender's configuration from the environment, or null when SMTP_URL is not set. */
export function senderConfigFromEnv(): SenderConfig | null {
  const smtp = smtpSettings();
  if (!smtp) return null;
  return { transport: smtpTransport(smtp), from: mailFrom()!, retrySeconds: mailRetrySeconds(), rate: mailRate() };
}

/**
 * A function's one try right after its commit (outbox.ts, wakeSender): a few seconds at most, run
 * after the response through waitUntil. Whatever it leaves, the scheduled drain delivers.
 */
export async function deliverOnceAfterCommit(): Promise<void> {
  const config = senderConfigFromEnv();
  if (!config) return;
  await drainOutbox(getDb(), config, Date.now() + 8_000);
}

export interface RunningSender {
  /** Drain now (after a commit that queued mail). */
  wake: () => void;
  stop: () => Promise<void>;
}

/**
 * The long-lived server's sender: drains when woken, and otherwise sleeps until the next row is
 * due (a retry, an expired lease), at most a minute, so mail queued by another process is seen too.
 */
export function startSender(
  db: Db,
  config: SenderConfig,
  log: (message: string) => void = console.error,
): RunningSender {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const schedule = (seconds: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(wake, Math.min(Math.max(seconds, 0.2), 60) * 1000).unref();
  };

  const run = async () => {
    try {
      do {
        again = false;
        await drainOutbox(db, config);
      } while (again && !stopped);
      const wait = await secondsUntilDue(db);
      schedule(wait ?? 60);
    } catch (err) {
      log(`mail sender: ${err instanceof Error ? err.message : String(err)}; trying again in 5 s`);
      schedule(5);
    }
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    // A wake that lands after the last drain but before the run ends (while it looks up the next
    // due row) is not lost: the run ends, then drains once more.
    running = run().finally(() => {
      running = undefined;
      if (again) wake();
    });
  }

  wake();
  return {
    wake,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      config.transport.close();
    },
  };
}
