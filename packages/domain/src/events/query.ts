import { z } from 'zod';
import { pageQuerySchema } from '../api.ts';
import { messages } from '../messages.ts';
import { eventMessages } from './messages.ts';
import { isValidTimezoneSuffix } from './timezones.ts';

/** A query value given once, repeated (`a=1&a=2`) or comma-separated: a list. */
export const manyValues = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value: unknown): unknown[] =>
      (Array.isArray(value) ? (value as unknown[]) : [value])
        .flatMap((entry): unknown[] => (typeof entry === 'string' ? entry.split(',') : [entry]))
        .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
        .filter((entry) => entry !== '' && entry !== undefined),
    z.array(item),
  );

/** Django-style booleans in a query string. */
export const booleanQuery = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((value) => ['true', 'True', '1'].includes(value));

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(.*)$/;

/**
 * Whether the written date and time are on the calendar: JavaScript rolls '2026-02-31' over to
 * 3 March and '24:00' to the next day, and year 0000 is no year
 * (the embedded database refuses it: a server error).
 */
function isOnCalendar(written: string): boolean {
  const [year, month, day, hour, minute] = (written.match(/\d+/g) ?? []).map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59
  );
}

/**
 * An instant as ISO 8601 with its zone: 'Z' or a +HH:MM / -HH:MM suffix, else 'Invalid timezone
 * suffix' (spec 001 §5). Answers a Date.
 */
export const dateTimeSchema = z.string().transform((value, context) => {
  const match = DATE_TIME.exec(value.trim());
  const suffix = match?.[2] ?? '';
  if (!match || (suffix !== 'Z' && !isValidTimezoneSuffix(suffix))) {
    context.addIssue({
      code: 'custom',
      message: match ? eventMessages.invalidTimezoneSuffix : 'Enter a valid date and time.',
    });
    return z.NEVER;
  }
  const instant = new Date(value.trim());
  if (Number.isNaN(instant.getTime()) || !isOnCalendar(match[1] ?? '')) {
    context.addIssue({ code: 'custom', message: 'Enter a valid date and time.' });
    return z.NEVER;
  }
  return instant;
});

/** A query value that is an instant; a '+' the URL turned into a space is put back. */
export const dateTimeQuery = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/ (\d{2}:\d{2})$/, '+$1') : value),
  dateTimeSchema,
);

export const pageQuery = pageQuerySchema.shape;

/** A paged list of an organisation's (the caller's when `organization` is not given). */
export const organizationListQuery = { ...pageQuery, organization: z.string().optional() };

/** A list's text filter: what the name, title or search contains (any case). */
export const searchQuery = z.string().trim().max(255).optional();

/** `workspace`: team ids, 'mine' for the caller's own teams; `workspace__isnull` for none. */
export const workspaceQuery = manyValues(z.union([z.literal('mine'), z.uuid()]));

/** A list's team filter: `workspace` (see workspaceQuery) or `workspace__isnull`. */
export const workspaceFilterQuery = {
  workspace: workspaceQuery.optional(),
  workspace__isnull: booleanQuery.optional(),
};

/** When a stored object was created and last changed (ISO 8601), as every answer that has them names them. */
export const timestampFields = { created_at: z.string(), updated_at: z.string() };

export const nameRefSchema = z.object({ id: z.string(), name: z.string() });
export type NameRef = z.infer<typeof nameRefSchema>;

export const required = messages.fieldRequired;
/** Required free text of at most `max` characters, trimmed: blank says the field is required. */
export const requiredText = (max: number) => z.string().trim().min(1, required).max(max);

/** Optional free text: blank clears it (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
