import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  CONTENT_LAB_HREF,
  PASSWORD_INPUT_MAX,
  PASSWORD_RULE_TEXT,
  paths,
  signupRequestSchema,
  type SignupRequest,
} from '@studio/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { signUpAndLogIn, useSignIn } from './auth-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

const emptyForm: SignupRequest = { first_name: '', last_name: '', email: '', password: '' };

/**
 * Content Lab sign-up: creates the account with its personal Content Lab space, signs in and opens
 * the content lab (an organisation can be created later).
 */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useStudioForm<SignupRequest>(signupRequestSchema, { initialValues: emptyForm });
  const signup = useSignIn('signup', signUpAndLogIn, {
    onSignedIn: () => navigate({ href: CONTENT_LAB_HREF }),
    onRefused: onFormFields(form),
  });
  const field = (name: keyof SignupRequest) => form.getInputProps(name);
  const problems = form.errors;
  const hasFieldProblems = Object.keys(problems).length > 0;

  return (
    <CenteredCard title="Sign up">
      <form onSubmit={form.onSubmit((values) => signup.mutate(values))} noValidate>
        <Stack>
          <TextInput label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" {...field('last_name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            maxLength={PASSWORD_INPUT_MAX}
            description={problems.password ? undefined : PASSWORD_RULE_TEXT}
            // Mantine marks only text inputs invalid for assistive technology.
            aria-invalid={problems.password !== undefined}
            {...field('password')}
          />
          {!hasFieldProblems && <ErrorAlert error={signup.error} />}
          <Button type="submit" loading={signup.isPending}>
            Sign up
          </Button>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.contentLabLogin}>
              Log in instead
            </Anchor>
          </Text>
        </Stack>
      </form>
    </CenteredCard>
  );
}
