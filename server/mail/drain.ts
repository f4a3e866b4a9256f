// The drain: delivers due mail until none is due or a deadline passes. Every way the site sends
// runs it: `npm start`'s runner (runner.ts), a function's try after its commit (wake.ts), and
// Netlify's scheduled and background drains (background.ts).
import type { Queryable } from '../db/client.ts';
import { claimDue, LEASE_SECONDS } from './claim.ts';
import type { SenderConfig } from './config.ts';
import { deliverRow } from './deliver.ts';
import { SENDER_CONNECTIONS } from './transport.ts';

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
  await Promise.all(Array.from({ length: config.concurrency ?? SENDER_CONNECTIONS }, worker));
  return result;
}
