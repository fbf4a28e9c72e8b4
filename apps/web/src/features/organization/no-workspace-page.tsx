import { Button, Stack, Text } from '@mantine/core';
import { useSignOut } from '../../session/use-sign-out.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';

/** /no-workspace: a team admin of an organisation with teams who belongs to none yet (spec 001 §2.4). */
export function NoWorkspacePage() {
  const signOut = useSignOut();
  return (
    <CenteredCard title="You are not in a team yet">
      <Stack>
        <Text>As a team admin you work inside your teams, and you do not belong to any team yet.</Text>
        <Text>Ask an organization admin to add you to a team, then sign in again.</Text>
        <Button variant="default" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Stack>
    </CenteredCard>
  );
}
