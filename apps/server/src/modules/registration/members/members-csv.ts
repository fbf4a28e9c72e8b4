import { EVENT_USER_STATUS_LABELS, type EventMember, type FormioData } from '@studio/domain';

/** Characters a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: a would-be formula gets a leading quote; quotes, commas and line breaks are quoted. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** A quote an export put before a formula, taken off again when the file comes back. */
export const unescapeFormula = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const FIXED_COLUMNS = ['Name', 'Email', 'Company', 'Title', 'Status', 'Registered at', 'Checked in at'];

const answerText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : Array.isArray(value)
      ? value.map(answerText).join('; ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean); // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion

/** The export's columns: the registrant, then the form's answers by component key. */
export function exportColumns(form: FormioData | null) {
  const keys = (form?.components ?? []).map((component) => component.key);
  return {
    header: csvLine([...FIXED_COLUMNS, ...keys]),
    line: (member: EventMember) =>
      csvLine([
        member.full_name,
        member.email,
        member.company,
        member.title,
        EVENT_USER_STATUS_LABELS[member.event_user_status],
        member.registered_at,
        member.checked_in_at,
        ...keys.map((key) => answerText(member.answers[key])),
      ]),
  };
}
