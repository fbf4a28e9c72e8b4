import { Button, Stack } from '@mantine/core';
import type { FormioData, RegistrationAnswers } from '@studio/domain';
import { useState, type FormEvent } from 'react';
import { checkAnswers, emptyAnswers, type AnswerErrors, type AnswerValues } from './registration-answers.ts';
import { RegistrationFormFields } from './registration-form-fields.tsx';

export interface RegistrationFormProps {
  form: FormioData;
  /** Called with the checked answers (the same rules as the server's). */
  onSubmit: (answers: RegistrationAnswers) => unknown;
  submitLabel?: string;
  pending?: boolean;
  /** Prefilled answers (hidden utm_* fields from the page's address, a known person's name). */
  initialValues?: AnswerValues;
  /** Errors the server answered, by field. */
  serverErrors?: AnswerErrors;
  locale?: string;
}

/** A registration form with its submit: answers checked before they are sent. */
export function RegistrationForm({
  form,
  onSubmit,
  submitLabel = 'Register',
  pending = false,
  initialValues,
  serverErrors,
  locale,
}: RegistrationFormProps) {
  const [values, setValues] = useState<AnswerValues>(() => ({ ...emptyAnswers(form), ...initialValues }));
  const [errors, setErrors] = useState<AnswerErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAnswers(form, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onSubmit(checked.answers);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Registration form">
      <Stack>
        <RegistrationFormFields
          form={form}
          values={values}
          errors={{ ...serverErrors, ...errors }}
          locale={locale}
          onChange={(key, value) => {
            setValues((current) => ({ ...current, [key]: value }));
            setErrors(({ [key]: _, ...rest }) => rest);
          }}
        />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
