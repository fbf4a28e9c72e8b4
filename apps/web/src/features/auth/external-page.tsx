import { Anchor, Button, Stack, Text } from '@mantine/core';
import { paths, safeRedirectTarget } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSignOut } from '../../session/use-sign-out.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { useForcedPasswordChange } from '../../session/use-forced-password-change.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/**
 * External: after signing in with a temporary password, the person chooses their own before going
 * on (to the `redirect` target, else OrgHome).
 */
export function ExternalPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const redirectTarget = useSearchParam('redirect');
  const change = useForcedPasswordChange(queryClient, () =>
    navigate({ href: safeRedirectTarget(redirectTarget) ?? paths.orgHome, replace: true }),
  );

  return (
    <CenteredCard title="Set a new password">
      <form onSubmit={change.submit} noValidate>
        <Stack>
          <Text size="sm">
            You signed in with a temporary password. Choose your own password to continue.
          </Text>
          <NewPasswordFields value={change.value} onChange={change.setValue} error={change.problem} />
          {change.failure && <ErrorAlert>{change.failure}</ErrorAlert>}
          <Button type="submit" loading={change.pending} disabled={!change.canSubmit}>
            Submit
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
            Sign out
          </Anchor>
        </Stack>
      </form>
    </CenteredCard>
  );
}
