import { stringify } from 'csv-stringify/sync';

/** The file's lines as csv-stringify writes them: formulas escaped, CRLF, breaks inside cells quoted. */
const CSV_OPTIONS = {
  escape_formulas: true,
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
} as const;

/** Lines of text cells as CSV (each with its CRLF); a cell a spreadsheet would read as a formula is escaped. */
export const csvLines = (lines: readonly (readonly string[])[]) =>
  stringify(
    lines.map((cells) => [...cells]),
    CSV_OPTIONS,
  );

/** One CSV line (its CRLF included) of text cells. */
export const csvLine = (cells: readonly string[]) => csvLines([cells]);
