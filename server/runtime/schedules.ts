// The scheduled functions under `npm start`: each netlify/functions module with a config.schedule
// runs here on that schedule, as Netlify runs it (cron, in UTC), and once when the server starts,
// so work written once (the handler) is done the same way on both. A run still going when the next
// is due is not started twice. The schedule is read by croner (docs/decisions.md, "Scheduled
// functions under npm start").
import { Cron } from 'croner';
import { makeContext, type ScheduledFunction } from './functions.ts';

export interface ScheduleOptions {
  /** The site's origin: the functions' context.site.url. */
  siteUrl: string;
  /**
   * Functions whose work a long-lived server does another way, by name, with that way: they are
   * not run (logged once at start).
   */
  doneInProcess?: Record<string, string>;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

export interface RunningSchedules {
  /** The functions that run, by name, with their next run. */
  next: () => Record<string, Date | null>;
  stop: () => void;
}

export function startSchedules(functions: ScheduledFunction[], options: ScheduleOptions): RunningSchedules {
  const { siteUrl, doneInProcess = {}, log = console.log, warn = console.error } = options;
  const jobs = new Map<string, Cron>();
  for (const fn of functions) {
    if (Object.hasOwn(doneInProcess, fn.name)) {
      log(`  ${fn.name} (${fn.schedule} on Netlify): ${doneInProcess[fn.name]}`);
      continue;
    }
    const run = async () => {
      // Netlify POSTs to a scheduled function; its body names the next run.
      const next = jobs.get(fn.name)?.nextRun()?.toISOString() ?? null;
      const req = new Request(new URL(`/.netlify/functions/${fn.name}`, siteUrl), {
        method: 'POST',
        body: JSON.stringify({ next_run: next }),
      });
      try {
        const res = await fn.handler(req, makeContext('127.0.0.1', {}, siteUrl));
        if (res.status >= 500) warn(`${fn.name} (scheduled) answered ${res.status}`);
      } catch (err) {
        warn(`${fn.name} (scheduled) failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    };
    jobs.set(fn.name, new Cron(fn.schedule, { timezone: 'Etc/UTC', protect: true, unref: true }, run));
    void run();
  }
  return {
    next: () => Object.fromEntries([...jobs].map(([name, job]) => [name, job.nextRun()])),
    stop: () => {
      for (const job of jobs.values()) job.stop();
    },
  };
}
