// The collector's per-client limit (READERSHIP_RATE_LIMIT), kept in memory: a view must not cost a
// database round trip before it is even counted, and under `npm start` one process sees every
// client. On Netlify each warm instance keeps its own count and the function's config.rateLimit
// bounds the whole (netlify/functions/readership-view.ts). What gets through from one client is
// capped again per visitor and day by the rollup (rollup.ts: VISITOR_DAILY_CAP), visibly.
import { clientKey, type RateLimit } from '../rate-limit.ts';

const windows = new Map<string, { start: number; hits: number }>();
let refused = 0;
let lastSweep = 0;

/** Counts one request of `ip`; false when it is over the limit (null: no limit). */
export function allowView(ip: string, limit: RateLimit | null, now = Date.now()): boolean {
  if (!limit) return true;
  const span = limit.windowSeconds * 1000;
  const start = now - (now % span);
  if (now - lastSweep > span) {
    // Forget finished windows, so the map holds only the clients of the current one.
    for (const [key, w] of windows) if (w.start < start) windows.delete(key);
    lastSweep = now;
  }
  const key = clientKey(ip);
  const w = windows.get(key);
  if (!w || w.start !== start) {
    windows.set(key, { start, hits: 1 });
    return true;
  }
  w.hits++;
  if (w.hits <= limit.max) return true;
  refused++;
  return false;
}

/** Requests refused by the limit since this process started (shown in the dashboard's real-time panel). */
export function refusedViews(): number {
  return refused;
}
