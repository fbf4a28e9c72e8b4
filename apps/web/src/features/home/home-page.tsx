import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { offeredGettingStartedSteps, type Permission } from '@studio/domain';
import { IconUpload, IconUserPlus, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSignedInOrganization } from '../../api/identity.ts';
import { useAccess } from '../../session/use-access.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { homeQuery } from './home-api.ts';
import {
  CountsRow,
  GettingStartedCard,
  LiveEventsCard,
  RecentVideosCard,
  UpcomingEventsCard,
} from './home-cards.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** A quick action of the home's header: a link to the page where it is done. */
interface QuickAction {
  label: string;
  to: string;
  icon: Icon;
  /** The right the page's action demands: the link is offered only to those who hold it. */
  right: Permission;
}

const QUICK_ACTIONS: readonly QuickAction[] = [
  { label: 'Upload Video', to: '/videos', icon: IconUpload, right: 'video:update' },
  { label: 'Invite a teammate', to: '/settings-new/users', icon: IconUserPlus, right: 'user:manage' },
];

function QuickActionLink({ label, to, icon: ActionIcon }: QuickAction) {
  return (
    <Button
      variant="default"
      size="xs"
      component={Link}
      to={to}
      leftSection={<ActionIcon size={16} aria-hidden />}
    >
      {label}
    </Button>
  );
}

/**
 * OrgHome (/home): what is live, what comes next, recent videos, counts, quick actions and, for a
 * new organisation, the getting-started checklist. `createEvent` is the studio's create-event action.
 * A member is offered only what their rights let them do: the checklist is for those who set the
 * organisation up (create events), each step and quick action for those its page lets in.
 */
export function HomePage({ createEvent }: { createEvent: ReactNode }) {
  const { user, organization, organizationId } = useSignedInOrganization();
  const access = useAccess(organizationId);
  const home = useQuery(homeQuery);
  const welcome = `Welcome, ${user.first_name} ${user.last_name}.`;

  if (home.isPending || (!access.permissionsLoaded && !access.permissionsFailed))
    return <Loading label="Loading home" />;
  if (home.isError)
    return (
      <>
        <PageHeader title={organization.name} description={welcome} />
        <ErrorAlert error={home.error} />
      </>
    );
  const data = home.data;
  const canCreateEvents = access.can('event:create');
  const quickActions = (
    <>
      {createEvent}
      {QUICK_ACTIONS.filter((action) => access.can(action.right)).map((action) => (
        <QuickActionLink key={action.to} {...action} />
      ))}
    </>
  );
  const brandNew = !data.getting_started.first_event && !data.getting_started.first_video;
  const offeredSteps = offeredGettingStartedSteps((permission) => access.can(permission));
  const stepsLeft = offeredSteps.some((step) => !data.getting_started[step.key]);

  return (
    <Stack gap="lg">
      <PageHeader title={organization.name} description={welcome} actions={quickActions} />
      {brandNew && (
        <NoEventsYet
          canCreate={canCreateEvents}
          seesEveryTeam={access.can('workspace:read')}
          createEvent={createEvent}
        />
      )}
      {stepsLeft && <GettingStartedCard steps={data.getting_started} offered={offeredSteps} />}
      <CountsRow counts={data.counts} />
      {!brandNew && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <LiveEventsCard events={data.live_events} />
          <UpcomingEventsCard events={data.upcoming_events} />
          <RecentVideosCard videos={data.recent_videos} />
        </SimpleGrid>
      )}
      <Group>
        <Text size="xs" c="dimmed">
          Dates are shown in each event&apos;s time zone.
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * Home without an event the member sees: the way to the first event for those who create events;
 * for the others, why there is nothing — no events in the organisation yet, or none in their teams.
 */
function NoEventsYet({
  canCreate,
  seesEveryTeam,
  createEvent,
}: {
  canCreate: boolean;
  seesEveryTeam: boolean;
  createEvent: ReactNode;
}) {
  if (canCreate)
    return (
      <EmptyState
        title="Create your first event"
        message="Your organization has no events yet. Create one to set up its agenda, registration and look, then invite your team."
        action={createEvent}
      />
    );
  if (seesEveryTeam)
    return (
      <EmptyState
        title="No events yet"
        message="Your organization has no events yet. Someone who can create events will add them."
      />
    );
  return (
    <EmptyState
      title="You can't see any events yet"
      message="Ask an admin to add you to a team: you see the events of your teams."
    />
  );
}
