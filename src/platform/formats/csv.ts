/**
 * CSV for lead exports and inventory feeds: RFC 4180 quoting, plus a defence against formula injection. A cell with a
 * semicolon is quoted too: Excel in locales whose list separator is ';' (most of Europe, and any
 * machine set up so) splits unquoted cells there, shifting every column after it. Dealers open
 * exports in Excel or Google Sheets, which run a cell starting with = + - @ (or a tab or carriage
 * return before one) as a formula; a shopper could type `=HYPERLINK("https://evil…")` as their
 * name. Such cells get a leading apostrophe, which spreadsheets show as text and hide.
 *
 * `csvCell('=1+1')` is `'=1+1`; `csvCell('say "hi", ok')` is `"say ""hi"", ok"`; `csvCell('a;b')` is `"a;b"`.
 */

/** A value a cell can hold; null and undefined are empty cells, objects become JSON. */
export type CsvValue = string | number | boolean | null | undefined | Date | Record<string, unknown> | unknown[];

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",;\r\n]/;

function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * One cell. Every cell goes through the formula check, numbers included: a negative number
 * gains an apostrophe too, which keeps the rule simple enough to trust.
 */
export function csvCell(value: CsvValue): string {
  let text = cellText(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole file: header then rows. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}
