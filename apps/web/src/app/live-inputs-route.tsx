import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../api/identity.ts';
import { eventQuery } from '../features/events/events-api.ts';
import { LiveInputsPage } from '../features/live-inputs/live-inputs-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /events/$eventId/programs/live-inputs: the event's RTMP inputs with its start (testing time) and plan. */
export function LiveInputsRoute() {
  const event = useQuery(eventQuery(useRouteParam('eventId')));
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  const organization = useQuery({ ...organizationQuery(organizationId), enabled: Boolean(organizationId) });
  // The workspace layout answers a missing event; this waits for the shared queries.
  if (!event.data || !organization.data)
    return (
      <Center py="xl">
        <Loader aria-label="Loading live inputs" />
      </Center>
    );
  return <LiveInputsPage event={event.data} pricing={organization.data.pricing_config} />;
}
