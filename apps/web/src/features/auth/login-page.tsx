import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { paths, safeRedirectTarget } from '@studio/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { logIn, startSession } from './auth-api.ts';

/** Login and Content Lab login: afterwards the user goes to the `redirect` target, else OrgHome. */
export function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const redirectTarget = useSearchParam('redirect');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: logIn,
    onSuccess: async (response) => {
      startSession(queryClient, response);
      await navigate({ href: safeRedirectTarget(redirectTarget) ?? paths.orgHome });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  return (
    <CenteredCard title="Log in">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {login.isError && (
            <Alert color="red" role="alert">
              {failureMessage(login.error)}
            </Alert>
          )}
          <Button type="submit" loading={login.isPending}>
            Log in
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/auth/forgot" size="sm">
              Forgot password?
            </Anchor>
            <Anchor component={Link} to={paths.contentLabSignup} size="sm">
              Create an account
            </Anchor>
          </Group>
        </Stack>
      </form>
    </CenteredCard>
  );
}
