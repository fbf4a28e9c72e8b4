import { Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordConfirmRequestSchema, messages, paths } from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { NewPasswordFields, canSubmitNewPassword, emptyNewPassword } from '../../ui/new-password-fields.tsx';
import { onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { showToast } from '../../ui/toast.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { EmailedCodeField, ResendCodeLinks } from './emailed-code.tsx';
import { confirmPasswordReset, requestPasswordReset, useEmailedStep } from './auth-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/**
 * ForgotPasswordSubmit (?email=): the emailed code and a new password; then 'Password
 * successfully updated.' and Login.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const emailFromAddress = useSearchParam('email');
  const form = useStudioForm(forgotPasswordConfirmRequestSchema, {
    initialValues: { email: emailFromAddress ?? '', code: '', ...emptyNewPassword },
  });
  const { password, confirmation } = form.values;

  const reset = useEmailedStep(confirmPasswordReset, {
    onSent: async () => {
      showToast(messages.passwordUpdated, 'success');
      await navigate({ href: paths.login });
    },
    onRefused: onFormFields(form),
  });

  const submit = form.onSubmit((values) => reset.mutate(forgotPasswordConfirmRequestSchema.parse(values)));

  return (
    <CenteredCard title="Set a new password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Enter the code we emailed you and choose a new password.</Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            readOnly={emailFromAddress !== null}
            {...form.getInputProps('email')}
          />
          <EmailedCodeField {...form.getInputProps('code')} />
          <NewPasswordFields
            value={{ password, confirmation }}
            onChange={form.setValues}
            error={form.errors.password}
          />
          {!form.errors.password && <ErrorAlert error={reset.error} />}
          <Button
            type="submit"
            loading={reset.isPending}
            disabled={!canSubmitNewPassword({ password, confirmation })}
          >
            Set password
          </Button>
          <ResendCodeLinks
            form={form}
            email={forgotPasswordConfirmRequestSchema.shape.email}
            send={requestPasswordReset}
          />
        </Stack>
      </form>
    </CenteredCard>
  );
}
