import {
  BASE_FORM_KEYS,
  checkRegistrationAnswers,
  type AnswerErrors,
  type FormioData,
  type RegistrationAnswers,
} from '@studio/domain';
import { useState } from 'react';
import { serverErrorsByPath } from '../studio-form.ts';
import { emptyAnswers, type AnswerValues } from './registration-answers.ts';

/**
 * The answers typed into a registration form's fields (`RegistrationFormFields`) and their errors:
 * checked by the domain's rule the server applies (`checkRegistrationAnswers`).
 */
export function useRegistrationAnswers(form: FormioData) {
  const [typed, setTyped] = useState<AnswerValues>({});
  const [errors, setErrors] = useState<AnswerErrors>({});
  const values = { ...emptyAnswers(form), ...typed };
  return {
    values,
    errors,
    onChange: (key: string, value: unknown) => {
      setTyped((current) => ({ ...current, [key]: value }));
      setErrors(({ [key]: _answered, ...others }) => others);
    },
    /** The answers, normalised, when they follow the form's rules; else null, each field's error shown. */
    check: (): RegistrationAnswers | null => {
      const checked = checkRegistrationAnswers(form, values);
      setErrors(checked.ok ? {} : checked.errors);
      return checked.ok ? checked.answers : null;
    },
    /**
     * The server's refusal of the answers onto their fields: an answer's error at `prefix`+key
     * (`user.job`), a base field's there or at its own key. Whether any field took one.
     */
    showServerErrors: (error: unknown, prefix: string): boolean => {
      const keys = new Set<string>([...BASE_FORM_KEYS, ...form.components.map((component) => component.key)]);
      const refused: AnswerErrors = {};
      for (const [path, message] of Object.entries(serverErrorsByPath(error))) {
        const key = path.startsWith(prefix) ? path.slice(prefix.length) : path;
        if (keys.has(key)) refused[key] = message;
      }
      setErrors(refused);
      return Object.keys(refused).length > 0;
    },
  };
}
export type RegistrationAnswersState = ReturnType<typeof useRegistrationAnswers>;
