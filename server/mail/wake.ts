// Waking the sender after a commit that queued mail (outbox.ts queues it; this delivers it soon):
// in `npm start` the in-process runner (runner.ts) has registered itself and is woken; in a
// Netlify function, given its waitUntil, one short drain runs after the response. Whatever this
// leaves, the next drain delivers (the runner's timer, or the scheduled mail-drain function).
import { getDb } from '../db/client.ts';
import { takeQueuedSinceWake } from './outbox.ts';

/** Senders in this process that want to hear of new mail (server/serve.ts registers its runner). */
const listeners = new Set<() => void>();

/** Registers a sender to wake after a commit; returns the unregistering function. */
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A function's one try right after its commit: a few seconds at most, run after the response
 * through waitUntil. Whatever it leaves, the scheduled drain delivers.
 */
export async function deliverOnceAfterCommit(): Promise<void> {
  // Loaded only here, so a function that queues no mail never loads nodemailer.
  const [{ senderConfigFromEnv }, { drainOutbox }] = await Promise.all([import('./config.ts'), import('./drain.ts')]);
  const config = senderConfigFromEnv();
  if (!config) return;
  await drainOutbox(getDb(), config, Date.now() + 8_000);
}

/**
 * Call after the transaction that queued mail has COMMITTED. With an in-process sender (`npm start`)
 * it wakes it; otherwise (a Netlify function) and given the function's `waitUntil`, it tries one
 * delivery after the response, never making the request wait on SMTP. The scheduled drain
 * (netlify/functions/mail-drain.ts) delivers whatever this does not. `force`: wake even though this
 * process queued nothing itself (a retry from the dashboard changed a row to queued).
 */
export function wakeSender(waitUntil?: (promise: Promise<unknown>) => void, options: { force?: boolean } = {}): void {
  if (!takeQueuedSinceWake() && !options.force) return;
  if (listeners.size) {
    for (const listener of listeners) listener();
    return;
  }
  if (waitUntil) {
    waitUntil(
      deliverOnceAfterCommit().catch((err: unknown) => console.error('mail: delivery after commit failed:', err)),
    );
  }
}
