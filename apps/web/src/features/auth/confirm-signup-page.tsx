import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ONE_TIME_CODE_LENGTH, emailSchema, paths, safeRedirectTarget } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { showToast } from '../../ui/toast.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { confirmSignup, resendSignupCode, useEmailedStep } from './auth-api.ts';
import { withEmail } from './auth-links.ts';

/**
 * Confirm sign-up: the six-digit code emailed after sign-up marks the address verified. Open to a
 * signed-out visitor (the link in the email) and to a signed-in person not yet verified.
 */
export function ConfirmSignupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedInEmail = useRouteContext({
    from: rootRouteId,
    select: (context) => context.session?.user.email,
  });
  const emailFromAddress = useSearchParam('email');
  const redirectTarget = useSearchParam('redirect');
  const [email, setEmail] = useState(emailFromAddress ?? signedInEmail ?? '');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<{ email?: string; code?: string }>({});

  const confirm = useEmailedStep(
    ({ address, enteredCode }: { address: string; enteredCode: string }) =>
      confirmSignup(address, enteredCode),
    {
      onSent: async (answer, { address }) => {
        showToast(answer.message, 'success');
        if (signedInEmail) {
          await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
          await navigate({ href: safeRedirectTarget(redirectTarget) ?? paths.orgHome });
        } else {
          await navigate({ href: withEmail(paths.login, address) });
        }
      },
      onRefused: () => undefined,
    },
  );
  const resend = useEmailedStep(resendSignupCode, {
    onSent: (answer) => showToast(answer.message, 'info'),
  });

  const checkedEmail = () => {
    const address = emailSchema.safeParse(email);
    return { address: address.data, problem: address.error?.issues[0]?.message };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { address, problem } = checkedEmail();
    const codeProblem = code.trim() === '' ? 'This field is required.' : undefined;
    setProblems({ email: problem, code: codeProblem });
    if (address && !codeProblem) confirm.mutate({ address, enteredCode: code.trim() });
  };
  const resendCode = () => {
    const { address, problem } = checkedEmail();
    setProblems({ email: problem });
    if (address) resend.mutate(address);
  };

  return (
    <CenteredCard title="Confirm your email address">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Enter the six-digit code we emailed you after you signed up.</Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
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
          {confirm.isError && (
            <Alert color="red" role="alert">
              {failureMessage(confirm.error)}
            </Alert>
          )}
          <Button type="submit" loading={confirm.isPending}>
            Confirm
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
            {!signedInEmail && (
              <Anchor component={Link} to={paths.login} size="sm">
                Back to log in
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </CenteredCard>
  );
}
