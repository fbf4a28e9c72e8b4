import { useEvent } from '../features/events/events-api.ts';
import { BoothsPage } from '../features/rooms-booths/booths-page.tsx';
import { RoomsPage } from '../features/rooms-booths/rooms-page.tsx';
import { SelectVideosFromLibrary } from '../features/video-library/select-videos-from-library.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { RepeatingProgramme } from './repeating-programme.tsx';

/** Rooms and booths of an event with its type (hidden for webinars); app/ composes features. */
function EventRooms({ eventId }: { eventId: string }) {
  return <RoomsPage eventId={eventId} eventType={useEvent(eventId).data?.event_type} />;
}

function EventBooths({ eventId }: { eventId: string }) {
  const event = useEvent(eventId).data;
  return (
    <BoothsPage
      eventId={eventId}
      eventType={event?.event_type}
      workspace={event?.workspace?.id ?? null}
      VideoPicker={SelectVideosFromLibrary}
    />
  );
}

export const RoomsRoute = () => <EventRooms eventId={useRouteParam('eventId')} />;
export const BoothsRoute = () => <EventBooths eventId={useRouteParam('eventId')} />;

/** /repeating-event/$seriesId/programs/rooms and …/booths: held by the next occurrence. */
export const RepeatingRoomsRoute = () => (
  <RepeatingProgramme>{(eventId) => <EventRooms eventId={eventId} />}</RepeatingProgramme>
);
export const RepeatingBoothsRoute = () => (
  <RepeatingProgramme>{(eventId) => <EventBooths eventId={eventId} />}</RepeatingProgramme>
);
