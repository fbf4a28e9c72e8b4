import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  ONE_TIME_CODE_LENGTH,
  PASSWORD_RULE_TEXT,
  apiErrorSchema,
  emailSchema,
  isValidPassword,
  messages,
  paths,
} from '@studio/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { NewPasswordFields, canSubmitNewPassword, emptyNewPassword } from '../../ui/new-password-fields.tsx';
import { showToast } from '../../ui/toast.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { confirmPasswordReset, requestPasswordReset, useEmailedStep } from './auth-api.ts';

const passwordProblemFromServer = (error: unknown) =>
  error instanceof ApiRequestError
    ? apiErrorSchema.safeParse(error.body).data?.errors?.password?.[0]
    : undefined;

/**
 * ForgotPasswordSubmit (?email=): the emailed code and a new password; then 'Password
 * successfully updated.' and Login.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const emailFromAddress = useSearchParam('email');
  const [email, setEmail] = useState(emailFromAddress ?? '');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState(emptyNewPassword);
  const [problems, setProblems] = useState<{ email?: string; code?: string; password?: string }>({});

  const reset = useEmailedStep(confirmPasswordReset, {
    onSent: async () => {
      showToast(messages.passwordUpdated, 'success');
      await navigate({ href: paths.login });
    },
    onRefused: (error) => setProblems({ password: passwordProblemFromServer(error) }),
  });
  const resend = useEmailedStep(requestPasswordReset, {
    onSent: (answer) => showToast(answer.message, 'info'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = emailSchema.safeParse(email);
    const found = {
      email: address.error?.issues[0]?.message,
      code: code.trim() === '' ? 'This field is required.' : undefined,
      password: isValidPassword(newPassword.password) ? undefined : PASSWORD_RULE_TEXT,
    };
    setProblems(found);
    if (address.success && !found.code && !found.password) {
      reset.mutate({ email: address.data, code: code.trim(), password: newPassword.password });
    }
  };
  const resendCode = () => {
    const address = emailSchema.safeParse(email);
    setProblems({ email: address.error?.issues[0]?.message });
    if (address.success) resend.mutate(address.data);
  };

  return (
    <CenteredCard title="Set a new password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Enter the code we emailed you and choose a new password.</Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            readOnly={emailFromAddress !== null}
            error={problems.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={ONE_TIME_CODE_LENGTH}
            value={code}
            error={problems.code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <NewPasswordFields value={newPassword} onChange={setNewPassword} error={problems.password} />
          {reset.isError && !problems.password && (
            <Alert color="red" role="alert">
              {failureMessage(reset.error)}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} disabled={!canSubmitNewPassword(newPassword)}>
            Set password
          </Button>
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={resendCode}
              disabled={resend.isPending}
            >
              Send a new code
            </Anchor>
            <Anchor component={Link} to={paths.login} size="sm">
              Back to log in
            </Anchor>
          </Group>
        </Stack>
      </form>
    </CenteredCard>
  );
}
