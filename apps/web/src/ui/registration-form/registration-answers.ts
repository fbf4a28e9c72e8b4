import { answersSchemaFor, BASE_FORM_KEYS, type FormioData, type RegistrationAnswers } from '@studio/domain';

export type AnswerValues = Record<string, unknown>;
export type AnswerErrors = Record<string, string>;

/** The empty answers of a form: blank text, unticked boxes, no choices. */
export function emptyAnswers(form: FormioData): AnswerValues {
  const values: AnswerValues = Object.fromEntries(BASE_FORM_KEYS.map((key) => [key, '']));
  for (const component of form.components) {
    values[component.key] =
      component.type === 'checkbox' || component.type === 'consent'
        ? false
        : component.type === 'select' && component.multiple
          ? []
          : '';
  }
  return values;
}

/**
 * Checks answers by the rules the server applies (`answersSchemaFor`): the parsed answers, or the
 * first message of each field that breaks them.
 */
export function checkAnswers(
  form: FormioData,
  values: AnswerValues,
): { ok: true; answers: RegistrationAnswers } | { ok: false; errors: AnswerErrors } {
  const parsed = answersSchemaFor(form).safeParse(values);
  if (parsed.success) return { ok: true, answers: parsed.data as RegistrationAnswers };
  const errors: AnswerErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
