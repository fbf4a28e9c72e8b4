import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { CONTENT_LAB_HREF, paths } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { currentUserQuery } from '../../api/identity.ts';
import { ForcedPasswordDialog } from '../../session/forced-password-dialog.tsx';
import { useSignOut } from '../../session/use-sign-out.ts';
import { CenteredCard } from '../../ui/centered-card.tsx';
import { formatDate } from '../../ui/formats.ts';
import { myEventKey, useMyEvents } from './auth-api.ts';

/**
 * ContentLabAlreadyLoggedIn: where a signed-in user without an organisation lands; a standalone
 * Content Lab user goes on to their content lab from here.
 */
export function AlreadyLoggedInPage() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const signOut = useSignOut();
  // Someone invited to speak or help at an event works in its event app, not here.
  const working = useMyEvents().count > 0;
  return (
    <CenteredCard title="You are already logged in">
      <Stack>
        <Text>
          Signed in as {user.first_name} {user.last_name} ({user.email}).
        </Text>
        <Text>Your account does not belong to an organization yet.</Text>
        <EventsYouWorkAt />
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
          variant={user.is_content_lab_standalone || working ? 'default' : 'filled'}
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

/**
 * The events the person speaks or works at, each opening its event app (backstage): an invited
 * speaker or producer who signs in here is pointed there rather than to creating an organisation.
 * Paged on the server: "Load more" reads the next page while there is one.
 */
function EventsYouWorkAt() {
  const { events, more, loadingMore, loadMore } = useMyEvents();
  if (events.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={500}>You are on the team of these events; each opens in its event app:</Text>
      {events.map((event) => (
        <Group key={myEventKey(event)} justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm">{event.title}</Text>
            <Text size="xs" c="dimmed">
              {event.role} · {formatDate(event.start_time)}
            </Text>
          </div>
          <Button
            component="a"
            href={event.event_app_url}
            size="xs"
            aria-label={`Open ${event.title} as ${event.role}`}
          >
            Open
          </Button>
        </Group>
      ))}
      {more && (
        <Center>
          <Button variant="light" size="xs" loading={loadingMore} onClick={loadMore}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
