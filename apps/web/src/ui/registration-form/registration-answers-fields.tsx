import { Center, Loader } from '@mantine/core';
import type { FormioData } from '@studio/domain';
import { RegistrationFormFields } from './registration-form-fields.tsx';
import type { RegistrationAnswersState } from './use-registration-answers.ts';

/**
 * A registration form's fields in a studio dialog (a registration by hand): the form's fields as
 * registrants see them, holding `answers`; a loader while the form is read.
 */
export function RegistrationAnswersFields({
  form,
  answers,
}: {
  form: FormioData | undefined;
  answers: RegistrationAnswersState;
}) {
  if (!form)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the registration form" />
      </Center>
    );
  return (
    <RegistrationFormFields
      form={form}
      values={answers.values}
      errors={answers.errors}
      onChange={answers.onChange}
    />
  );
}
