import {
  answerLabel,
  BASE_FORM_KEYS,
  EVENT_USER_STATUS_LABELS,
  PERSON_FORM_KEYS,
  type FormComponent,
  type FormioData,
} from '@studio/domain';
import { sql, type Expression, type RawBuilder } from 'kysely';
import { csvLine } from '../../../platform/http/csv.ts';
import { registrantProfile } from '../registrant-rows.ts';

/**
 * Characters a spreadsheet reads as the start of a formula (OWASP CSV injection): csv-stringify's
 * `escape_formulas` set, the full-width forms included, so the cells the database writes follow it.
 */
const FORMULA_CHARACTER = '[=+\\-@\\t\\r\uFF1D\uFF0B\uFF0D\uFF20]';
/** A cell holding one of these is quoted. */
const QUOTED = /[",\r\n]/;

/** One cell as csvLine writes it, in SQL (the same patterns: PostgreSQL's regular expressions read them alike). */
function csvCellSql(value: Expression<string>): RawBuilder<string> {
  const text = sql<string>`regexp_replace(${value}, ${`^(${FORMULA_CHARACTER})`}, ${"'\\1"})`;
  return sql<string>`case when ${text} ~ ${QUOTED.source} then '"' || replace(${text}, '"', '""') || '"' else ${text} end`;
}

/**
 * Cells as CSV. Most rows need neither rule in any cell: one match over the row's values
 * (joined by the unit separator, so each cell's start is the text's start or follows one) sends
 * them through joined by commas; only the others are escaped cell by cell.
 */
function csvRowSql(values: readonly Expression<string | null>[]): RawBuilder<string> {
  const cells = values.map((value) => sql<string>`coalesce(${value}, '')`);
  const anyRule = `(^|\\x1f)${FORMULA_CHARACTER}|${QUOTED.source}`;
  return sql<string>`case when concat_ws(chr(31), ${sql.join(cells)}) ~ ${anyRule}
    then ${sql.join(cells.map(csvCellSql), sql` || ',' || `)} else concat_ws(',', ${sql.join(cells)}) end`;
}

/** An instant as toISOString writes it. */
const isoSql = (instant: Expression<Date | null>) =>
  sql<string | null>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The export's registrant columns of a row of registrantRows, as CSV cells joined by the
 * database while it reads them (no row is turned into an object for them).
 */
export function exportCellsSql(): RawBuilder<string> {
  const status = sql<string>`case event_registrations.status ${sql.join(
    Object.entries(EVENT_USER_STATUS_LABELS).map(([status, label]) => sql`when ${status} then ${label}`),
    sql` `,
  )} end`;
  const people = [
    sql<string>`btrim(${registrantProfile('first_name')} || ' ' || ${registrantProfile('last_name')})`,
    sql<string>`users.email`,
    registrantProfile('company'),
    registrantProfile('title'),
  ];
  // The status labels and ISO instants never need either rule: they follow the people's cells as they are.
  const fixed = [
    status,
    isoSql(sql`event_registrations.registered_at`),
    isoSql(sql`event_registrations.checked_in_at`),
  ].map((cell) => sql<string>`coalesce(${cell}, '')`);
  return sql<string>`concat_ws(',', ${csvRowSql(people)}, ${sql.join(fixed)})`;
}

const ESCAPED_FORMULA = new RegExp(`^'${FORMULA_CHARACTER}`);

/** A quote an export put before a formula, taken off again when the file comes back. */
export const unescapeFormula = (text: string) => (ESCAPED_FORMULA.test(text) ? text.slice(1) : text);

const FIXED_COLUMNS = ['Name', 'Email', 'Company', 'Title', 'Status', 'Registered at', 'Checked in at'];

/** A header as the import reads it: case and spaces ignored ("Job title" is `job_title`). */
export const headerName = (header: string) => header.trim().toLowerCase().replace(/\s+/g, '_');
/** Headers the import reads as the person's or skips: no answer column is headed like one. */
const PERSON_HEADERS = [...FIXED_COLUMNS.map(headerName), ...BASE_FORM_KEYS, 'event_user_status'];

const answerText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : Array.isArray(value)
      ? value.map(answerText).join('; ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean); // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion

/** A registrant as the export reads them: their cells (exportCellsSql), their answers when the form asks. */
export interface ExportRow {
  cells: string;
  answers?: Record<string, unknown>;
}

/**
 * The form's fields the export adds after the registrant's columns, each headed by its label (by
 * "label (key)" when that label is taken already, so every column is named once). A field keyed
 * like the person's own (`company`, `title`) filled the profile the fixed Company and Title show,
 * so it is not repeated. The import reads these headers back.
 */
export function answerColumns(
  form: FormioData | null,
): { key: string; header: string; component: FormComponent }[] {
  const taken = new Set(PERSON_HEADERS);
  return (form?.components ?? [])
    .filter((component) => !(PERSON_FORM_KEYS as readonly string[]).includes(component.key))
    .map((component) => {
      const { key, label } = component;
      const header = taken.has(headerName(label)) ? `${label} (${key})` : label;
      taken.add(headerName(header));
      return { key, header, component };
    });
}

/** The export's columns: the registrant, then the form's answers (answerColumns), a choice by its label. */
export function exportColumns(form: FormioData | null) {
  const columns = answerColumns(form);
  return {
    header: csvLine([...FIXED_COLUMNS, ...columns.map((column) => column.header)]),
    /** Whether the lines need the registrants' answers. */
    answered: columns.length > 0,
    line: (row: ExportRow) =>
      columns.length === 0
        ? `${row.cells}\r\n`
        : `${row.cells},${csvLine(
            columns.map(({ key, component }) => answerText(answerLabel(component, row.answers?.[key]))),
          )}`,
  };
}
