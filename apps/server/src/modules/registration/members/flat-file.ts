import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  answersSchemaFor,
  EVENT_USER_STATUS_LABELS,
  EVENT_USER_STATUSES,
  FLAT_FILE_MAX_BYTES,
  FLAT_FILE_MAX_ROWS,
  optionValueOf,
  registrantListMessages as messages,
  type EventUserStatus,
  type FormioData,
} from '@studio/domain';
import { HttpError } from '../../../platform/http/errors.ts';
import { answerColumns, headerName, unescapeFormula } from './members-csv.ts';

export interface RowError {
  row: number;
  field: string | null;
  message: string;
}

/** A valid row of a flat file: the person, an optional status and the form's answers. */
export interface SheetRow {
  email: string;
  first_name: string;
  last_name: string;
  company?: string;
  title?: string;
  event_user_status?: EventUserStatus;
  answers: Record<string, unknown>;
}

/** The person's columns, by header (case and spaces ignored); the export's headers read back too. */
const PERSON_COLUMNS: Record<string, string> = {
  email: 'email',
  first_name: 'first_name',
  last_name: 'last_name',
  company: 'company',
  title: 'title',
  event_user_status: 'event_user_status',
  status: 'event_user_status',
  name: 'name',
};
/** The export's columns that an import ignores. */
const IGNORED_COLUMNS = new Set(['registered_at', 'checked_in_at']);

const LABEL_TO_STATUS = new Map<string, EventUserStatus>(
  EVENT_USER_STATUSES.flatMap((status) => [
    [status.toLowerCase(), status],
    [EVENT_USER_STATUS_LABELS[status].toLowerCase(), status],
  ]),
);

/** A CSV cell as a form answer of its component's type (checkboxes yes/no, multi-selects split on ;). */
function answerFromCell(form: FormioData, key: string, text: string): unknown {
  const component = form.components.find((candidate) => candidate.key === key);
  if (!component || text === '') return text;
  if (component.type === 'checkbox' || component.type === 'consent')
    return ['true', 'yes', '1', 'y', 'x'].includes(text.toLowerCase())
      ? true
      : ['false', 'no', '0', 'n'].includes(text.toLowerCase())
        ? false
        : text;
  // A choice is read by its option's value or label, a country by its code or name (the export writes labels).
  if (component.type === 'select' && component.multiple)
    return text
      .split(';')
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => optionValueOf(component, value));
  if (component.type === 'select' || component.type === 'radio' || component.type === 'country')
    return optionValueOf(component, text);
  return text;
}

export interface SheetCheck {
  rows: SheetRow[];
  errors: RowError[];
  totalRows: number;
}

/**
 * Reads a flat file (CSV, streamed through the parser) and checks each row: email, names, status,
 * the form's answers, an email repeated in the file. Cells are text: a formula is kept as its
 * text, never evaluated (and the quote an export put before one is taken off). A file with more
 * than FLAT_FILE_MAX_ROWS rows is refused whole.
 */
export async function checkSheet(file: Buffer, form: FormioData | null): Promise<SheetCheck> {
  if (file.length > FLAT_FILE_MAX_BYTES) throw new HttpError(413, 'FILE_TOO_LARGE', messages.fileTooLarge);
  const answersSchema = answersSchemaFor(form ?? { components: [] });
  // A form's answer is read under its key or under the export's header for it (its label).
  const formColumns = new Map<string, string>(
    answerColumns(form).map(({ key, header }) => [headerName(header), key]),
  );
  for (const component of form?.components ?? []) formColumns.set(component.key, component.key);
  const parser = Readable.from([file]).pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true }),
  );
  let header: string[] | undefined;
  const rows: SheetRow[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  let totalRows = 0;
  const report = (error: RowError) => {
    if (errors.length < FLAT_FILE_MAX_ROWS) errors.push(error);
  };
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const cells = record.map((cell) => unescapeFormula(cell.trim()));
      if (!header) {
        header = cells.map(headerName);
        if (!header.includes('email'))
          throw new HttpError(400, 'VALIDATION_ERROR', messages.emailColumnMissing);
        continue;
      }
      totalRows += 1;
      if (totalRows > FLAT_FILE_MAX_ROWS) throw new HttpError(413, 'TOO_MANY_ROWS', messages.tooManyRows);
      const line = info.lines;
      const person: Record<string, string> = {};
      const answers: Record<string, unknown> = {};
      header.forEach((column, index) => {
        const text = cells[index] ?? '';
        const field = PERSON_COLUMNS[column];
        if (field) person[field] = text;
        // A form field keyed like a person's column (a "Company" field) is both: the person's and the answer.
        const key = formColumns.get(column);
        if (!IGNORED_COLUMNS.has(column) && key !== undefined)
          answers[key] = answerFromCell(form!, key, text);
      });
      if (person.name !== undefined && !person.first_name && !person.last_name) {
        const [first = '', ...rest] = person.name.split(/\s+/);
        person.first_name = first;
        person.last_name = rest.join(' ');
      }
      const rowErrors: RowError[] = [];
      let status: EventUserStatus | undefined;
      if (person.event_user_status) {
        status = LABEL_TO_STATUS.get(person.event_user_status.toLowerCase());
        if (!status)
          rowErrors.push({ row: line, field: 'event_user_status', message: messages.unknownStatus });
      }
      const checked = answersSchema.safeParse({
        ...answers,
        email: person.email ?? '',
        first_name: person.first_name ?? '',
        last_name: person.last_name ?? '',
      });
      if (!checked.success)
        for (const issue of checked.error.issues) {
          const field = String(issue.path[0] ?? '') || null;
          const message =
            field === 'email'
              ? messages.invalidEmail
              : field === 'first_name'
                ? messages.firstNameRequired
                : field === 'last_name'
                  ? messages.lastNameRequired
                  : issue.message;
          rowErrors.push({ row: line, field, message });
        }
      const email = checked.success ? checked.data.email : undefined;
      if (email && seen.has(email))
        rowErrors.push({ row: line, field: 'email', message: messages.duplicateEmail });
      if (rowErrors.length > 0 || !checked.success || !email) {
        rowErrors.forEach(report);
        continue;
      }
      seen.add(email);
      const { email: _email, first_name, last_name, ...answered } = checked.data as Record<string, unknown>;
      rows.push({
        email,
        first_name: first_name as string,
        last_name: last_name as string,
        ...(person.company ? { company: person.company.slice(0, 150) } : {}),
        ...(person.title ? { title: person.title.slice(0, 150) } : {}),
        ...(status ? { event_user_status: status } : {}),
        answers: Object.fromEntries(Object.entries(answered).filter(([, value]) => value !== undefined)),
      });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'VALIDATION_ERROR', messages.unreadableFile);
  }
  return { rows, errors, totalRows };
}
