import { Anchor, Group, TextInput, type TextInputProps } from '@mantine/core';
import { ONE_TIME_CODE_LENGTH, paths, type MessageResponse } from '@studio/domain';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import { showToast } from '../../ui/toast.ts';
import { useEmailedStep } from './auth-api.ts';

/** The field of the six-digit code a step emailed. */
export function EmailedCodeField(props: TextInputProps) {
  return (
    <TextInput
      label="Code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={ONE_TIME_CODE_LENGTH}
      {...props}
    />
  );
}

interface EmailForm {
  values: { email: string };
  clearErrors: () => void;
  validateField: (path: 'email') => { hasError: boolean };
}

/**
 * "Send a new code" (to the form's email, once it is valid; the answer's message toasted) and,
 * unless told otherwise, "Back to log in".
 */
export function ResendCodeLinks({
  form,
  email,
  send,
  backToLogin = true,
}: {
  form: EmailForm;
  email: z.ZodType<string>;
  send: (address: string) => Promise<MessageResponse>;
  backToLogin?: boolean;
}) {
  const resend = useEmailedStep(send, { onSent: (answer) => showToast(answer.message, 'info') });
  const resendCode = () => {
    form.clearErrors();
    if (!form.validateField('email').hasError) resend.mutate(email.parse(form.values.email));
  };
  return (
    <Group justify="space-between">
      <Anchor component="button" type="button" size="sm" onClick={resendCode} disabled={resend.isPending}>
        Send a new code
      </Anchor>
      {backToLogin && (
        <Anchor component={Link} to={paths.login} size="sm">
          Back to log in
        </Anchor>
      )}
    </Group>
  );
}
