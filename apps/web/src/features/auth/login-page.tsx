import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  CONTENT_LAB_HREF,
  emailSchema,
  loginRequestSchema,
  messages,
  paths,
  safeRedirectTarget,
} from '@studio/domain';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { localSession } from '../../api/local-session.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { logIn, requestMagicLink, useEmailedStep, useSignIn } from './auth-api.ts';
import { withEmail } from './auth-links.ts';

const isOnlySso = (error: unknown) => error instanceof ApiRequestError && error.code === 'ONLY_SSO';

/**
 * Login and Content Lab login: afterwards the user goes to the `redirect` target, else OrgHome; a
 * standalone Content Lab user signing in to the content lab goes to their projects.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const inContentLab = useLocation({ select: (location) => location.pathname.startsWith('/content/') });
  const redirectTarget = useSearchParam('redirect');
  const emailFromAddress = useSearchParam('email');
  // Checked inline first, like sign-up: an empty or malformed form never reaches the server.
  const form = useStudioForm(loginRequestSchema, {
    initialValues: { email: emailFromAddress ?? '', password: '' },
  });
  const { email } = form.values;

  const login = useSignIn('password', logIn, {
    // A temporary password is replaced first: the guard sends the person on to External.
    onSignedIn: ({ user }) =>
      navigate({
        href:
          safeRedirectTarget(redirectTarget) ??
          (inContentLab && user.is_content_lab_standalone ? CONTENT_LAB_HREF : paths.orgHome),
      }),
    // Spec 001 §8: an SSO-only account is refused and signed out.
    onRefused: (error) => {
      if (isOnlySso(error)) localSession.clear();
    },
  });
  const magicLink = useEmailedStep((address: string) => requestMagicLink(address), {
    onSent: (_, address) => navigate({ href: withEmail(paths.magicLinkSent, address) }),
    onRefused: () => undefined,
  });

  const sendMagicLink = () => {
    if (!form.validateField('email').hasError) magicLink.mutate(emailSchema.parse(email));
  };

  const failure = login.error ?? magicLink.error;
  return (
    <CenteredCard title="Log in">
      <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {isOnlySso(failure) ? (
                <Stack gap={4}>
                  <Text size="sm">{messages.onlySso}</Text>
                  <HrefLink href={withEmail(paths.sso, email)} size="sm">
                    Log in with SSO
                  </HrefLink>
                </Stack>
              ) : (
                failureMessage(failure)
              )}
            </Alert>
          )}
          <Button type="submit" loading={login.isPending}>
            Log in
          </Button>
          <Group justify="space-between">
            <HrefLink
              href={withEmail(inContentLab ? paths.contentLabForgotPassword : paths.forgotPassword, email)}
              size="sm"
            >
              Forgot password?
            </HrefLink>
            <Anchor component={Link} to={paths.contentLabSignup} size="sm">
              Create an account
            </Anchor>
          </Group>
          <Divider label="or" labelPosition="center" />
          <Button variant="default" loading={magicLink.isPending} onClick={sendMagicLink}>
            Email me a sign-in link
          </Button>
          <HrefLink href={withEmail(paths.sso, email)} size="sm" ta="center">
            Use single sign-on (SSO)
          </HrefLink>
        </Stack>
      </form>
    </CenteredCard>
  );
}
