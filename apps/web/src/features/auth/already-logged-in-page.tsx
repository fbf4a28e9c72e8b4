import { Button, Stack, Text } from '@mantine/core';
import { CONTENT_LAB_HREF, paths } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { currentUserQuery } from '../../api/identity.ts';
import { ForcedPasswordDialog } from '../../session/forced-password-dialog.tsx';
import { useSignOut } from '../../session/use-sign-out.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';

/**
 * ContentLabAlreadyLoggedIn: where a signed-in user without an organisation lands; a standalone
 * Content Lab user goes on to their content lab from here.
 */
export function AlreadyLoggedInPage() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const signOut = useSignOut();
  return (
    <CenteredCard title="You are already logged in">
      <Stack>
        <Text>
          Signed in as {user.first_name} {user.last_name} ({user.email}).
        </Text>
        <Text>Your account does not belong to an organization yet.</Text>
        {user.is_content_lab_standalone && (
          <>
            <Text>
              Your Content Lab is ready for your own projects; the rest of the studio opens with an
              organization.
            </Text>
            <Button component={Link} to={CONTENT_LAB_HREF}>
              Open Content Lab
            </Button>
          </>
        )}
        <Button
          component={Link}
          to={paths.createOrg}
          variant={user.is_content_lab_standalone ? 'default' : 'filled'}
        >
          Create an organization
        </Button>
        <Button variant="default" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Stack>
      <ForcedPasswordDialog />
    </CenteredCard>
  );
}
