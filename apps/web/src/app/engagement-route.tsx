import { EngagementPage } from '../features/engagement/engagement-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { EventWithOrganization } from './event-with-organization.tsx';

/** /events/$eventId/engagement: the event's backstage (chat, Q&A and polls queues). */
export function EngagementRoute() {
  return (
    <EventWithOrganization eventId={useRouteParam('eventId')} loading="Loading the backstage">
      {(event) => <EngagementPage event={event} />}
    </EventWithOrganization>
  );
}
