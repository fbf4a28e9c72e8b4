import { ViewersNowFigures } from '../features/analytics/viewers-now.tsx';
import { EventDashboardPage } from '../features/events/event-dashboard-page.tsx';
import { ReadinessList } from '../features/readiness/readiness-list.tsx';

/** The event's readiness warnings, as the dashboard shows them. */
function EventReadiness({ eventId }: { eventId: string }) {
  return <ReadinessList subject={{ kind: 'event', id: eventId }} />;
}

/**
 * /events/$eventId/dashboard (and the webinar and recording addresses): the cockpit with its
 * readiness list and the viewers now (engagement's presence, pushed).
 */
export function EventDashboardRoute() {
  return <EventDashboardPage Readiness={EventReadiness} ViewersNow={ViewersNowFigures} />;
}
