// Draining a large outbox on Netlify (docs/announcements.md, "On Netlify"). The scheduled
// `mail-drain` runs every minute for at most 20 s (a scheduled function's limit is 30 s), which
// delivers at a third of MAIL_RATE. When due mail is left after its 20 s, it starts
// `mail-drain-background` (a background function: 15 minutes), which drains in a loop at MAIL_RATE
// until nothing is due or its time is nearly up; the next minute's drain starts another if needed.
// One background run at a time (a lease row, migration 008), and the scheduled drain stands aside
// while it runs, so mail leaves at MAIL_RATE, not at a multiple of it. Every row still goes
// through the outbox's claim and lease (claim.ts): a run cut off by its time limit loses nothing.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { secondsUntilDue } from './claim.ts';
import type { SenderConfig } from './config.ts';
import { drainOutbox, type DrainResult } from './drain.ts';

const LEASE = 'background';
/** A background function's limit on Netlify. */
export const BACKGROUND_LIMIT_SECONDS = 15 * 60;
/** Stop claiming here: the last sends (at most ~50 s each by the transport's timeouts) fit before the limit. */
export const BACKGROUND_DRAIN_SECONDS = 13 * 60;
/** The scheduled drain's share of its 30 s limit. */
export const SCHEDULED_DRAIN_SECONDS = 20;
/** Where a running Netlify site answers the background function (no config.path: Netlify's own route). */
export const BACKGROUND_PATH = '/.netlify/functions/mail-drain-background';

/** Takes the background lease (until the function's limit has surely passed); null when another run holds it. */
export async function takeDrainLease(db: Queryable): Promise<string | null> {
  const holder = randomUUID();
  const { rows } = await db.query<{ holder: string }>(
    `INSERT INTO mail_drain_leases (name, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE mail_drain_leases.expires_at < now()
     RETURNING holder::text`,
    [LEASE, holder, BACKGROUND_LIMIT_SECONDS + 60],
  );
  return rows[0]?.holder === holder ? holder : null;
}

export async function releaseDrainLease(db: Queryable, holder: string): Promise<void> {
  await db.query(`DELETE FROM mail_drain_leases WHERE name = $1 AND holder = $2::uuid`, [LEASE, holder]);
}

/** Whether a background run holds the lease now. */
export async function backgroundDrainRunning(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM mail_drain_leases WHERE name = $1 AND expires_at > now()`, [LEASE]);
  return rows.length > 0;
}

export type BackgroundResult = DrainResult & { ran: boolean };

/**
 * The background run: drains until nothing is due soon (a retry due within the time left is
 * waited for) or `deadline`. Does nothing when another run holds the lease.
 */
export async function drainInBackground(
  db: Queryable,
  config: SenderConfig,
  deadline = Date.now() + BACKGROUND_DRAIN_SECONDS * 1000,
): Promise<BackgroundResult> {
  const total: BackgroundResult = { ran: false, sent: 0, retry: 0, failed: 0, held: 0 };
  const holder = await takeDrainLease(db);
  if (!holder) return total;
  total.ran = true;
  try {
    while (Date.now() < deadline) {
      const pass = await drainOutbox(db, config, deadline);
      total.sent += pass.sent;
      total.retry += pass.retry;
      total.failed += pass.failed;
      total.held += pass.held;
      const wait = await secondsUntilDue(db);
      // Nothing waits, or the next retry falls after this run: the scheduled drain takes it from here.
      if (wait === null || Date.now() + wait * 1000 >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait * 1000, 200)));
    }
  } finally {
    await releaseDrainLease(db, holder);
  }
  return total;
}

export type ScheduledResult = DrainResult & { skipped: boolean; backgroundStarted: boolean };

/**
 * The scheduled drain: stands aside while a background run delivers; otherwise drains for
 * `windowMs` and, when due mail is left, starts a background run through `start` (a POST to
 * BACKGROUND_PATH, which Netlify answers 202 at once).
 */
export async function scheduledDrain(
  db: Queryable,
  config: SenderConfig,
  start: () => Promise<void>,
  windowMs = SCHEDULED_DRAIN_SECONDS * 1000,
): Promise<ScheduledResult> {
  if (await backgroundDrainRunning(db)) {
    return { skipped: true, backgroundStarted: false, sent: 0, retry: 0, failed: 0, held: 0 };
  }
  const result = await drainOutbox(db, config, Date.now() + windowMs);
  const wait = await secondsUntilDue(db);
  const backlog = wait !== null && wait <= 0;
  if (backlog) await start();
  return { ...result, skipped: false, backgroundStarted: backlog };
}

/** Starts the background run on the site at `origin` (a failed start is logged; the next minute tries again). */
export async function startBackgroundDrain(origin: string): Promise<void> {
  try {
    const res = await fetch(`${origin}${BACKGROUND_PATH}`, { method: 'POST', signal: AbortSignal.timeout(5000) });
    if (res.status !== 202) console.error(`mail: the background drain answered ${res.status}`);
  } catch (err) {
    console.error(
      `mail: the background drain could not be started: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
