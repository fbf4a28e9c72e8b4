import { messages, newPasswordSchema } from '@studio/domain';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError } from '../api/api-error.ts';
import { setPassword } from '../api/identity.ts';
import { useStudioMutation } from '../api/studio-mutation.ts';
import { startSession } from './start-session.ts';
import { canSubmitNewPassword, emptyNewPassword, type NewPassword } from '../ui/new-password-fields.tsx';
import { useStudioForm } from '../ui/studio-form.ts';

const forcedPasswordFormSchema = z.object({ password: newPasswordSchema, confirmation: z.string() });

/** The failure text of a forced password change: too many tries says so, anything else is spec 001 §8's. */
function failureOf(error: unknown): string {
  return error instanceof ApiRequestError && error.status === 429
    ? error.message
    : messages.passwordSetFailed;
}

/**
 * Replacing a temporary password (External and the forced dialog): the new pair is checked against
 * the rule, sent without the current password, and the session goes on with the new tokens.
 */
export function useForcedPasswordChange(queryClient: QueryClient, onDone: () => Promise<void> | void) {
  const form = useStudioForm<NewPassword>(forcedPasswordFormSchema, { initialValues: emptyNewPassword });
  const value = form.values;
  const change = useStudioMutation({
    mutationFn: (password: string) => setPassword({ password }),
    successToast: messages.passwordUpdated,
    onSuccess: async (response) => {
      startSession(queryClient, response);
      await onDone();
    },
    // The dialog says what failed (failureOf).
    onFailure: () => undefined,
  });

  const submit = form.onSubmit(({ password }) => {
    if (canSubmitNewPassword(value)) change.mutate(password);
  });

  return {
    value,
    setValue: form.setValues,
    problem: form.errors.password as string | undefined,
    submit,
    canSubmit: canSubmitNewPassword(value),
    pending: change.isPending,
    failure: change.isError ? failureOf(change.error) : null,
  };
}
