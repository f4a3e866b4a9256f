// The long-lived server's sender (`npm start`): drains when woken (wake.ts), and otherwise sleeps
// until the next row is due (a retry, an expired lease), at most a minute, so mail queued by
// another process on the same PostgreSQL is seen too.
import type { Db } from '../db/client.ts';
import { secondsUntilDue } from './claim.ts';
import type { SenderConfig } from './config.ts';
import { drainOutbox } from './drain.ts';

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
