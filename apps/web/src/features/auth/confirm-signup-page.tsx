import { Button, Stack, Text, TextInput } from '@mantine/core';
import { confirmSignupRequestSchema, paths, safeRedirectTarget } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { currentUserQuery } from '../../api/identity.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { showToast } from '../../ui/toast.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { EmailedCodeField, ResendCodeLinks } from './emailed-code.tsx';
import { confirmSignup, resendSignupCode, useEmailedStep } from './auth-api.ts';
import { withEmail } from './auth-links.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

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
  const form = useStudioForm(confirmSignupRequestSchema, {
    initialValues: { email: emailFromAddress ?? signedInEmail ?? '', code: '' },
  });

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

  const submit = form.onSubmit((values) => {
    const { email, code } = confirmSignupRequestSchema.parse(values);
    confirm.mutate({ address: email, enteredCode: code });
  });

  return (
    <CenteredCard title="Confirm your email address">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Enter the six-digit code we emailed you after you signed up.</Text>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <EmailedCodeField {...form.getInputProps('code')} />
          <ErrorAlert error={confirm.error} />
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
          <ResendCodeLinks
            form={form}
            email={confirmSignupRequestSchema.shape.email}
            send={resendSignupCode}
            backToLogin={!signedInEmail}
          />
        </Stack>
      </form>
    </CenteredCard>
  );
}
