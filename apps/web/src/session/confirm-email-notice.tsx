import { Alert } from '@mantine/core';
import { paths } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/identity.ts';
import { HrefLink } from '../ui/href-link.tsx';

/**
 * A signed-in person whose address is not confirmed yet is sent to the code page, which brings
 * them back to `returnTo` once confirmed (organisation creation, Content Lab).
 */
export function ConfirmEmailNotice({ returnTo }: { returnTo: string }) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (user.email_verified) return null;
  const href = `${paths.confirmSignup}?${new URLSearchParams({ email: user.email, redirect: returnTo })}`;
  return (
    <Alert color="blue" title="Confirm your email address">
      We emailed a code to {user.email}. <HrefLink href={href}>Enter the code</HrefLink>
    </Alert>
  );
}
