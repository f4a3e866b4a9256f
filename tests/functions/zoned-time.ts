// Calendar arithmetic for the insights tests, done with Intl (independently of the SQL under
// test): local dates in a time zone, the instant of a local wall-clock time (the site's own
// conversion, src/shared/publish-time.ts), and article titles read straight from the front matter.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { publishInstant } from '../../src/shared/publish-time.ts';

/** The `YYYY-MM-DD` date of `at` on the wall calendar of `zone`. */
export function localDate(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}

/** `date` (YYYY-MM-DD) moved by `n` calendar days. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The `n` calendar days ending with `last`, oldest first. */
export function calendarDays(last: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addDays(last, i - (n - 1)));
}

/** The instant the clocks of `zone` show `time` (HH:MM:SS) on `date` (an existing wall time). */
export function zonedTime(date: string, time: string, zone: string): Date {
  return publishInstant(new Date(`${date}T${time}Z`), zone);
}

/** The title an article's or story's front matter gives it. */
export function articleTitle(collection: 'articles' | 'stories', slug: string): string {
  const text = readFileSync(`src/content/${collection}/${slug}.mdx`, 'utf8');
  const front = /^---\n([\s\S]*?)\n---/.exec(text)![1]!;
  return (parse(front) as { title: string }).title;
}
