// The Published date: edited with Keystatic's own date (or date-and-time) box, written to the
// front-matter the way the guide and the schema write it, not as Keystatic's datetime does
// (2025-08-23T00:00:00.000Z): a day as 2025-08-23, a set time as 2025-08-23 09:00 (site time zone).
// So existing files do not change when saved, and scheduling a time is a one-line change. The
// entries list shows it in words (23 Aug 2025, or 2 Mar 2026, 09:00).
import { fields } from '@keystatic/core';
import type { BasicFormField, FormFieldStoredValue } from '@keystatic/core';
import type { DateRule } from '../src/content-fields.ts';

const DAY = /^(\d{4}-\d{2}-\d{2})$/;
const MOMENT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::00(?:\.000)?Z?)?$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** js-yaml writes a Date as its toISOString(), unquoted: the trick Keystatic's own date field uses. */
function asWritten(text: string): Date {
  const date = new Date(0);
  date.toISOString = () => text;
  date.toString = () => text;
  date.toJSON = () => text;
  return date;
}

/** "2025-08-23T09:00" → "23 Aug 2025, 09:00"; a day alone without the time. */
export function inWords(value: string | null): string {
  if (!value) return 'No date yet';
  const [, day, time] = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(value) ?? [];
  if (!day) return value;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const words = `${d} ${MONTHS[m - 1] ?? ''} ${y}`;
  return time && time !== '00:00' ? `${words}, ${time}` : words;
}

export function publicationField(
  { label, help, withTime }: DateRule,
  isRequired: boolean,
): BasicFormField<string | null, string | null, string> {
  const box = withTime
    ? fields.datetime({ label, description: help, validation: { isRequired } })
    : fields.date({ label, description: help, validation: { isRequired } });
  /** The box's value: YYYY-MM-DDTHH:MM with a time, YYYY-MM-DD without. */
  const parse = (stored: FormFieldStoredValue): string | null => {
    if (stored === undefined || stored === null) return null;
    const text = stored instanceof Date ? stored.toISOString() : stored;
    if (typeof text !== 'string') throw new TypeError(`${label}: write the date as YYYY-MM-DD`);
    const moment = MOMENT.exec(text) ?? (DAY.test(text) ? [text, text, '00:00'] : null);
    if (!moment) throw new TypeError(`${label}: write the date as YYYY-MM-DD, or YYYY-MM-DD HH:MM`);
    return withTime ? `${moment[1]}T${moment[2]}` : moment[1];
  };
  const validate = (value: string | null) => box.validate(value);
  return {
    kind: 'form',
    label,
    Input: (props) => <box.Input {...props} />,
    defaultValue: () => null,
    parse,
    validate,
    serialize(value) {
      if (value === null) return { value: undefined };
      const [day, time] = value.split('T') as [string, string | undefined];
      return { value: asWritten(!time || time === '00:00' ? day : `${day} ${time}`) };
    },
    // What the entries list shows (and all it is used for here: the site reads the files itself).
    reader: { parse: (stored) => inWords(parse(stored)) },
  };
}
