import { stringify } from 'csv-stringify/sync';

/** The exports' lines as csv-stringify writes them: formulas escaped (`= + - @` …), CRLF, breaks inside cells quoted. */
const CSV_OPTIONS = {
  escape_formulas: true,
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
} as const;

/** One CSV line (its CRLF included) of text cells (the registrants' and the surveys' exports). */
export const csvLine = (cells: readonly string[]) => stringify([cells], CSV_OPTIONS);
