// Formats the insights' calendar dates (`YYYY-MM-DD`, already days of the site's time zone) in the
// reader's locale. They are read as UTC dates and shown in UTC, so the browser's own zone can
// never move one to the day before or after.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
    formats.set(key, f);
  }
  return f;
}

const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Nov 24, 2026" (the locale's medium date). */
export function calendarDate(date: string): string {
  return format({ dateStyle: 'medium' }).format(at(date));
}

/** "Nov 24" for an axis label, "Nov" for a month's first day on a long axis. */
export function axisDate(date: string, monthOnly: boolean): string {
  return format(monthOnly ? { month: 'short' } : { month: 'short', day: 'numeric' }).format(at(date));
}
