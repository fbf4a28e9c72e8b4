import { Anchor, Stack } from '@mantine/core';
import { paths, safeRedirectTarget } from '@studio/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { FullPageLoader } from '../../ui/full-page-message.tsx';
import { useOnceOnOpen } from '../../ui/use-once-on-open.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { useSignIn, verifyMagicLink } from './auth-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** The magic link /auth/link/{email}/{secretCode}: verifies it once, signs in and opens `?redirect=` or OrgHome. */
export function MagicLinkPage() {
  const navigate = useNavigate();
  const email = useRouteParam('email');
  const secretCode = useRouteParam('secretCode');
  const verify = useSignIn('magic_link', () => verifyMagicLink(email, secretCode), {
    // An invitation's link may name the page it opens (a sponsor's booth).
    onSignedIn: () =>
      navigate({
        href:
          safeRedirectTarget(new URLSearchParams(window.location.search).get('redirect')) ?? paths.orgHome,
        replace: true,
      }),
  });

  // The link is single-use: one verification per page.
  const { mutate } = verify;
  useOnceOnOpen(() => mutate());

  if (!verify.isError) return <FullPageLoader label="Signing in" />;
  return (
    <CenteredCard title="Sign-in link">
      <Stack>
        <ErrorAlert error={verify.error} />
        <Anchor component={Link} to={paths.login}>
          Back to log in
        </Anchor>
      </Stack>
    </CenteredCard>
  );
}
