const DISPLAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "August 4, 2025": the display form of a publication date (dates are UTC days). */
export function formatDate(date: Date): string {
  return DISPLAY.format(date);
}

/** "2025-08-04": the ISO day of a date. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
