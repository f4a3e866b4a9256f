// CSV as RFC 4180 says, made safe to open in a spreadsheet:
// - a value with a comma, a double quote, CR or LF is quoted, inner quotes doubled;
// - rows end with CRLF;
// - text that a spreadsheet would run as a formula (starting with = + - @, tab or CR, or their
//   full-width forms) is prefixed with an apostrophe, so it shows as text (OWASP "CSV injection");
//   so is such a start right after a `;` or `,` inside a cell, because a spreadsheet in a locale
//   whose separator is `;` splits the cell there and may run the second part;
// - files start with a UTF-8 byte order mark, so spreadsheets read non-ASCII names correctly.

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const FORMULA_START = new RegExp(`^${FORMULA}`);
const FORMULA_AFTER_SEPARATOR = new RegExp(`([;,])(?=${FORMULA})`, 'g');
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell. `null`/`undefined` is an empty cell; numbers are written as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  const text = FORMULA_START.test(inner) ? `'${inner}` : inner;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}

/**
 * Reads CSV text back into records (RFC 4180, as written above). For tests and tools; a leading
 * byte order mark is skipped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || record.length) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
