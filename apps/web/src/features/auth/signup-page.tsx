import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_INPUT_MAX, PASSWORD_RULE_TEXT, paths, type SignupRequest } from '@studio/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { signUpAndLogIn, useSignIn } from './auth-api.ts';
import {
  signupProblems,
  signupProblemsFromServer,
  type SignupField,
  type SignupProblems,
} from './signup-form.ts';

const emptyForm: SignupRequest = { first_name: '', last_name: '', email: '', password: '' };

/** Content Lab sign-up: creates the account, signs in, then asks for an organisation. */
export function SignupPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyForm);
  const [problems, setProblems] = useState<SignupProblems>({});
  const signup = useSignIn(signUpAndLogIn, {
    onSignedIn: () => navigate({ href: paths.createOrg }),
    onRefused: (error) => {
      if (error instanceof ApiRequestError) setProblems(signupProblemsFromServer(error.body));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = signupProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) signup.mutate(values);
  };

  const field = (name: SignupField) => ({
    value: values[name],
    error: problems[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
  const hasFieldProblems = Object.keys(problems).length > 0;

  return (
    <CenteredCard title="Sign up">
      <form onSubmit={submit} noValidate>
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
          {signup.isError && !hasFieldProblems && (
            <Alert color="red" role="alert">
              {failureMessage(signup.error)}
            </Alert>
          )}
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
