import { countryOptions, isCountryCode } from './countries.ts';
import type { FormComponent, FormioData, RegistrationAnswers } from './form-components.ts';

/**
 * The rules a registration's answers follow (issue 16 §1), as plain functions: the server checks
 * a register body with them (through `answersSchemaFor`), the registration page's script and the
 * studio's preview before sending. No zod here: the attendee page's script imports this file.
 */

export const FORM_TEXT_MAX_LENGTH = 1_000;
export const FORM_TEXTAREA_MAX_LENGTH = 5_000;
const NAME_MAX_LENGTH = 150;
const EMAIL_MAX_LENGTH = 254;

export const formAnswerMessages = {
  required: 'This field is required.',
  email: 'Enter a valid email address.',
  phone: 'Enter a valid phone number.',
  number: 'Enter a number.',
  atLeast: (least: number) => `Enter ${least} or more.`,
  atMost: (most: number) => `Enter ${most} or less.`,
  tooShort: (length: number) => `Enter at least ${length} characters.`,
  tooLong: (length: number) => `Enter at most ${length} characters.`,
  text: 'Enter text.',
  option: 'Choose one of the options.',
  date: 'Enter a date as YYYY-MM-DD.',
  country: 'Choose a country.',
  tick: 'Tick or untick this box.',
} as const;

// The address rule of zod's `email()`, which the server applied before these functions.
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PHONE = /^\+?[0-9 ().-]{6,20}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Checked = { ok: true; value: unknown } | { ok: false; message: string };
const ok = (value: unknown): Checked => ({ ok: true, value });
const refused = (message: string): Checked => ({ ok: false, message });

/** Trimmed text within `min`..`max` characters. */
function text(value: unknown, min: number, max: number): Checked {
  if (typeof value !== 'string') return refused(formAnswerMessages.text);
  const trimmed = value.trim();
  if (trimmed.length < min) return refused(formAnswerMessages.tooShort(min));
  if (trimmed.length > max) return refused(formAnswerMessages.tooLong(max));
  return ok(trimmed);
}

/** A trimmed, lowercased email address. */
function email(value: unknown): Checked {
  const address = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!EMAIL.test(address)) return refused(formAnswerMessages.email);
  return address.length > EMAIL_MAX_LENGTH
    ? refused(formAnswerMessages.tooLong(EMAIL_MAX_LENGTH))
    : ok(address);
}

/** A calendar date, YYYY-MM-DD. */
function date(value: unknown): Checked {
  const parts = typeof value === 'string' ? DATE.exec(value) : null;
  if (!parts) return refused(formAnswerMessages.date);
  const [, year, month, day] = parts.map(Number) as [number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day
    ? ok(value)
    : refused(formAnswerMessages.date);
}

const choice = (options: string[], value: unknown) =>
  typeof value === 'string' && options.includes(value) ? ok(value) : refused(formAnswerMessages.option);

/** One component's (non-blank) answer. */
function answerOf(component: FormComponent, value: unknown): Checked {
  const options = component.data?.values.map((option) => option.value) ?? [];
  const limit = (most: number) => Math.min(component.validate?.maxLength ?? most, most);
  const least = component.validate?.minLength ?? 0;
  switch (component.type) {
    case 'textfield':
    case 'hidden':
      return text(value, least, limit(FORM_TEXT_MAX_LENGTH));
    case 'textarea':
      return text(value, least, limit(FORM_TEXTAREA_MAX_LENGTH));
    case 'email':
      return email(value);
    case 'phoneNumber':
      return typeof value === 'string' && PHONE.test(value.trim())
        ? ok(value.trim())
        : refused(formAnswerMessages.phone);
    case 'number': {
      const number = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
      const { min, max } = component.validate ?? {};
      if (!Number.isFinite(number)) return refused(formAnswerMessages.number);
      if (min !== undefined && number < min) return refused(formAnswerMessages.atLeast(min));
      if (max !== undefined && number > max) return refused(formAnswerMessages.atMost(max));
      return ok(number);
    }
    case 'select':
      if (!component.multiple) return choice(options, value);
      return Array.isArray(value) &&
        value.length <= options.length &&
        value.every((one) => choice(options, one).ok)
        ? ok(value)
        : refused(formAnswerMessages.option);
    case 'radio':
      return choice(options, value);
    case 'checkbox':
    case 'consent':
      return typeof value === 'boolean' ? ok(value) : refused(formAnswerMessages.tick);
    case 'datetime':
      return date(value);
    case 'country':
      return typeof value === 'string' && isCountryCode(value)
        ? ok(value)
        : refused(formAnswerMessages.country);
  }
}

/** No answer: nothing, blank text, no choice. */
const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** A component's answer by its required flag: a required checkbox or consent must be ticked. */
function checkComponent(component: FormComponent, value: unknown): Checked {
  const required = component.validate?.required && component.type !== 'hidden';
  if (required && (component.type === 'checkbox' || component.type === 'consent'))
    return value === true ? ok(true) : refused(formAnswerMessages.required);
  if (blank(value)) return required ? refused(formAnswerMessages.required) : ok(undefined);
  return answerOf(component, value);
}

/** The base fields every form asks, in the order of BASE_FORM_KEYS. */
const name = (value: unknown) =>
  blank(value) ? refused(formAnswerMessages.required) : text(value, 1, NAME_MAX_LENGTH);
const baseChecks: [string, (value: unknown) => Checked][] = [
  ['first_name', name],
  ['last_name', name],
  ['email', (value) => (blank(value) ? refused(formAnswerMessages.required) : email(value))],
];

export type AnswerErrors = Record<string, string>;

/**
 * Checks a registration's answers to a form: the normalised answers (text trimmed, email
 * lowercased, numbers as numbers, blanks and keys the form does not ask dropped), or the first
 * message of each field that breaks a rule, in the form's order.
 */
export function checkRegistrationAnswers(
  form: FormioData,
  values: Record<string, unknown>,
): { ok: true; answers: RegistrationAnswers } | { ok: false; errors: AnswerErrors } {
  const answers: Record<string, unknown> = {};
  const errors: AnswerErrors = {};
  const checks = [
    ...baseChecks,
    ...form.components.map((component): [string, (value: unknown) => Checked] => [
      component.key,
      (value) => checkComponent(component, value),
    ]),
  ];
  for (const [key, check] of checks) {
    const checked = check(values[key]);
    if (!checked.ok) errors[key] = checked.message;
    else if (checked.value !== undefined) answers[key] = checked.value;
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, answers: answers as RegistrationAnswers };
}

let countries: { value: string; label: string }[] | undefined;

/** The options a choice offers: a select's or a radio's own; every country (by its English name) for a country field. */
const optionsOf = (component: FormComponent | undefined) =>
  component?.type === 'country' ? (countries ??= countryOptions()) : (component?.data?.values ?? []);

/**
 * A choice as people read it: the label of the option a stored value names (a select's or a radio's;
 * a country's name; an unknown value, or another field's answer, as it is). The registrants export
 * writes answers so.
 */
export function answerLabel(component: FormComponent | undefined, value: unknown): unknown {
  const options = optionsOf(component);
  const label = (one: unknown) => options.find((option) => option.value === one)?.label ?? one;
  return Array.isArray(value) ? value.map(label) : label(value);
}

/** The stored value of a choice (or a country) written by its label or its value (an import of an export), case ignored. */
export function optionValueOf(component: FormComponent, text: string): string {
  const wanted = text.trim().toLowerCase();
  const option = optionsOf(component).find(
    (candidate) => candidate.value.toLowerCase() === wanted || candidate.label.toLowerCase() === wanted,
  );
  return option?.value ?? text;
}
