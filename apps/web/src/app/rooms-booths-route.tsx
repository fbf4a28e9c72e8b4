import { useEvent } from '../features/events/events-api.ts';
import { BoothsPage } from '../features/rooms-booths/booths-page.tsx';
import { RoomsPage } from '../features/rooms-booths/rooms-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** Rooms and booths with their event's type (hidden for webinars); app/ composes features. */
export function RoomsRoute() {
  return <RoomsPage eventType={useEvent(useRouteParam('eventId')).data?.event_type} />;
}

export function BoothsRoute() {
  return <BoothsPage eventType={useEvent(useRouteParam('eventId')).data?.event_type} />;
}
