import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { paths } from '@studio/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { useSignIn, verifyMagicLink } from './auth-api.ts';

/** The magic link /auth/link/{email}/{secretCode}: verifies it once, signs in and opens OrgHome. */
export function MagicLinkPage() {
  const navigate = useNavigate();
  const email = useRouteParam('email');
  const secretCode = useRouteParam('secretCode');
  const verify = useSignIn(() => verifyMagicLink(email, secretCode), {
    onSignedIn: () => navigate({ href: paths.orgHome, replace: true }),
  });

  // The link is single-use: one verification per page, even when effects run twice.
  const started = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (!verify.isError) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Signing in" />
      </Center>
    );
  }
  return (
    <CenteredCard title="Sign-in link">
      <Stack>
        <Alert color="red" role="alert">
          {failureMessage(verify.error)}
        </Alert>
        <Anchor component={Link} to={paths.login}>
          Back to log in
        </Anchor>
      </Stack>
    </CenteredCard>
  );
}
