// The Readership table as CSV (RFC 4180), made in the browser from the numbers on screen. A cell
// that a spreadsheet would run as a formula (=, +, -, @, tab, return first) is prefixed with a
// quote: page paths and sources can come from strangers (docs/readership.md, "Bad input").
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
