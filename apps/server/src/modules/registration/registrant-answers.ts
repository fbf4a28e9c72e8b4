import {
  checkRegistrationAnswers,
  PERSON_FORM_KEYS,
  serverMessages,
  type AnswerErrors,
  type FormioData,
  type PersonFormKey,
} from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import type { RegistrationRequest } from './registrations.ts';

/** A form field keyed like the person's own (a "Company" or "Job title" field) fills their profile too. */
function personFields(answers: Record<string, unknown>): Partial<Record<PersonFormKey, string>> {
  const text = (key: PersonFormKey) =>
    typeof answers[key] === 'string' && answers[key].trim()
      ? { [key]: answers[key].trim().slice(0, 150) }
      : {};
  return Object.assign({}, ...PERSON_FORM_KEYS.map(text)) as Partial<Record<PersonFormKey, string>>;
}

/**
 * The form an organiser's registration by hand answers (the forms area's `formForRegistration`):
 * the one named (the organisation's, else 404), else the event's.
 */
export type RegistrationFormFor = (
  organizationId: string,
  eventId: string,
  formId: string | null | undefined,
) => Promise<{ formId: string | null; formio_data: FormioData }>;

export type CheckedRegistrant =
  | { ok: true; person: RegistrationRequest['person']; answers: Record<string, unknown> }
  | { ok: false; errors: AnswerErrors };

/**
 * A form's submission (the base fields and the components' answers, by key) as a registration:
 * checked by the domain's rule (`checkRegistrationAnswers`), the person and the answers stored
 * with the registration — the same for the attendee's own register call and an organiser's
 * registration by hand.
 */
export function registrantOfSubmission(
  form: FormioData,
  submission: Record<string, unknown>,
): CheckedRegistrant {
  const checked = checkRegistrationAnswers(form, submission);
  if (!checked.ok) return checked;
  const { email, first_name, last_name, ...answers } = checked.answers;
  return { ok: true, person: { email, first_name, last_name, ...personFields(answers) }, answers };
}

/**
 * The 400 refusing a submission's answers, as the API's field errors; `fieldOf` names each answer
 * where the body carried it (`user.job` in a series registration).
 */
export function answersRefused(errors: AnswerErrors, fieldOf: (key: string) => string = (key) => key) {
  const fields = Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [fieldOf(key), [message]]),
  );
  return new HttpError(
    400,
    'VALIDATION_ERROR',
    Object.values(errors)[0] ?? serverMessages.validation,
    fields,
  );
}
