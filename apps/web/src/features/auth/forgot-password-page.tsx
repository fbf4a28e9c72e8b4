import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { emailOnlyRequestSchema, paths } from '@studio/domain';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { requestPasswordReset, useEmailedStep } from './auth-api.ts';
import { withEmail } from './auth-links.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** Forgot password (/auth/forgot and /content/auth/forgot-password): emails a one-time code. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const inContentLab = useLocation({ select: (location) => location.pathname.startsWith('/content/') });
  const emailFromAddress = useSearchParam('email');
  const form = useStudioForm(emailOnlyRequestSchema, { initialValues: { email: emailFromAddress ?? '' } });
  const send = useEmailedStep(requestPasswordReset, {
    onSent: (_, address) => navigate({ href: withEmail(paths.forgotPasswordSubmit, address) }),
    onRefused: () => undefined,
  });

  const submit = form.onSubmit((values) => send.mutate(emailOnlyRequestSchema.parse(values).email));

  return (
    <CenteredCard title="Forgot password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Enter the email address of your account. We will send you a code to set a new password.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <ErrorAlert error={send.error} />
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
