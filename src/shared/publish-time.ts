/**
 * An article's publication moment. Front-matter's `publishedDate` is a wall-clock date, with an
 * optional time, on the site's calendar (SITE_TIME_ZONE): `2026-03-02` or `2026-03-02 09:00`. It is
 * kept as a Date whose UTC fields ARE that wall-clock reading (as YAML already reads a bare date),
 * so every page shows and sorts the day the editor wrote; `publishInstant` turns it into the real
 * moment it comes due.
 */

import { zoneOffset } from './zone-offset.ts';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

/** `2026-03-02` or `2026-03-02 09:00` (also with a T) as a wall-clock Date; undefined if malformed. */
export function parseWallClock(text: string): Date | undefined {
  const m = WALL_CLOCK.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map((part: string | undefined) => part ?? '0');
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
  // Date.UTC rolls 2026-02-30 over to March: refuse instead.
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59)
    return undefined;
  return date;
}

/**
 * The instant a wall-clock reading in `zone` stands for. A time the clocks skip (02:30 on the
 * spring-forward night) comes due an hour later, as a wall clock would show it; a time that
 * happens twice (the fall-back night) comes due the first time.
 */
export function publishInstant(wallClock: Date, zone: string): Date {
  const wall = wallClock.getTime();
  const day = 86_400_000;
  // The zone's offsets a day either side cover both readings around a daylight-saving change.
  const candidates = [wall - zoneOffset(wall - day, zone), wall - zoneOffset(wall + day, zone)];
  const exact = candidates.filter((at) => at + zoneOffset(at, zone) === wall);
  return new Date(exact.length ? Math.min(...exact) : Math.max(...candidates));
}

/** Whether the wall-clock reading carries a time of day other than midnight. */
export function hasTimeOfDay(wallClock: Date): boolean {
  return wallClock.getUTCHours() !== 0 || wallClock.getUTCMinutes() !== 0;
}

/**
 * The build's one "now": what it publishes and what it schedules are decided against it. Normally
 * the clock; SOURCE_DATE_EPOCH (the reproducible-builds convention: whole seconds since 1970 UTC)
 * sets it, so a build can be made as of another moment (the scheduled-publishing test builds "an
 * hour ago"). A scheduled rebuild must run without it: its point is the real moment.
 */
export function buildNow(env: Record<string, string | undefined>, clock: () => number = Date.now): Date {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  if (!epoch) return new Date(clock());
  if (!/^\d{1,12}$/.test(epoch))
    throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970-01-01 UTC, e.g. 1767225600; it is "${epoch}"`);
  return new Date(Number(epoch) * 1000);
}
