import { LiveInputsPage } from '../features/live-inputs/live-inputs-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { EventWithOrganization } from './event-with-organization.tsx';

/** /events/$eventId/programs/live-inputs: the event's RTMP inputs with its start (testing time) and plan. */
export function LiveInputsRoute() {
  return (
    <EventWithOrganization eventId={useRouteParam('eventId')} loading="Loading live inputs">
      {(event, organization) => <LiveInputsPage event={event} pricing={organization.pricing_config} />}
    </EventWithOrganization>
  );
}
