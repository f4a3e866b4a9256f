// The locale's formats for dates and counts, each made once on first use (constructing an Intl
// formatter is costly, and a table formats a date per row).

let shortDateTimeFormat: Intl.DateTimeFormat | undefined;
/** The locale's short date and time: "11/27/26, 2:15 PM" (a list's rows). */
export function shortDateTime(iso: string): string {
  shortDateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
  return shortDateTimeFormat.format(new Date(iso));
}

let dateTimeFormat: Intl.DateTimeFormat | undefined;
/** The locale's medium date with the time: "Nov 27, 2026, 2:15 PM". */
export function dateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(new Date(iso));
}

let numberFormat: Intl.NumberFormat | undefined;
/** A count with the locale's digit grouping. */
export function count(n: number): string {
  numberFormat ??= new Intl.NumberFormat();
  return numberFormat.format(n);
}
