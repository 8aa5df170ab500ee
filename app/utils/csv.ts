/**
 * Comma-separated values as RFC 4180 writes them (CRLF between records, a field quoted when it holds a
 * comma, a double quote or a line break, quotes inside doubled), for files an admin opens in a
 * spreadsheet. Text that a spreadsheet would run as a formula (OWASP "CSV injection") is defused.
 */
export type CsvValue = string | number | null;

/** A text field starting with one of these is read as a formula by Excel, LibreOffice and Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. Numbers are written as they are (a negative number stays a number); text that would start
 * a formula gets a leading apostrophe, which spreadsheets show as text and never evaluate. Null is empty.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) || text !== value ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header record, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  for (const row of rows) {
    if (row.length !== header.length) throw new Error(`A row has ${row.length} fields, the header ${header.length}`);
  }
  return [header, ...rows].map((record) => `${record.map(csvField).join(",")}\r\n`).join("");
}
