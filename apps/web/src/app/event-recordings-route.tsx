import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../api/identity.ts';
import { EventRecordingsPage } from '../features/event-recordings/event-recordings-page.tsx';
import { eventQuery } from '../features/events/events-api.ts';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /events/$eventId/recordings-new: the event's recordings, played with the organisation's HLS guard. */
export function EventRecordingsRoute() {
  const event = useQuery(eventQuery(useRouteParam('eventId')));
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  const organization = useQuery({ ...organizationQuery(organizationId), enabled: Boolean(organizationId) });
  // The workspace layout answers a missing event; this waits for the shared queries.
  if (!event.data || !organization.data)
    return (
      <Center py="xl">
        <Loader aria-label="Loading recordings" />
      </Center>
    );
  return <EventRecordingsPage event={event.data} hlsGuard={organization.data.useHLSGuard} />;
}
