import { AgendaPage } from '../features/agenda/agenda-page.tsx';
import { SessionSurveys } from '../features/surveys/session-surveys.tsx';
import { SurveysPanel } from '../features/surveys/surveys-panel.tsx';
import { SelectVideosFromLibrary } from '../features/video-library/select-videos-from-library.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { EventWithOrganization } from './event-with-organization.tsx';
import { RepeatingProgramme } from './repeating-programme.tsx';

/** The agenda builder of one event with its plan, the library's picker and the surveys (app/ composes features). */
function EventAgenda({ eventId }: { eventId: string }) {
  return (
    <EventWithOrganization eventId={eventId} loading="Loading the agenda">
      {(event, organization) => (
        <AgendaPage
          event={event}
          pricing={organization.pricing_config}
          VideoPicker={SelectVideosFromLibrary}
          SurveysPanel={SurveysPanel}
          SessionSurveys={SessionSurveys}
        />
      )}
    </EventWithOrganization>
  );
}

/** /events/$eventId/programs/agenda */
export function AgendaRoute() {
  return <EventAgenda eventId={useRouteParam('eventId')} />;
}

/** /repeating-event/$seriesId/programs/agenda: the repeating event's programme, held by its next occurrence. */
export function RepeatingAgendaRoute() {
  return <RepeatingProgramme>{(eventId) => <EventAgenda eventId={eventId} />}</RepeatingProgramme>;
}
