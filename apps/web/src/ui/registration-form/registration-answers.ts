import { BASE_FORM_KEYS, type FormioData } from '@studio/domain';

export type AnswerValues = Record<string, unknown>;

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
