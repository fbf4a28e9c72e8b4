import { EventRecordingsPage } from '../features/event-recordings/event-recordings-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { EventWithOrganization } from './event-with-organization.tsx';

/** /events/$eventId/recordings-new: the event's recordings, played with the organisation's HLS guard. */
export function EventRecordingsRoute() {
  return (
    <EventWithOrganization eventId={useRouteParam('eventId')} loading="Loading recordings">
      {(event, organization) => <EventRecordingsPage event={event} hlsGuard={organization.useHLSGuard} />}
    </EventWithOrganization>
  );
}
