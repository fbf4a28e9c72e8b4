import { PASSWORD_RULE_TEXT, isValidPassword, messages } from '@studio/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../api/api-error.ts';
import { setPassword } from '../api/identity.ts';
import { useStudioMutation } from '../api/studio-mutation.ts';
import { startSession } from './start-session.ts';
import { canSubmitNewPassword, emptyNewPassword } from '../ui/new-password-fields.tsx';

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
  const [value, setValue] = useState(emptyNewPassword);
  const [problem, setProblem] = useState<string>();
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitNewPassword(value)) return;
    const valid = isValidPassword(value.password);
    setProblem(valid ? undefined : PASSWORD_RULE_TEXT);
    if (valid) change.mutate(value.password);
  };

  return {
    value,
    setValue,
    problem,
    submit,
    canSubmit: canSubmitNewPassword(value),
    pending: change.isPending,
    failure: change.isError ? failureOf(change.error) : null,
  };
}
