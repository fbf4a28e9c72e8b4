import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { gettingStartedDone } from '@studio/domain';
import { IconUpload, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSignedInOrganization } from '../../api/identity.ts';
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

/**
 * OrgHome (/home): what is live, what comes next, recent videos, counts, quick actions and, for a
 * new organisation, the getting-started checklist. `createEvent` is the studio's create-event action.
 */
export function HomePage({ createEvent }: { createEvent: ReactNode }) {
  const { user, organization } = useSignedInOrganization();
  const home = useQuery(homeQuery);
  const welcome = `Welcome, ${user.first_name} ${user.last_name}.`;

  if (home.isPending) return <Loading label="Loading home" />;
  if (home.isError)
    return (
      <>
        <PageHeader title={organization.name} description={welcome} />
        <ErrorAlert error={home.error} />
      </>
    );
  const data = home.data;
  const quickActions = (
    <>
      {createEvent}
      <Button
        variant="default"
        size="xs"
        component={Link}
        to="/videos"
        leftSection={<IconUpload size={16} aria-hidden />}
      >
        Upload Video
      </Button>
      <Button
        variant="default"
        size="xs"
        component={Link}
        to="/settings-new/users"
        leftSection={<IconUserPlus size={16} aria-hidden />}
      >
        Invite a teammate
      </Button>
    </>
  );
  const brandNew = !data.getting_started.first_event && !data.getting_started.first_video;

  return (
    <Stack gap="lg">
      <PageHeader title={organization.name} description={welcome} actions={quickActions} />
      {brandNew && (
        <EmptyState
          title="Create your first event"
          message="Your organisation has no events yet. Create one to set up its agenda, registration and look, then invite your team."
          action={createEvent}
        />
      )}
      {!gettingStartedDone(data.getting_started) && <GettingStartedCard steps={data.getting_started} />}
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
