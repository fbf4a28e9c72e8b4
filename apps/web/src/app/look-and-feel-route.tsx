import { EventAppSettingsPanel } from '../features/event-app-settings/event-app-settings-panel.tsx';
import { LookAndFeelPage } from '../features/branding/look-and-feel-page.tsx';
import { LibraryVideoField } from '../features/video-library/library-video-field.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/**
 * Look and Feel with the video library's one-video field, and for an event its app's settings
 * (app/ composes features).
 */
export function LookAndFeelRoute() {
  const eventId = useRouteParam('eventId');
  return (
    <>
      <LookAndFeelPage VideoField={LibraryVideoField} />
      {eventId && <EventAppSettingsPanel eventId={eventId} />}
    </>
  );
}
