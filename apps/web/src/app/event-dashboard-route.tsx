import { ViewersNowFigures } from '../features/analytics/viewers-now.tsx';
import { EventDashboardPage } from '../features/events/event-dashboard-page.tsx';
import { ReadinessList } from '../features/readiness/readiness-list.tsx';
import { LibraryVideoField } from '../features/video-library/library-video-field.tsx';

/** The event's readiness warnings, as the dashboard shows them. */
function EventReadiness({ eventId }: { eventId: string }) {
  return <ReadinessList subject={{ kind: 'event', id: eventId }} />;
}

/**
 * /events/$eventId/dashboard (and the webinar and recording addresses): the cockpit with its
 * readiness list, the viewers now (engagement's presence, pushed) and a recording's video field.
 */
export function EventDashboardRoute() {
  return (
    <EventDashboardPage
      Readiness={EventReadiness}
      ViewersNow={ViewersNowFigures}
      VideoField={LibraryVideoField}
    />
  );
}
