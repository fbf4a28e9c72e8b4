import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema, paths } from '@studio/domain';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { requestPasswordReset, useEmailedStep } from './auth-api.ts';
import { withEmail } from './auth-links.ts';

/** Forgot password (/auth/forgot and /content/auth/forgot-password): emails a one-time code. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const inContentLab = useLocation({ select: (location) => location.pathname.startsWith('/content/') });
  const emailFromAddress = useSearchParam('email');
  const [email, setEmail] = useState(emailFromAddress ?? '');
  const [emailProblem, setEmailProblem] = useState<string>();
  const send = useEmailedStep(requestPasswordReset, {
    onSent: (_, address) => navigate({ href: withEmail(paths.forgotPasswordSubmit, address) }),
    onRefused: () => undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = emailSchema.safeParse(email);
    setEmailProblem(result.error?.issues[0]?.message);
    if (result.success) send.mutate(result.data);
  };

  return (
    <CenteredCard title="Forgot password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Enter the email address of your account. We will send you a code to set a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={emailProblem}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {send.isError && (
            <Alert color="red" role="alert">
              {failureMessage(send.error)}
            </Alert>
          )}
          <Button type="submit" loading={send.isPending}>
            Send code
          </Button>
          <Anchor component={Link} to={inContentLab ? paths.contentLabLogin : paths.login} size="sm">
            Back to log in
          </Anchor>
        </Stack>
      </form>
    </CenteredCard>
  );
}
