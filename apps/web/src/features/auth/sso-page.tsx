import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { emailOnlyRequestSchema, paths, serverMessages } from '@studio/domain';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { FullPageLoader } from '../../ui/full-page-message.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { useOnceOnOpen } from '../../ui/use-once-on-open.ts';
import { useSignIn } from './auth-api.ts';
import { exchangeSsoToken, useLeaveForProvider, type SsoReturn, type SsoStart } from './sso-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** Spec 001 §4 "Login status": not started, then failed, or not allowed (an invalid SSO token). */
export type SsoLoginStatus = 'notstarted' | 'failed' | 'notallowed';

export function ssoStatusOf(error: unknown): Exclude<SsoLoginStatus, 'notstarted'> {
  return error instanceof ApiRequestError && error.code === 'SSO_INVALID_TOKEN' ? 'notallowed' : 'failed';
}

/** The answer of the identity provider in the address, if the page is its way back. */
function providerAnswer(searchStr: string, hash: string): SsoReturn | { error: string } | null {
  const search = new URLSearchParams(searchStr);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const code = search.get('code');
  if (code) return { code, state: search.get('state'), iss: search.get('iss') };
  const token = search.get('token') ?? fragment.get('id_token');
  if (token) return { token, organization: search.get('organization') };
  const error = search.get('error') ?? fragment.get('error');
  if (error)
    return {
      error: search.get('error_description') ?? fragment.get('error_description') ?? serverMessages.ssoFailed,
    };
  return null;
}

/** /auth/sso: asks for the email and leaves for the provider; on the way back, signs in. */
export function SsoPage() {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const hash = useLocation({ select: (location) => location.hash });
  const answer = useMemo(() => providerAnswer(searchStr, hash), [searchStr, hash]);
  if (answer && 'error' in answer) return <SsoOutcome status="failed" message={answer.error} />;
  if (answer) return <SsoReturnPage answer={answer} />;
  return <SsoEmailForm />;
}

function SsoEmailForm() {
  const emailFromAddress = useSearchParam('email');
  const form = useStudioForm(emailOnlyRequestSchema, { initialValues: { email: emailFromAddress ?? '' } });
  const start = useLeaveForProvider();
  const submit = form.onSubmit((values) => start.mutate(emailOnlyRequestSchema.parse(values)));
  return (
    <CenteredCard title="Log in with SSO">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Enter your work email. We will take you to your organization&apos;s sign-in page.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <ErrorAlert error={start.error} />
          <Button type="submit" loading={start.isPending || start.isSuccess}>
            Continue with SSO
          </Button>
          <Anchor component={Link} to={paths.login} size="sm">
            Log in with email and password
          </Anchor>
        </Stack>
      </form>
    </CenteredCard>
  );
}

function SsoReturnPage({ answer }: { answer: SsoReturn }) {
  const navigate = useNavigate();
  const exchange = useSignIn('sso', () => exchangeSsoToken(answer), {
    onSignedIn: () => navigate({ href: paths.orgHome, replace: true }),
  });
  // The code is single-use: exchanged once per page.
  const { mutate } = exchange;
  useOnceOnOpen(() => mutate());

  if (exchange.isError) {
    return <SsoOutcome status={ssoStatusOf(exchange.error)} message={failureMessage(exchange.error)} />;
  }
  return <FullPageLoader label="Signing in" />;
}

const outcomeTitles: Record<Exclude<SsoLoginStatus, 'notstarted'>, string> = {
  failed: 'Single sign-on failed',
  notallowed: 'Sign-in not allowed',
};

export function SsoOutcome({
  status,
  message,
}: {
  status: Exclude<SsoLoginStatus, 'notstarted'>;
  message: string;
}) {
  return (
    <CenteredCard title={outcomeTitles[status]}>
      <Stack>
        <Alert color="red" role="alert" data-login-status={status}>
          {message}
        </Alert>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.sso} size="sm">
            Try again
          </Anchor>
          <Anchor component={Link} to={paths.login} size="sm">
            Log in with email and password
          </Anchor>
        </Group>
      </Stack>
    </CenteredCard>
  );
}

/** Starts the organisation's SSO as soon as the page opens (Okta login, organisation login). */
export function SsoAutoStart({ start }: { start: SsoStart }) {
  const begin = useLeaveForProvider();
  const { mutate } = begin;
  useOnceOnOpen(() => mutate(start));

  if (begin.isError) return <SsoOutcome status="failed" message={failureMessage(begin.error)} />;
  return <FullPageLoader label="Going to your organization's sign-in page" />;
}
